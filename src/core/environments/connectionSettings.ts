// An environment's URLs and keys as the variables our CLI, the generated programs and the
// exactly-once runner read (GATEWAY_URL, BOARDING_URL, GATEWAY_API_KEY, GATEWAY_ACCESS_KEY,
// GATEWAY_MERCHANT_ID: src/core/environments/environmentKeys.ts, src/core/codegen/parameters.ts,
// src/cli/exactlyOnce/appRun.ts), written as `.env` lines or shell exports that nothing in a value
// or a name can break out of: every value is one single-quoted shell word, and the environment's
// name only appears in a comment with its control characters replaced.

import type { Credentials, Environment } from './environment';

export interface ConnectionVariable {
  name: string;
  value: string;
  /** A key: never shown, only copied or handed to a process's environment. */
  secret: boolean;
}

export type ConnectionFormat = 'dotenv' | 'shell';

/**
 * The variables for `env`, in a fixed order; an empty URL or an unset key is left out.
 * GATEWAY_BOARDING_URL repeats BOARDING_URL under the GATEWAY_ prefix the others share.
 */
export function connectionVariables(env: Environment, credentials: Credentials): ConnectionVariable[] {
  const all: ConnectionVariable[] = [
    { name: 'GATEWAY_URL', value: env.gatewayUrl, secret: false },
    { name: 'BOARDING_URL', value: env.boardingUrl, secret: false },
    { name: 'GATEWAY_BOARDING_URL', value: env.boardingUrl, secret: false },
    { name: 'GATEWAY_API_KEY', value: credentials.apiKey ?? '', secret: true },
    { name: 'GATEWAY_ACCESS_KEY', value: credentials.accessKey ?? '', secret: true },
    { name: 'GATEWAY_MERCHANT_ID', value: credentials.merchantId ?? '', secret: false },
  ];
  return all.filter(v => v.value !== '');
}

/** Whether the user holds a key of `env` (what there is to connect with). */
export const holdsKeys = (credentials: Credentials | undefined): boolean => !!(credentials?.apiKey || credentials?.accessKey);

/** `'…'` with `'` written `'\''`: nothing inside is expanded by any POSIX shell (`$()`, backticks, `!` included). */
const shellQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** A value no .env line can carry as it is: a NUL, or both quote kinds' hazards at once. */
export class ConnectionSettingsError extends Error {}

/**
 * A .env value: single-quoted (dotenv, python-dotenv, docker compose and `set -a; . ./.env` all
 * take it literally) unless it holds `'` or a line break; then double-quoted if nothing in it is
 * special there; else an error naming the variable (never the value).
 */
function dotenvQuoted(variable: ConnectionVariable): string {
  const { value } = variable;
  if (!/['\r\n\0]/.test(value)) return `'${value}'`;
  if (!/["\\$`\r\n\0]/.test(value)) return `"${value}"`;
  throw new ConnectionSettingsError(`${variable.name} holds characters a .env line cannot carry safely (a quote with a line break, \\, $ or \`): copy it as shell exports instead.`);
}

/** A comment line: the name with line breaks and other control characters as spaces. */
const commentLine = (text: string): string => `# ${text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')}`;

/** The lines to paste, with a comment naming the environment; every line ends with a newline. */
export function connectionSettingsText(environmentName: string, variables: readonly ConnectionVariable[], format: ConnectionFormat): string {
  if (variables.some(v => v.value.includes('\0'))) throw new ConnectionSettingsError('a value holds a NUL character, which neither a shell nor a .env file can carry');
  const lines = [
    commentLine(`Gateway Workbench: ${environmentName}. Holds keys: keep it out of version control.`),
    ...variables.map(v => (format === 'shell' ? `export ${v.name}=${shellQuoted(v.value)}` : `${v.name}=${dotenvQuoted(v)}`)),
  ];
  return `${lines.join('\n')}\n`;
}
