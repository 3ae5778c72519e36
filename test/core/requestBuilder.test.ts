import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requireOperation } from '../../src/catalog';
import { joinUrl, originsOf, validateEnvironmentUrl, type Environment } from '../../src/core/environments/environment';
import { GatewayError } from '../../src/core/http/gatewayErrors';
import { buildRequest } from '../../src/core/http/requestBuilder';

const env: Environment = { name: 'sb', kind: 'sandbox', gatewayUrl: 'https://gateway-sb.example.net', boardingUrl: 'https://boarding-sb.example.net/api/' };
const creds = { apiKey: 'k1', accessKey: 'a1', merchantId: 'm1' };

describe('environment', () => {
  it('requires https except on loopback hosts', () => {
    assert.equal(validateEnvironmentUrl('https://gateway-sb.example.net'), undefined);
    for (const local of ['http://127.0.0.1:8080', 'http://127.5.0.1', 'http://localhost:3000', 'http://[::1]:9']) {
      assert.equal(validateEnvironmentUrl(local), undefined, local);
    }
    assert.match(validateEnvironmentUrl('http://gateway.example.net') ?? '', /unencrypted; use https/);
    assert.match(validateEnvironmentUrl('not a url') ?? '', /not a URL/);
    assert.match(validateEnvironmentUrl('https://user:pw@gateway.example.net') ?? '', /user name or password/);
    assert.match(validateEnvironmentUrl('ftp://gateway.example.net') ?? '', /use https/);
  });

  it('derives origins and joins base paths without doubling /api', () => {
    assert.deepEqual(originsOf(env), { gateway: 'https://gateway-sb.example.net', boarding: 'https://boarding-sb.example.net' });
    assert.equal(joinUrl(env.boardingUrl, '/api/documents/v1.0/x'), 'https://boarding-sb.example.net/api/documents/v1.0/x');
    assert.equal(joinUrl('https://proxy.example/gw/', '/rest/v2/tokens'), 'https://proxy.example/gw/rest/v2/tokens');
  });
});

describe('requestBuilder', () => {
  it('builds settings and batches as XML under their root', () => {
    const op = requireOperation('settings.csc.update');
    const built = buildRequest(env, creds, { operation: op, body: { enabled: 'true' } });
    assert.equal(built.method, 'PUT');
    assert.equal(built.url, 'https://gateway-sb.example.net/rest/v2/settings/terminal/csc');
    assert.equal(built.headers['content-type'], 'application/xml');
    assert.equal(built.headers.accept, 'application/xml');
    assert.equal(built.headers['api-key'], 'k1');
    assert.match(built.body ?? '', new RegExp(`^<${op.xmlRoot}>`));
  });

  it('builds onboarding as JSON with AccessKey and MerchantId, on the boarding origin', () => {
    const built = buildRequest(env, creds, { operation: requireOperation('merchants.create'), params: { hierarchyNodeKey: '4788000000000009' }, body: { a: 1 } });
    assert.equal(built.url, 'https://boarding-sb.example.net/api/launchIntegratorSetup/v1.0/integrateMerchant/4788000000000009');
    assert.deepEqual([built.headers.AccessKey, built.headers.MerchantId, built.headers['api-key']], ['a1', 'm1', undefined]);
    assert.equal(built.headers['content-type'], 'application/json');
    assert.equal(built.body, '{"a":1}');
  });

  it('sniffs an XML string body for cards and asks for XML back', () => {
    const built = buildRequest(env, creds, { operation: requireOperation('transactions.sale'), body: '<transaction><type>SALE</type></transaction>' });
    assert.equal(built.headers['content-type'], 'application/xml');
    assert.equal(built.headers.accept, 'application/xml');
  });

  it('strips credential headers a caller passes and refuses bodies where none is taken', () => {
    const built = buildRequest(env, {}, { operation: requireOperation('tokens.search'), extraHeaders: { 'API-KEY': 'pasted', 'x-a': '1' } });
    assert.deepEqual(built.headers, { 'x-a': '1', accept: 'application/json' });
    assert.throws(
      () => buildRequest(env, creds, { operation: requireOperation('tokens.delete'), params: { tokenId: '1' }, body: '{"a":1}' }),
      (err: unknown) => err instanceof GatewayError && err.kind === 'bad-input' && /takes no request body/.test(err.message),
    );
  });
});
