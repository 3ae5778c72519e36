// Where requests go. Credentials travel beside an environment, never inside it: the core is
// handed them per client and never stores them.

export type EnvironmentKind = 'local' | 'sandbox' | 'production' | 'custom';

export interface Environment {
  name: string;
  kind: EnvironmentKind;
  /** Serves paths under `/rest/`. */
  gatewayUrl: string;
  /** Serves paths under `/api/`. */
  boardingUrl: string;
}

export interface Credentials {
  /** `api-key` header for `/rest/` operations. */
  apiKey?: string;
  /** `AccessKey` header for `/api/` operations. */
  accessKey?: string;
  /** `MerchantId` header for `/api/` operations. */
  merchantId?: string;
}

interface EnvironmentOrigins {
  gateway: string;
  boarding: string;
}

const LOOPBACK_NAMES = new Set(['localhost', '[::1]', '::1']);

/** True for 127.0.0.0/8, ::1 and localhost: the only hosts plain http is allowed to. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost')) return true;
  const octets = host.split('.');
  return octets.length === 4 && octets[0] === '127' && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255);
}

/** An actionable message when `url` cannot be an environment base URL, else undefined. */
export function validateEnvironmentUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return `"${url}" is not a URL: write it like https://gateway-sb.example.net`;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return `"${url}" uses ${parsed.protocol.replace(':', '')}: use https (or http for 127.0.0.1/localhost only)`;
  }
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) {
    return `"${url}" uses plain http to a non-local host: keys would travel unencrypted; use https`;
  }
  if (parsed.username || parsed.password) {
    return `"${url}" contains a user name or password: remove it; keys are set separately`;
  }
  if (parsed.search || parsed.hash) {
    return `"${url}" has a query or fragment: give only the scheme, host, port and optional base path`;
  }
  return undefined;
}

interface BaseParts {
  origin: string;
  /** Path of the base URL without trailing slashes ('' for none). */
  basePath: string;
}

// Every request needs its environment's origins and base path; parsing the same few base URLs
// again per request was a measurable share of the client's overhead. Bounded, keyed by text.
const MAX_REMEMBERED_BASES = 64;
const basePartsByUrl = new Map<string, BaseParts>();

function basePartsOf(baseUrl: string): BaseParts {
  let parts = basePartsByUrl.get(baseUrl);
  if (!parts) {
    const base = new URL(baseUrl);
    parts = { origin: base.origin, basePath: base.pathname.replace(/\/+$/, '') };
    if (basePartsByUrl.size >= MAX_REMEMBERED_BASES) basePartsByUrl.clear();
    basePartsByUrl.set(baseUrl, parts);
  }
  return parts;
}

/** The origin (scheme://host:port) of each address family of the environment. */
export function originsOf(env: Environment): EnvironmentOrigins {
  return { gateway: basePartsOf(env.gatewayUrl).origin, boarding: basePartsOf(env.boardingUrl).origin };
}

/**
 * Joins a base URL and an operation path. A base path that the operation path already
 * starts with is not repeated: boarding URLs are often written `https://host/api/` while the
 * operation paths begin `/api/...`.
 */
export function joinUrl(baseUrl: string, path: string): string {
  const { origin, basePath } = basePartsOf(baseUrl);
  const fullPath = basePath && !path.startsWith(basePath + '/') ? basePath + path : path;
  return origin + fullPath;
}
