// How a request file's `{{variables}}` get their values: the environment's URLs, the file's
// `@name = value` variables (which may use each other), system variables (`{{$guid}}`), and
// `{{name.path}}` values from earlier NAMED requests of the same file (their answers, and REST
// Client's `{{name.request.body.$.invoice}}` forms: namedExchange.ts). Shared by the CLI runner
// and the extension.
import { substituteVariables } from '../requestFile/variables';
import { fillBodyFilePath, type FilledBodyFilePath } from '../requestFile/bodyFilePath';
import { namedExchangeValue, type NamedExchange } from './namedExchange';

export interface VariableSources {
  /** `gatewayUrl`, `boardingUrl`. */
  builtins: Readonly<Record<string, string>>;
  fileVariables: ReadonlyArray<{ name: string; value: string }>;
  /** Earlier named requests' exchanges (answer and request as sent), by the request's `@name`. */
  namedResponses: ReadonlyMap<string, NamedExchange>;
  /** System variables' values (`$guid`, `$randomInt 1 100`), made at each use; without it they have none. */
  systemValue?: (inside: string) => string | undefined;
}

const MAX_DEPTH = 10;

/** A resolver for `substituteVariables`: undefined for a name nothing defines. */
export function createVariableResolver(sources: VariableSources): (name: string) => string | undefined {
  const fileValues = new Map(sources.fileVariables.map((v) => [v.name, v.value]));
  const resolve = (name: string, depth: number): string | undefined => {
    if (depth > MAX_DEPTH) return undefined; // a variable that (indirectly) uses itself
    const builtin = sources.builtins[name];
    if (builtin !== undefined) return builtin;
    const fileValue = fileValues.get(name);
    if (fileValue !== undefined) {
      const filled = substituteVariables(fileValue, (inner) => resolve(inner, depth + 1));
      return filled.unresolved.length === 0 ? filled.text : undefined;
    }
    // After the file's own: "@$total = 1" is a file variable the parser takes.
    if (name.startsWith('$')) return sources.systemValue?.(name);
    const dot = name.search(/[.[]/);
    if (dot <= 0) return undefined;
    const exchange = sources.namedResponses.get(name.slice(0, dot));
    return exchange === undefined ? undefined : namedExchangeValue(exchange, name.slice(dot).replace(/^\./, ''));
  };
  return (name) => resolve(name, 0);
}

/** No named exchanges: for a resolver that must never read a response (a body file's path). */
export const NO_RESPONSES: ReadonlyMap<string, NamedExchange> = new Map();

/**
 * A body file's path filled in from a file's `@name = value` variables (and `builtins`, where the
 * caller knows the environment's), never a response's: for those that fill a path outside a run
 * (code generation, the settings diff, the editor). A run fills it with its own resolver (prepare.ts).
 */
export function bodyFilePathFromVariables(written: string, fileVariables: VariableSources['fileVariables'], builtins: VariableSources['builtins'] = {}): FilledBodyFilePath {
  return fillBodyFilePath(written, createVariableResolver({ builtins, fileVariables, namedResponses: NO_RESPONSES }));
}
