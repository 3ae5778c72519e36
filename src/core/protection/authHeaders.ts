// The header names that carry credentials, in one list: the client strips them from whatever a
// caller or a request file wrote (and sets the environment's own), the run engine reports them
// as ignored, and the language server flags them in request files.

/** Lower-case, with the spellings people paste from other tools. */
const AUTH_HEADER_NAMES: readonly string[] = ['api-key', 'api_key', 'apikey', 'accesskey', 'access-key', 'merchantid', 'authorization'];

export function isAuthHeader(name: string): boolean {
  return AUTH_HEADER_NAMES.includes(name.toLowerCase());
}
