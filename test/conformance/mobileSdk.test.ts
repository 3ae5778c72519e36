// The gateway's mobile SDK (facts S6): settings read in JSON with typed values, a void body of
// exactly four fields, and what the mobile transaction endpoints do with a card-present reader's
// JWT and with ACH (not modelled; see docs/sandbox.md). Typed card data: mobileTokens.test.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey } from 'node:crypto';
import { flowName, ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

const headers = () => ({ 'api-key': sb.info.apiKey, Accept: 'application/json', 'Content-Type': 'application/json' });

describe('conformance: mobile SDK', () => {
  it(flowName('mobile-terminal-settings'), async () => {
    const r = await sb.send('GET', '/rest/v2/settings/terminal', { headers: headers() });
    assert.equal(r.status, 200, r.text);
    assert.equal(typeof r.json.payload['terminal-settings']['enable-tip'], 'boolean');
    assert.equal(typeof r.json.payload['terminal-settings']['merchant-name'], 'string');
  });

  it(flowName('mobile-hpp-key'), async () => {
    const r = await sb.send('GET', '/rest/v2/settings/terminal/hpp', { headers: headers() });
    assert.equal(r.status, 200, r.text);
    // What the SDKs are given: a 124-byte EC SubjectPublicKeyInfo in hex on the published keys' curve.
    const hex: string = r.json.payload['hpp-settings']['hpp-public-key'];
    assert.match(hex, /^307a3014[0-9a-f]{240}$/);
    const key = createPublicKey({ key: Buffer.from(hex, 'hex'), format: 'der', type: 'spki' });
    assert.equal(key.asymmetricKeyDetails?.namedCurve, 'brainpoolP384t1');
  });

  it(flowName('mobile-void'), async () => {
    const sale = await sb.send('POST', '/rest/v2/transactions/sale', { headers: headers(), json: { amount: '3.00', card: '4111111111111111', 'exp-date': '1230' } });
    const id = sale.json.payload.transaction.id;
    const r = await sb.send('POST', '/rest/v2/transactions/void', { headers: headers(), json: { id, type: 'VOID', 'software-type': 'ios-sdk', 'software-type-version': '4.0' } });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.code, '200');
    assert.equal(r.json.payload.transaction.type, 'VOID');
    assert.equal(r.json.payload.transaction['display-message'], 'Transaction approved');
  });

  it(flowName('mobile-transactions'), async () => {
    // A reader's (card-present) JWT is not one the sandbox minted: refused like any foreign token.
    // Typed card data is tokenized and charged on this path: mobileTokens.test.ts.
    const card = await sb.send('POST', '/rest/v2/mobile/transactions/sale', { headers: { ...headers(), mobilejwt: 'a.b.c' }, json: { amount: '3.00' } });
    assert.equal(card.status, 401, card.text);
    assert.match(card.json.payload.error['error-message'], /not issued by this sandbox/);
    // ACH on the mobile path is modelled for bank-account JWTs the sandbox minted: achMobile.test.ts.
  });
});
