// The one definition of a user environment's shape, as JSON Schema. It is the source of the
// `gatewayWorkbench.environments` setting's schema (package.json), of the schema VS Code uses to
// check `gateway-workbench.json` (contributes.jsonValidation, schemas/gateway-workbench.schema.json)
// and of the checks the CLI and the extension run on an entry (`environmentProblem`). Keys are
// never part of it: they live in SecretStorage or in environment variables.
import { validateEnvironmentUrl, type EnvironmentKind } from './environment';

export type UserEnvironmentKind = Exclude<EnvironmentKind, 'local'>;
export const USER_ENVIRONMENT_KINDS: readonly UserEnvironmentKind[] = ['sandbox', 'production', 'custom'];

/** An environment as the setting and the CLI's config file hold it (never with keys). */
export interface StoredEnvironment {
  name: string;
  kind: UserEnvironmentKind;
  gatewayUrl: string;
  boardingUrl: string;
  readOnly?: boolean;
}

const URL_RULE = 'https, except on loopback (127.0.0.1, localhost)';

/** One environment. `format: uri` lets editors flag a malformed URL as it is typed. */
export const environmentSchema = {
  type: 'object',
  required: ['name', 'kind', 'gatewayUrl', 'boardingUrl'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, description: 'Unique name shown in the tree and the status bar.' },
    kind: { type: 'string', enum: [...USER_ENVIRONMENT_KINDS], description: 'Production environments ask for confirmation before money moves.' },
    gatewayUrl: { type: 'string', format: 'uri', description: `Base URL serving /rest/ (${URL_RULE}).` },
    boardingUrl: { type: 'string', format: 'uri', description: `Base URL serving /api/ (${URL_RULE}).` },
    readOnly: { type: 'boolean', default: false, description: 'Refuse every operation that is not a read.' },
  },
} as const;

type PropertyName = keyof typeof environmentSchema.properties;
const PROPERTY_NAMES = Object.keys(environmentSchema.properties) as PropertyName[];

/** The CLI's config file, `gateway-workbench.json`: `{"environments": [...]}`. */
export const environmentFileSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Gateway Workbench environments (gateway-workbench.json)',
  description: 'Environments for `gateway-workbench run --env NAME`. Keys are never written here: they come from GATEWAY_API_KEY, GATEWAY_ACCESS_KEY and GATEWAY_MERCHANT_ID (or GATEWAY_API_KEY_<NAME> …).',
  type: 'object',
  required: ['environments'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    environments: { type: 'array', items: environmentSchema },
  },
} as const;

const isUserKind = (kind: unknown): kind is UserEnvironmentKind =>
  typeof kind === 'string' && (USER_ENVIRONMENT_KINDS as readonly string[]).includes(kind);

/**
 * The first problem with one entry, phrased for a person, else undefined. It reads the schema
 * (required, additionalProperties, types, enum, minLength) and adds what a schema cannot say:
 * the URL rules. Hand-read rather than a JSON Schema library: five keywords do not justify
 * ~100 KB more in the CLI and the extension runtime.
 */
export function environmentProblem(entry: unknown, at = 'environment'): string | undefined {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return `${at} is not an object`;
  const e = entry as Record<string, unknown>;
  const unknown = Object.keys(e).find(k => !(PROPERTY_NAMES as string[]).includes(k));
  if (unknown) return `${at} has an unknown property "${unknown}" (known: ${PROPERTY_NAMES.join(', ')})`;
  for (const name of environmentSchema.required) {
    if (e[name] === undefined) return `${at}.${name} is missing`;
  }
  if (typeof e.name !== 'string' || e.name.trim() === '') return `${at}.name must be a non-empty string`;
  if (!isUserKind(e.kind)) return `${at}.kind must be one of ${USER_ENVIRONMENT_KINDS.join(', ')}`;
  for (const url of ['gatewayUrl', 'boardingUrl'] as const) {
    if (typeof e[url] !== 'string') return `${at}.${url} must be a URL string`;
    const invalid = validateEnvironmentUrl(e[url]);
    if (invalid) return `${at}.${url}: ${invalid}`;
  }
  if (e.readOnly !== undefined && typeof e.readOnly !== 'boolean') return `${at}.readOnly must be true or false`;
  return undefined;
}

export { isUserKind };
