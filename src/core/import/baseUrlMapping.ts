// Where an imported URL goes: its base (a `{{baseUrl}}`-style variable or a gateway / boarding
// host) becomes `{{gatewayUrl}}` or `{{boardingUrl}}`, chosen by the catalog operation its path
// names (`/rest/` is the gateway, `/api/` boarding). A host that is not one of the gateway's is
// never mapped silently: the request is left out and the report says why.

import { matchOperation, type Operation } from '../../catalog';

/** The real gateway's hosts (shared/reference/gateway-api-facts.md §1), sandbox and production. */
const GATEWAY_HOSTS = new Set(['gateway-sb.clearent.net', 'gateway.clearent.net', 'gateway-dev.clearent.net', 'gateway-qa.clearent.net']);
const BOARDING_HOSTS = new Set(['boarding-sb.clearent.net', 'boarding.clearent.net']);
/** The built-in variables a request file already has: kept as they are. */
const BUILT_IN_BASES = new Set(['gatewayUrl', 'boardingUrl']);

const LEADING_VARIABLE = /^\{\{\s*([^{}\s]+)\s*\}\}/;
const ABSOLUTE = /^(https?):\/\/([^/?#]*)(.*)$/i;
/** A host written without its scheme, as Postman's raw URLs sometimes are. */
const SCHEMELESS_HOST = /^([a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?)(\/.*)?$/i;

type MappedUrl =
  | { ok: true; url: string; operation?: Operation; note?: string }
  | { ok: false; problem: string };

function isLoopback(host: string): boolean {
  const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/** The catalog operation a method and path (variables as one segment each, query left off) name. */
function operationFor(method: string, path: string): Operation | undefined {
  const pathname = path.split(/[?#]/)[0].replace(/\{\{[^{}]*\}\}/g, 'x');
  return matchOperation(method, pathname || '/')?.op;
}

function onBase(method: string, path: string, where: string): MappedUrl {
  const rest = path.startsWith('/') ? path : `/${path}`;
  const operation = operationFor(method, rest);
  const family = operation?.host ?? (rest.startsWith('/api/') ? 'boarding' : rest.startsWith('/rest/') ? 'gateway' : undefined);
  if (!family) return { ok: false, problem: `${where} is followed by ${rest}, which is neither a gateway (/rest/) nor a boarding (/api/) path: not imported` };
  return { ok: true, url: `{{${family === 'boarding' ? 'boardingUrl' : 'gatewayUrl'}}}${rest}`, ...(operation ? { operation } : {}) };
}

/**
 * `url` with its base mapped. `variables` are the collection's and environment's: a leading
 * `{{name}}` whose value is a gateway host is that host; one with no value is taken as the base
 * the tool's users give it (`{{baseUrl}}`), its path deciding which.
 */
export function mapBaseUrl(method: string, url: string, variables: ReadonlyMap<string, string>): MappedUrl {
  let rest = url.trim();
  let via = '';
  for (let depth = 0; depth < 4; depth++) {
    const leading = LEADING_VARIABLE.exec(rest);
    if (!leading) break;
    const name = leading[1];
    const after = rest.slice(leading[0].length);
    if (BUILT_IN_BASES.has(name)) {
      const operation = operationFor(method, after);
      return { ok: true, url: rest, ...(operation ? { operation } : {}) };
    }
    const value = variables.get(name);
    if (value === undefined || value.trim() === '') return onBase(method, after, `{{${name}}}`);
    via = ` ({{${name}}} = ${value.trim()})`;
    rest = value.trim().replace(/\/+$/, '') + after;
  }
  const absolute = ABSOLUTE.exec(rest) ?? (() => {
    const bare = SCHEMELESS_HOST.exec(rest);
    return bare ? ABSOLUTE.exec(`https://${rest}`) : null;
  })();
  if (!absolute) return { ok: false, problem: `"${url}" has no host or {{baseUrl}}-style variable in front: not imported` };
  const host = absolute[2].toLowerCase();
  const path = absolute[3] || '/';
  if (GATEWAY_HOSTS.has(host) || BOARDING_HOSTS.has(host)) return onBase(method, path, host);
  if (isLoopback(host)) {
    const mapped = onBase(method, path, host);
    return mapped.ok ? { ...mapped, note: `${host} taken as the Local sandbox${via}` } : mapped;
  }
  return { ok: false, problem: `host ${host}${via} is not a gateway or boarding host: not imported (write its URL as {{gatewayUrl}}/… if it is one)` };
}
