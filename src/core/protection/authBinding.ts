// KEY ORIGIN BINDING: a credential is attached only when the request goes to the origin it
// belongs to (api-key → the environment's gateway origin, AccessKey → its boarding origin).
// Requests anywhere else are refused outright, whatever a request file or a setting says.

import type { AuthSurface } from '../../catalog/types';
import { originsOf, type Credentials, type Environment } from '../environments/environment';
import { GatewayError } from '../http/gatewayErrors';
import { isAuthHeader } from './authHeaders';

/** The interface's rule: `/rest/` paths use the api-key surface, `/api/` paths use AccessKey (under a base path too). */
export function surfaceOfPath(pathname: string): AuthSurface | undefined {
  if (pathname.includes('/rest/')) return 'api-key';
  if (pathname.includes('/api/')) return 'access-key';
  return undefined;
}

/** The environment's two address families: the gateway (`/rest/`) and boarding (`/api/`). */
export type OriginFamily = 'gateway' | 'boarding';

const SURFACE_ORIGIN: Readonly<Record<AuthSurface, OriginFamily>> = {
  'api-key': 'gateway',
  'access-key': 'boarding',
};
const FAMILY_SURFACE: Readonly<Record<OriginFamily, AuthSurface>> = { gateway: 'api-key', boarding: 'access-key' };
/** What a generated program calls each family's base URL. */
const BASE_URL_VARIABLE: Readonly<Record<OriginFamily, string>> = { gateway: 'GATEWAY_URL', boarding: 'BOARDING_URL' };

/**
 * Where a URL's origin comes from: one of the environment's base URLs (a generated program's
 * GATEWAY_URL / BOARDING_URL, whatever it holds when the program runs), or an origin known now.
 */
export type UrlOrigin = { family: OriginFamily } | { origin: string };

type KeyBinding = { ok: true; surface: AuthSurface } | { ok: false; origin: string; expected: string };

/**
 * THE origin rule, one function for every front end (the client the runner and the extension
 * send with, the proxy, generated code): a key goes only to its own environment's origin for its
 * family — the api-key (`/rest/`) to the gateway origin, AccessKey and MerchantId (`/api/`) to the
 * boarding origin. Anything else gets no key: the client refuses to send it, a generated program
 * sends it without one. `origins`: the environment's, where known (code generation may know none).
 */
export function keyBinding(
  from: UrlOrigin,
  pathname: string,
  origins: Partial<Readonly<Record<OriginFamily, string>>>,
  surface: AuthSurface | undefined = surfaceOfPath(pathname),
): KeyBinding {
  const byFamily = 'family' in from ? from.family : undefined;
  const origin = 'family' in from ? origins[from.family] : from.origin;
  const shown = 'family' in from ? origin ?? BASE_URL_VARIABLE[from.family] : from.origin;
  // A path of neither family takes the family of the origin it goes to.
  const familyOfOrigin = byFamily ?? (origin === origins.gateway ? 'gateway' : origin === origins.boarding ? 'boarding' : undefined);
  const resolved = surface ?? (familyOfOrigin ? FAMILY_SURFACE[familyOfOrigin] : undefined);
  if (resolved === undefined) return { ok: false, origin: shown, expected: `${origins.gateway ?? 'GATEWAY_URL'} or ${origins.boarding ?? 'BOARDING_URL'}` };
  const family = SURFACE_ORIGIN[resolved];
  // One base URL of the environment (the family's own, or another on the very same origin), or the family's origin itself.
  const bound = byFamily ? byFamily === family || (origin !== undefined && origin === origins[family]) : origin === origins[family];
  return bound ? { ok: true, surface: resolved } : { ok: false, origin: shown, expected: `${family} origin ${origins[family] ?? `(${BASE_URL_VARIABLE[family]})`}` };
}

/**
 * Returns the auth headers for `url` on `surface` (from the path when not given), after
 * checking that the URL's origin is the one the credential is bound to (keyBinding). Throws an
 * `origin-refused` GatewayError otherwise.
 */
export function authHeadersFor(
  environment: Environment,
  credentials: Credentials,
  url: URL,
  surface: AuthSurface | undefined = surfaceOfPath(url.pathname),
): Record<string, string> {
  const binding = keyBinding({ origin: url.origin }, url.pathname, originsOf(environment), surface);
  if (!binding.ok) {
    throw new GatewayError(
      'origin-refused',
      `Refusing to send to ${url.origin}: environment "${environment.name}" keys are bound to its ${binding.expected}. ` +
        'Use {{gatewayUrl}} or {{boardingUrl}} in the request, or pick the environment that owns this URL.',
    );
  }
  if (binding.surface === 'api-key') return credentials.apiKey ? { 'api-key': credentials.apiKey } : {};
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
