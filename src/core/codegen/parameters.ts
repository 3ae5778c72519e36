// The values a generated program reads from its environment instead of carrying them: the base
// URLs, the keys (never a literal), and every value the request file could not give — a chained
// `{{sale1.payload.transaction.id}}` becomes SALE1_TRANSACTION_ID, with a comment saying where
// to get it. One naming scheme for every language, so the README and the tests can name them.

import { runValueOf, type RunValue } from './runValues';
import { namesASecret } from '../runner/prompts';

export interface Parameter {
  /** The environment variable, upper snake case: `GATEWAY_URL`, `SALE1_TRANSACTION_ID`. */
  name: string;
  /** One line for the program's comment: what the value is and where it comes from. */
  doc: string;
  /** A value to use when the variable is unset; keys never have one. */
  fallback?: string;
  /** Keys: read, sent, never printed. */
  secret?: boolean;
  /** A system variable the program makes afresh at each run when the variable is unset (`fallback` where a language cannot). */
  madeEachRun?: RunValue;
}

/** The request file's built-in variables and the variables their values come from. */
export const BUILTIN_PARAMETERS: ReadonlyArray<{ variable: string; parameter: Parameter }> = [
  { variable: 'gatewayUrl', parameter: { name: 'GATEWAY_URL', doc: 'base URL of the gateway (paths under /rest/)' } },
  { variable: 'boardingUrl', parameter: { name: 'BOARDING_URL', doc: 'base URL of boarding (paths under /api/)' } },
  { variable: 'merchantId', parameter: { name: 'GATEWAY_MERCHANT_ID', doc: 'your merchant number' } },
];

export const CREDENTIAL_PARAMETERS = {
  apiKey: { name: 'GATEWAY_API_KEY', doc: 'the api-key of your environment (never write it into the code)', secret: true },
  accessKey: { name: 'GATEWAY_ACCESS_KEY', doc: 'the AccessKey of your environment (never write it into the code)', secret: true },
  merchantId: { name: 'GATEWAY_MERCHANT_ID', doc: 'your merchant number, sent as the MerchantId header' },
} as const satisfies Record<string, Parameter>;

/** `achToken`, `token-id`, `merchantNumber` → `ACH_TOKEN`, `TOKEN_ID`, `MERCHANT_NUMBER`. */
export function upperSnake(words: readonly string[]): string {
  return words
    .flatMap((w) => w.replace(/([a-z0-9])([A-Z])/g, '$1_$2').split(/[^A-Za-z0-9]+/))
    .filter((w) => w !== '')
    .join('_')
    .toUpperCase()
    .replace(/^(\d)/, '_$1');
}

/** Segments of a response path that say nothing about the value (REST Client's `response.body.$` among them). */
const NOISE = new Set(['payload', 'response', 'request', 'body', 'headers', '$', '*']);
/** Last segments too generic to name a value alone: `transaction.id` says more than `id`. */
const GENERIC = new Set(['id', 'value', 'name', 'number']);

/** `sale1.payload.transaction.id` → SALE1_TRANSACTION_ID. */
export function parameterForResponseValue(variable: string): Parameter {
  const [request, ...path] = variable.split(/\.|\[\d+\]/).filter((s) => s !== '');
  const useful = path.filter((s) => !NOISE.has(s));
  const last = useful[useful.length - 1] ?? 'value';
  const words = GENERIC.has(last.toLowerCase()) && useful.length > 1 ? useful.slice(-2) : [last];
  const rest = variable.slice((request ?? '').length).replace(/^\./, '');
  const sent = rest.startsWith('request.');
  return { name: upperSnake([request ?? 'value', ...words]), doc: `${rest} of the "${request}" ${sent ? 'request as sent' : 'response'} (send that request first)` };
}

/** A request's `# @prompt` variable: asked for at each send in the editor; one named like a secret is read as one. */
export function parameterForPrompt(variable: string, question?: string): Parameter {
  const doc = `{{${variable}}}: asked for at each send in the editor (# @prompt${question ? `: "${question}"` : ''})`;
  return namesASecret(variable) ? { name: upperSnake([variable]), doc, secret: true } : { name: upperSnake([variable]), doc };
}

/** A `{{name}}` nothing in the file defines. */
export function parameterForVariable(variable: string): Parameter {
  return { name: upperSnake([variable]), doc: `{{${variable}}}: the file gives it no value` };
}

/** A path parameter of a catalog operation. */
export function parameterForPath(name: string, doc?: string): Parameter {
  return { name: upperSnake([name]), doc: doc ?? `the {${name}} of the path` };
}

/**
 * A system variable (`{{$guid}}`, `{{$randomInt 1000 10000}}`): the request file makes a new value
 * at each send, and so does the program at each run, unless its variable is set; one no language
 * can make alike (a Day.js format, a local time) carries the value made when it was generated.
 */
export function parameterForSystemVariable(inside: string, madeNow: string): Parameter {
  const name = parameterForVariable(inside).name;
  const made = runValueOf(inside);
  if (made) return { name, doc: `{{${inside}}}: made afresh at each run, as the request file makes it at each send`, fallback: madeNow, madeEachRun: made };
  return { name, doc: `{{${inside}}}: a new value at each send from the request file; this program's was made when it was generated`, fallback: madeNow };
}
