// The origin rule (keyBinding in src/core/protection/authBinding.ts), the one decision the client, the proxy
// and code generation take on where a key may go, as a table: where the URL's origin comes from,
// its path, the environment's origins, and what the rule says.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { authHeadersFor, keyBinding, withoutAuthHeaders, type UrlOrigin } from '../../src/core/protection/authBinding';
import { GatewayError } from '../../src/core/http/gatewayErrors';

const GW = 'https://gateway.example';
const BO = 'https://boarding.example';
const SPLIT = { gateway: GW, boarding: BO };
const SHARED = { gateway: GW, boarding: GW };

type Row = [name: string, from: UrlOrigin, path: string, origins: Partial<Record<'gateway' | 'boarding', string>>, expected: 'api-key' | 'access-key' | RegExp];

const ROWS: readonly Row[] = [
  ['a /rest/ path on the gateway origin', { origin: GW }, '/rest/v2/transactions', SPLIT, 'api-key'],
  ['an /api/ path on the boarding origin', { origin: BO }, '/api/launchIntegratorSetup/v1.0/x', SPLIT, 'access-key'],
  ['a /rest/ path under a base path', { origin: GW }, '/gw/rest/v2/transactions', SPLIT, 'api-key'],
  ['a /rest/ path on the boarding origin', { origin: BO }, '/rest/v2/transactions', SPLIT, /gateway origin https:\/\/gateway\.example/],
  ['an /api/ path on the gateway origin', { origin: GW }, '/api/x', SPLIT, /boarding origin https:\/\/boarding\.example/],
  ['a /rest/ path on another origin', { origin: 'https://evil.example' }, '/rest/v2/transactions', SPLIT, /gateway origin/],
  ['a /rest/ path on the gateway origin\'s other port', { origin: 'https://gateway.example:8443' }, '/rest/v2/x', SPLIT, /gateway origin/],
  ['a /rest/ path on the gateway host over http', { origin: 'http://gateway.example' }, '/rest/v2/x', SPLIT, /gateway origin/],
  ['neither /rest/ nor /api/, on the gateway origin: the gateway\'s key', { origin: GW }, '/health', SPLIT, 'api-key'],
  ['neither, on the boarding origin: the boarding keys', { origin: BO }, '/health', SPLIT, 'access-key'],
  ['neither, on another origin', { origin: 'https://evil.example' }, '/health', SPLIT, /https:\/\/gateway\.example or https:\/\/boarding\.example/],
  ['neither, on another origin, the environment\'s unknown', { origin: 'https://evil.example' }, '/health', {}, /^GATEWAY_URL or BOARDING_URL$/],
  ['one origin for both families: /api/ there', { origin: GW }, '/api/x', SHARED, 'access-key'],
  ['the gateway base URL (a program\'s GATEWAY_URL), a /rest/ path', { family: 'gateway' }, '/rest/v2/x', {}, 'api-key'],
  ['the boarding base URL, an /api/ path', { family: 'boarding' }, '/api/x', {}, 'access-key'],
  ['the boarding base URL, a /rest/ path', { family: 'boarding' }, '/rest/v2/x', {}, /gateway origin \(GATEWAY_URL\)/],
  ['the gateway base URL, an /api/ path', { family: 'gateway' }, '/api/x', {}, /boarding origin \(BOARDING_URL\)/],
  ['the boarding base URL, a /rest/ path, both on one origin', { family: 'boarding' }, '/rest/v2/x', SHARED, 'api-key'],
  ['the boarding base URL, a /rest/ path, two origins', { family: 'boarding' }, '/rest/v2/x', SPLIT, /gateway origin https:\/\/gateway\.example/],
  ['a literal origin when the environment\'s are unknown', { origin: GW }, '/rest/v2/x', {}, /gateway origin \(GATEWAY_URL\)/],
  ['the gateway base URL, a path of neither family', { family: 'gateway' }, '/health', {}, 'api-key'],
  ['the boarding base URL, a path of neither family, both on one origin: the boarding keys', { family: 'boarding' }, '/health', SHARED, 'access-key'],
  ['an /api/ path under a base path, on the gateway origin', { origin: GW }, '/gw/api/x', SPLIT, /boarding origin/],
  ['a path that only ends in /rest', { origin: BO }, '/x/rest', SPLIT, 'access-key'],
];

