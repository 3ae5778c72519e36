// Who may call what. `/rest/` takes the `api-key` header (the sandbox key, or a minted key
// whose scope may be read-only; a JSON body's `api-key` field stands in when the header is
// absent); `/api/` takes `AccessKey`, plus `MerchantId` naming the path's merchant number where
// the path has one.

import type { IncomingHttpHeaders } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Operation } from '../../catalog/types';
import type { KeyScope, SandboxKeys } from '../domain/state';

type AuthOutcome =
  | { ok: true; principal: string }
  | { ok: false; status: 401 | 403; resultCode: string; message: string };

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

// The sandbox's own keys, as bytes: compared on every request, they are encoded once.
const secretBytes = new Map<string, Buffer>();

function bytesOf(secret: string): Buffer {
  let bytes = secretBytes.get(secret);
  if (!bytes) {
    if (secretBytes.size >= 8) secretBytes.clear();
    bytes = Buffer.from(secret);
    secretBytes.set(secret, bytes);
  }
  return bytes;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = bytesOf(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function scopeOf(apiKey: string, keys: SandboxKeys): KeyScope | undefined {
  if (sameSecret(apiKey, keys.apiKey)) return 'full';
  return Object.prototype.hasOwnProperty.call(keys.minted, apiKey) ? keys.minted[apiKey] : undefined;
}

// docs/gateway-facts.md lists one result code for key problems (042 Unauthorized); 403s reuse it.
const UNAUTHORIZED = '042';

/** `bodyKey`: the legacy `api-key` JSON body field, used only when the header is absent. */
function authenticateGateway(op: Operation, headers: IncomingHttpHeaders, keys: SandboxKeys, bodyKey?: string): AuthOutcome {
  // An operation whose credential is the HPP public key (mobile manual entry) takes no api-key:
  // its handler compares the key with the HPP settings (src/sandbox/mobile/mobileModule.ts).
  if (op.headers.some((h) => h.name === 'public-key')) {
    const publicKey = header(headers, 'public-key');
    if (!publicKey) {
      return { ok: false, status: 401, resultCode: UNAUTHORIZED, message: 'Unauthorized: the public-key header is missing. Send the HPP public key (GET /rest/v2/settings/terminal/hpp → hpp-public-key).' };
    }
    return { ok: true, principal: `public-key:${publicKey}` };
  }
  // `api_key` is how the gateway's old Go XML sample spells the header.
  const apiKey = header(headers, 'api-key') ?? header(headers, 'api_key') ?? bodyKey;
  if (!apiKey) {
    return { ok: false, status: 401, resultCode: UNAUTHORIZED, message: 'Unauthorized: the api-key header is missing. Send the sandbox api-key printed when it started.' };
  }
  const scope = scopeOf(apiKey, keys);
  if (!scope) {
    return { ok: false, status: 401, resultCode: UNAUTHORIZED, message: 'Unauthorized: the api-key header does not match any key of this sandbox. Use the api-key it printed when it started.' };
  }
  if (scope === 'read' && op.method !== 'GET') {
    return { ok: false, status: 403, resultCode: UNAUTHORIZED, message: `Forbidden: this api-key is read-only and ${op.id} (${op.method}) changes data. Use a full-scope key.` };
  }
  return { ok: true, principal: `api-key:${apiKey}` };
}

function authenticateBoarding(op: Operation, params: Readonly<Record<string, string>>, headers: IncomingHttpHeaders, keys: SandboxKeys): AuthOutcome {
  const accessKey = header(headers, 'AccessKey');
  if (!accessKey || !sameSecret(accessKey, keys.accessKey)) {
    return { ok: false, status: 401, resultCode: '401', message: `Unauthorized: the AccessKey header is ${accessKey ? 'wrong' : 'missing'}. Send the sandbox accessKey printed when it started.` };
  }
  // MerchantId names the merchant a call is about, so it is needed only where the path carries a
  // merchant number (a generated boarding SDK creates merchants under a hierarchy node with
  // AccessKey alone), and there it must be that merchant.
  const pathMerchant = params.merchantNumber;
  if (pathMerchant === undefined) return { ok: true, principal: `access-key:${accessKey}` };
  const merchantId = header(headers, 'MerchantId');
  if (!merchantId) {
    return { ok: false, status: 401, resultCode: '401', message: `Unauthorized: the MerchantId header is missing. Send the merchant number in the path (${pathMerchant}).` };
  }
  // Retrieving a merchant created through onboarding also accepts the integrator's own
  // MerchantId (the sandbox merchant, which created it): that is what a client configured with
  // one merchant sends.
  const accepted = op.id === 'merchants.get' ? [pathMerchant, keys.merchantId] : [pathMerchant];
  if (!accepted.includes(merchantId)) {
    return { ok: false, status: 403, resultCode: '403', message: `Forbidden: the MerchantId header (${merchantId}) does not match the merchant number in the path (${pathMerchant}).` };
  }
  return { ok: true, principal: `access-key:${accessKey}` };
}

export function authenticate(op: Operation, params: Readonly<Record<string, string>>, headers: IncomingHttpHeaders, keys: SandboxKeys, bodyKey?: string): AuthOutcome {
  return op.auth === 'access-key'
    ? authenticateBoarding(op, params, headers, keys)
    : authenticateGateway(op, headers, keys, bodyKey);
}
