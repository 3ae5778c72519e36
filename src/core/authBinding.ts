// KEY ORIGIN BINDING: a credential is attached only when the request goes to the origin it
// belongs to (api-key → the environment's gateway origin, AccessKey → its boarding origin).
// Requests anywhere else are refused outright, whatever a request file or a setting says.

import type { AuthSurface } from '../catalog/types';
import { originsOf, type Credentials, type Environment } from './environment';
import { GatewayError } from './gatewayErrors';
import { isAuthHeader } from './authHeaders';

/** The interface's rule: `/rest/` paths use the api-key surface, `/api/` paths use AccessKey. */
export function surfaceOfPath(pathname: string): AuthSurface | undefined {
  if (pathname.startsWith('/rest/') || pathname.includes('/rest/')) return 'api-key';
  if (pathname.startsWith('/api/') || pathname.includes('/api/')) return 'access-key';
  return undefined;
}

const SURFACE_ORIGIN: Readonly<Record<AuthSurface, 'gateway' | 'boarding'>> = {
  'api-key': 'gateway',
  'access-key': 'boarding',
};

/**
 * Returns the auth headers for `url` on `surface` (from the path when not given), after
 * checking that the URL's origin is the one the credential is bound to. Throws an
 * `origin-refused` GatewayError otherwise.
 */
export function authHeadersFor(
  environment: Environment,
  credentials: Credentials,
  url: URL,
  surface: AuthSurface | undefined = surfaceOfPath(url.pathname),
): Record<string, string> {
  const origins = originsOf(environment);
  const resolved = surface ?? (url.origin === origins.gateway ? 'api-key' : url.origin === origins.boarding ? 'access-key' : undefined);
  const family = resolved ? SURFACE_ORIGIN[resolved] : undefined;
  if (!resolved || !family || url.origin !== origins[family]) {
    const expected = family ? `${family} origin ${origins[family]}` : `${origins.gateway} or ${origins.boarding}`;
    throw new GatewayError(
      'origin-refused',
      `Refusing to send to ${url.origin}: environment "${environment.name}" keys are bound to its ${expected}. ` +
        'Use {{gatewayUrl}} or {{boardingUrl}} in the request, or pick the environment that owns this URL.',
    );
  }
  if (resolved === 'api-key') return credentials.apiKey ? { 'api-key': credentials.apiKey } : {};
  return {
    ...(credentials.accessKey ? { AccessKey: credentials.accessKey } : {}),
    ...(credentials.merchantId ? { MerchantId: credentials.merchantId } : {}),
  };
}

/** Caller headers with any credential header removed (credentials come only from authHeadersFor). */
export function withoutAuthHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  // By key, not Object.entries: no [name, value] array per header of every request.
  for (const name of Object.keys(headers)) {
    if (!isAuthHeader(name)) out[name] = headers[name];
  }
  return out;
}