describe('keyBinding: where a key may go', () => {
  for (const [name, from, path, origins, expected] of ROWS) {
    it(name, () => {
      const binding = keyBinding(from, path, origins);
      if (typeof expected === 'string') {
        assert.deepEqual(binding, { ok: true, surface: expected });
      } else {
        assert.equal(binding.ok, false);
        assert.match(binding.ok ? '' : binding.expected, expected);
      }
    });
  }

  it('a surface given by the operation outweighs the path', () => {
    assert.deepEqual(keyBinding({ origin: BO }, '/whatever', SPLIT, 'access-key'), { ok: true, surface: 'access-key' });
    assert.equal(keyBinding({ origin: GW }, '/whatever', SPLIT, 'access-key').ok, false);
  });

  it('the refusal names the origin the request would go to', () => {
    const refused = keyBinding({ origin: 'https://evil.example' }, '/rest/v2/x', SPLIT);
    assert.equal(refused.ok ? '' : refused.origin, 'https://evil.example');
    const fromBase = keyBinding({ family: 'boarding' }, '/rest/v2/x', {});
    assert.equal(fromBase.ok ? '' : fromBase.origin, 'BOARDING_URL');
    const fromGatewayBase = keyBinding({ family: 'gateway' }, '/api/x', {});
    assert.equal(fromGatewayBase.ok ? '' : fromGatewayBase.origin, 'GATEWAY_URL');
    const fromKnownBase = keyBinding({ family: 'boarding' }, '/rest/v2/x', SPLIT);
    assert.equal(fromKnownBase.ok ? '' : fromKnownBase.origin, BO, 'a base URL known now is named by its origin');
  });
});

describe('authHeadersFor: the client sends each family only its own keys, and nothing elsewhere', () => {
  const environment = { name: 'Staging', kind: 'sandbox' as const, gatewayUrl: `${GW}/`, boardingUrl: `${BO}/` };
  const credentials = { apiKey: 'k-api', accessKey: 'k-access', merchantId: '123' };
  it('api-key on the gateway, AccessKey and MerchantId on boarding', () => {
    assert.deepEqual(authHeadersFor(environment, credentials, new URL(`${GW}/rest/v2/x`)), { 'api-key': 'k-api' });
    assert.deepEqual(authHeadersFor(environment, credentials, new URL(`${BO}/api/x`)), { AccessKey: 'k-access', MerchantId: '123' });
  });
  it('no key it does not hold', () => {
    assert.deepEqual(authHeadersFor(environment, {}, new URL(`${GW}/rest/v2/x`)), {});
    assert.deepEqual(authHeadersFor(environment, { merchantId: '123' }, new URL(`${BO}/api/x`)), { MerchantId: '123' });
  });
  it('refuses another origin, naming it and the environment', () => {
    assert.throws(() => authHeadersFor(environment, credentials, new URL('https://evil.example/rest/v2/x')), (err: unknown) => {
      assert.ok(err instanceof GatewayError);
      assert.equal(err.kind, 'origin-refused');
      assert.match(err.message, /^Refusing to send to https:\/\/evil\.example: environment "Staging" keys are bound to its gateway origin https:\/\/gateway\.example\. Use \{\{gatewayUrl\}\} or \{\{boardingUrl\}\} in the request, or pick the environment that owns this URL\.$/);
      return true;
    });
  });
});

describe('withoutAuthHeaders: keys come only from the environment, never from what a request file wrote', () => {
  it('drops api-key, AccessKey, MerchantId and Authorization in any case; keeps the rest as written', () => {
    const written = { 'API-KEY': 'x', accesskey: 'y', merchantid: 'z', Authorization: 'Bearer t', 'Content-Type': 'application/json', 'X-Case': '1' };
    assert.deepEqual(withoutAuthHeaders(written), { 'Content-Type': 'application/json', 'X-Case': '1' });
    assert.deepEqual(withoutAuthHeaders({}), {});
  });
});
