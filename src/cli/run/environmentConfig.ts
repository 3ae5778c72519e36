// The environments a headless run can use, read from a JSON file shaped like the extension's
// `gatewayWorkbench.environments` setting. Keys never live in that file: a run reads them from
// environment variables, so the file can be committed beside the request files.

import { readFile } from 'node:fs/promises';
import { environmentProblem, type StoredEnvironment } from '../../core/environments/environmentSchema';
import { UsageError, type CliOption } from '../cliCommand';

/** An entry of the file (the schema in core/environmentSchema.ts), readOnly made explicit. */
export type ConfiguredEnvironment = Required<StoredEnvironment>;

const DEFAULT_CONFIG_FILE = 'gateway-workbench.json';

/** `--config FILE`, as `run` and `proxy` take it. */
export const CONFIG_OPTION = {
  name: 'config', type: 'string', value: 'FILE',
  text: `The environments file, for --env NAME. Default: $GATEWAY_WORKBENCH_CONFIG, else ./${DEFAULT_CONFIG_FILE}. Shaped like the gatewayWorkbench.environments setting: {"environments": [{"name": "Staging", "kind": "sandbox", "gatewayUrl": "https://…", "boardingUrl": "https://…"}]}; a key in it is refused.`,
} as const satisfies CliOption;

/** Property names that would hold a credential, wherever they appear in the file. */
const KEY_LIKE = /key|secret|token|password|credential|authorization|merchantid/i;

/** `--config`, else `GATEWAY_WORKBENCH_CONFIG`, else `./gateway-workbench.json`. */
export function configPathFrom(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  return flag ?? env.GATEWAY_WORKBENCH_CONFIG ?? DEFAULT_CONFIG_FILE;
}

function keyProperty(value: unknown, at: string): string | undefined {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = keyProperty(item, `${at}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [name, inner] of Object.entries(value)) {
    if (KEY_LIKE.test(name)) return `${at}.${name}`;
    const found = keyProperty(inner, `${at}.${name}`);
    if (found) return found;
  }
  return undefined;
}

/** The environments of a config file's text; a UsageError naming the file and the problem. */
export function parseEnvironmentConfig(text: string, file: string): ConfiguredEnvironment[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${file} is not valid JSON (${(err as Error).message})`);
  }
  const key = keyProperty(value, '$');
  if (key) {
    throw new UsageError(`${file} holds a key at ${key}: keys belong in environment variables (GATEWAY_API_KEY, GATEWAY_ACCESS_KEY, GATEWAY_MERCHANT_ID), not in the config file; remove it`);
  }
  const environments = (value as { environments?: unknown } | null)?.environments;
  if (!Array.isArray(environments)) throw new UsageError(`${file} must be {"environments": [{"name", "kind", "gatewayUrl", "boardingUrl", "readOnly"?}, …]}`);
  const seen = new Set<string>();
  return environments.map((entry, i) => {
    const problem = environmentProblem(entry, `environments[${i}]`);
    if (problem) throw new UsageError(`${file}: ${problem}`);
    const e = entry as ConfiguredEnvironment;
    if (seen.has(e.name)) throw new UsageError(`${file}: two environments are named "${e.name}"; names must be unique`);
    seen.add(e.name);
    return { name: e.name, kind: e.kind, gatewayUrl: e.gatewayUrl.trim(), boardingUrl: e.boardingUrl.trim(), readOnly: e.readOnly === true };
  });
}

/** `advice` ends the message when the file cannot be read (the caller knows what to suggest). */
export async function readEnvironmentConfig(file: string, advice = 'pass --config FILE or set GATEWAY_WORKBENCH_CONFIG'): Promise<ConfiguredEnvironment[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'it does not exist' : (err as Error).message;
    throw new UsageError(`cannot read the config file ${file}: ${why}; ${advice}`);
  }
  return parseEnvironmentConfig(text, file);
}
