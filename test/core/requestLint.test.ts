// The one rule set in core, on requests as applications send them (the Traffic view's and the
// recording proxy's input): each kind of mistake a captured request can carry yields its finding,
// at the line of the request file the exchange opens as.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lintExchangeRequest, lintRequest, lintRequestFile, RequestDocument } from '../../src/core/requestLint';
import type { TrafficFinding } from '../../src/core/traffic/exchange';

const VISA = '4111111111111111';
const JSON_TYPE = { 'content-type': 'application/json' };
const sale = (fields: Record<string, unknown>) => JSON.stringify({ amount: '25.00', card: VISA, 'exp-date': '1230', ...fields });

function only(findings: TrafficFinding[], code: string): TrafficFinding {
  const hits = findings.filter((f) => f.code === code);
  assert.equal(hits.length, 1, `exactly one ${code} in ${JSON.stringify(findings)}`);
  return hits[0]!;
}

describe('core request lint: what an application sent', () => {
  it('a clean sale has no findings', () => {
    assert.deepEqual(lintExchangeRequest({ method: 'POST', path: '/rest/v2/transactions/sale', headers: { ...JSON_TYPE, 'api-key': 'k' }, body: sale({}) }), []);
  });

  it('an unknown field, with did-you-mean', () => {
    const f = only(lintExchangeRequest({ method: 'POST', path: '/rest/v2/transactions/sale', headers: JSON_TYPE, body: sale({ invoce: 'INV-1' }) }), 'unknown-field');
    assert.equal(f.severity, 'warning');
    assert.match(f.message, /"invoce".*did you mean "invoice"/);
  });

  it('an invalid card number, without the number in the message', () => {
    const f = only(lintExchangeRequest({ method: 'POST', path: '/rest/v2/transactions/sale', headers: JSON_TYPE, body: sale({ card: '4111111111111112' }) }), 'invalid-value');
    assert.match(f.message, /card/);
    assert.ok(!f.message.includes('4111111111111112'));
  });

  it('a missing required field', () => {
    const f = only(lintExchangeRequest({ method: 'POST', path: '/rest/v2/transactions/sale', headers: JSON_TYPE, body: JSON.stringify({ card: VISA, 'exp-date': '1230' }) }), 'missing-field');
    assert.match(f.message, /amount/);
  });

  describe('wrong Content-Type', () => {
    it('one that names no body format (text/plain, a form encoding): the gateway answers 415', () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
        const f = only(lintExchangeRequest({ method: 'POST', path: '/rest/v2/transactions/sale', headers: { 'content-type': type }, body: sale({}) }), 'content-type-mismatch');
        assert.equal(f.severity, 'error');
        assert.match(f.message, /415.*use application\/json/);
        assert.equal(f.line, 2, 'on the Content-Type line of the request file');
      }
    });

    it('one that contradicts the body', () => {
      const f = only(lintExchangeRequest({ method: 'POST', path: '/rest/v2/transactions/sale', headers: { 'content-type': 'application/xml' }, body: sale({}) }), 'content-type-mismatch');
      assert.match(f.message, /says XML but the body is JSON/);
    });

    it('one the operation does not take', () => {
      const body = '<merchant><dbaName>x</dbaName></merchant>';
      const findings = lintExchangeRequest({ method: 'POST', path: '/api/launchIntegratorSetup/v1.0/integrateMerchant/4788000000000009', headers: { 'content-type': 'application/xml' }, body });
      assert.match(only(findings, 'content-type-mismatch').message, /does not take XML: use application\/json/);
    });

    it('none at all: a request file gets one at send time, an application does not', () => {
      const f = only(lintExchangeRequest({ method: 'POST', path: '/rest/v2/transactions/sale', headers: {}, body: sale({}) }), 'missing-content-type');
      assert.match(f.message, /without a Content-Type.*415.*application\/json/);
      const file = new RequestDocument(`POST {{gatewayUrl}}/rest/v2/transactions/sale\n\n${sale({})}\n`);
      assert.deepEqual(lintRequest(file, 0).map((x) => x.code), []);
    });
  });

  describe('legacy forms (src/catalog/aliases.ts)', () => {
    it('the generic transaction endpoint routed by type: which operation, and the typed path', () => {
      const f = only(lintExchangeRequest({ method: 'POST', path: '/rest/v2/transactions', headers: JSON_TYPE, body: sale({ type: 'sale' }) }), 'legacy-form');
      assert.equal(f.severity, 'information');
      assert.match(f.message, /legacy generic endpoint.*Sale.*\/rest\/v2\/transactions\/sale/);
    });

    it('the generic endpoint without a type nothing can route', () => {
      const f = only(lintExchangeRequest({ method: 'POST', path: '/rest/v2/transactions', headers: JSON_TYPE, body: sale({}) }), 'legacy-form-type');
      assert.equal(f.severity, 'error');
    });

    it('the v2 spelling of /rest/v1/batches/open', () => {
      const f = only(lintExchangeRequest({ method: 'GET', path: '/rest/v2/batches/open', headers: { accept: 'application/xml' } }), 'legacy-form');
      assert.match(f.message, /v2 spelling of \/rest\/v1\/batches\/open/);
    });

    it('the key in an api_key header', () => {
      const f = only(lintExchangeRequest({ method: 'POST', path: '/rest/v2/transactions/sale', headers: { ...JSON_TYPE, api_key: 'secret-key-value' }, body: sale({}) }), 'legacy-form');
      assert.match(f.message, /api_key header.*send it as api-key/);
      assert.ok(!f.message.includes('secret-key-value'));
      assert.equal(f.line, 1);
    });

    it('the key as an api-key body field (and only as a legacy form, not as a key written in a file)', () => {
      const findings = lintExchangeRequest({ method: 'POST', path: '/rest/v2/transactions/sale', headers: JSON_TYPE, body: sale({ 'api-key': 'secret-key-value' }) });
      assert.match(only(findings, 'legacy-form').message, /body field api-key.*api-key header/);
      assert.deepEqual(findings.map((x) => x.code), ['legacy-form']);
    });
  });

  it('a request file is judged by the same rules, with ranges and fixes', () => {
    const doc = new RequestDocument('POST {{gatewayUrl}}/rest/v2/transactions\nContent-Type: text/plain\n\n{"type": "SALE", "amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}\n');
    const found = lintRequest(doc, 0);
    assert.deepEqual(found.map((f) => f.code).sort(), ['content-type-mismatch', 'legacy-form']);
    const legacy = found.find((f) => f.code === 'legacy-form')!;
    assert.equal(legacy.replacement, '/rest/v2/transactions/sale');
    assert.deepEqual(legacy.range, { start: { line: 0, character: 19 }, end: { line: 0, character: 40 } });
    assert.deepEqual(found.find((f) => f.code === 'content-type-mismatch')!.range, { start: { line: 1, character: 14 }, end: { line: 1, character: 24 } });
  });
});

describe('key-like literals and encoded data', () => {
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const text = (field: string) => `POST {{gatewayUrl}}/rest/v2/signature\nContent-Type: application/json\n\n{"transaction-id": 1, "${field}": "${png}"}\n`;
  it('a signature image in base64 is what its field holds, not a key; the same text in another field is flagged', () => {
    const codes = (field: string) => lintRequestFile(new RequestDocument(text(field))).map((f) => f.code);
    assert.ok(!codes('base-64-image').includes('key-in-file'), 'base-64-image is flagged as a key');
    assert.ok(codes('note').includes('key-in-file'), 'a key-like literal elsewhere is no longer flagged');
  });
});
