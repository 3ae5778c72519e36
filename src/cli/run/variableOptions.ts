// `--var NAME=VALUE`: a value for a request file's variable from the command line, in place of the
// file's own `@NAME = value` (or where the file has none) — one request file run in CI with other
// amounts, cards or merchant data per job, as httpYac's CLI takes `--var`. A value may hold
// `{{…}}` like a file variable's (`--var invoice=INV-{{$randomInt 1000 10000}}`).
import { BUILTIN_VARIABLES, isSystemVariable } from '../../core/requestFile';
import { UsageError } from '../cliCommand';

export interface VariableOverride {
  name: string;
  value: string;
}

/** The names a file variable may have (the parser's `@name = value`). */
const NAME = /^[A-Za-z_$][\w$-]*$/;

/** Each `--var` as a name and its value, the last of a name winning; a UsageError says what is wrong with one. */
export function variableOverridesOf(raw: readonly string[] | undefined): VariableOverride[] {
  const byName = new Map<string, string>();
  for (const given of raw ?? []) {
    const at = given.indexOf('=');
    const name = at < 0 ? given : given.slice(0, at).trim();
    if (at < 0 || !NAME.test(name)) throw new UsageError(`--var takes NAME=VALUE, as --var amount=0.21, not "${given}"`);
    if (BUILTIN_VARIABLES.some((b) => b.name === name)) throw new UsageError(`--var ${name}: {{${name}}} is the environment's, not the file's: choose the environment with --env`);
    if (isSystemVariable(name)) throw new UsageError(`--var ${name}: {{${name}…}} names a system variable, made at each use; give another name`);
    byName.set(name, given.slice(at + 1));
  }
  return [...byName].map(([name, value]) => ({ name, value }));
}
