// A community OpenAPI description of the gateway and the SDKs generated from it (facts S3):
// typed paths with their declared required sets, the search envelope, and boarding's
// createMerchant with the AccessKey security scheme alone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flowName, missingPaths, ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

describe('conformance: community OpenAPI and generated SDKs', () => {
  it(flowName('openapi-sale-refund-search'), async () => {
    const headers = { 'api-key': sb.info.apiKey, Accept: 'application/json' };
    // Required sets as declared: sale {amount, card, exp-date, type}; refund {amount, id, type}.
    const sale = await sb.send('POST', '/rest/v2/transactions/sale', { headers, json: { amount: '25.00', card: '4012000098765439', 'exp-date': '0927', type: 'SALE', csc: '999', billing: { zip: '85284' } } });
    assert.equal(sale.status, 200, sale.text);
    const tx = sale.json.payload.transaction;
    assert.deepEqual(missingPaths(tx, ['id', 'type', 'amount', 'result', 'result-code', 'display-message', 'authorization-code', 'card', 'last-four',
      'card-type', 'exp-date', 'batch-string-id', 'created', 'avs-result-code', 'csc-result-code', 'voided', 'pending', 'settled', 'status', 'merchant-id', 'terminal-id']), []);
    const refund = await sb.send('POST', '/rest/v2/transactions/refund', { headers, json: { amount: '25.00', id: tx.id, type: 'REFUND' } });
    assert.equal(refund.status, 200, refund.text);
    const search = await sb.send('GET', `/rest/v2/transactions?id=${tx.id}`, { headers });
    assert.deepEqual(missingPaths(search.json, ['code', 'status', 'exchange-id', 'links.0.rel', 'page.first', 'page.last', 'page.number', 'page.number-of-elements',
      'page.size', 'page.sort', 'page.total-elements', 'page.total-pages', 'payload.payloadType', 'payload.transactions.transaction.0.id']), []);
    assert.equal(search.json.page.number, 1);
    assert.equal(search.json.page.first, true);
  });

  it(flowName('openapi-create-merchant'), async () => {
    const r = await sb.send('POST', '/api/launchIntegratorSetup/v1.0/integrateMerchant/4788000000000009', {
      headers: { AccessKey: sb.info.accessKey, Accept: 'application/json' },
      json: { merchantInformation: { dbaName: 'Corner Shop', emailAddress: 'owner@example.com' }, salesProfile: { mccCode: '5999' } },
    }, 'boarding');
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(missingPaths(r.json, ['applicationURL', 'merchant.merchantInformation.merchantNumber', 'metadata.timestamp']), []);
    assert.match(r.json.merchant.merchantInformation.merchantNumber, /^\d{16}$/);
  });
});
