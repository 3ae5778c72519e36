// Keys for a configured environment, from environment variables only: GATEWAY_API_KEY,
// GATEWAY_ACCESS_KEY and GATEWAY_MERCHANT_ID, each overridable per environment with a
// `_<NAME>` suffix (the name upper-cased, anything not a letter or digit turned into `_`).

import type { Credentials } from './environment';

const VARIABLES: ReadonlyArray<{ field: keyof Credentials; variable: string }> = [
  { field: 'apiKey', variable: 'GATEWAY_API_KEY' },
  { field: 'accessKey', variable: 'GATEWAY_ACCESS_KEY' },
  { field: 'merchantId', variable: 'GATEWAY_MERCHANT_ID' },
];

/** `Staging EU` → `STAGING_EU`. */
function environmentSuffix(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]/g, '_');
}

/** The variable names that would hold `field` for environment `name`, most specific first. */
export function keyVariableNames(field: keyof Credentials, name: string): string[] {
  const base = VARIABLES.find((v) => v.field === field)?.variable ?? '';
  return [`${base}_${environmentSuffix(name)}`, base];
}

export function credentialsFromEnv(name: string, env: NodeJS.ProcessEnv): Credentials {
  const credentials: Credentials = {};
  for (const { field } of VARIABLES) {
    const value = keyVariableNames(field, name).map((v) => env[v]?.trim()).find((v) => !!v);
    if (value) credentials[field] = value;
  }
  return credentials;
}
