import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, startTestSandbox, VISA } from './sandboxTestClient';

let sb: RunningSandbox;
before(async () => { sb = await startTestSandbox(); });
after(() => sb.close());

const card = { card: VISA, 'exp-date': '1230', csc: '999' };

describe('legacy request forms', () => {
  it('routes POST /rest/v2/transactions by type, any case, JSON and XML', async () => {
    const sale = await call(sb, 'POST', '/rest/v2/transactions', { json: { type: 'sale', amount: '10.00', ...card } });
    assert.equal(sale.status, 200);
    assert.equal(sale.body.payload.transaction.type, 'SALE');
    const auth = await call(sb, 'POST', '/rest/v2/transactions', {
      xml: `<transaction><type>AUTH</type><amount>20.00</amount><card>${VISA}</card><exp-date>1230</exp-date></transaction>`,
    });
    assert.equal(auth.status, 200);
    const authTx = auth.body.response.payload.transaction;
    assert.equal(authTx.type, 'AUTH');
    const capture = await call(sb, 'POST', '/rest/v2/transactions', { json: { type: 'Capture', id: authTx.id, amount: '20.00' } });
    assert.equal(capture.body.payload.transaction.type, 'CAPTURE');
    const forced = await call(sb, 'POST', '/rest/v2/transactions', { json: { type: 'forced sale', 'authorization-code': 'APPC10', amount: '5.00', ...card } });
    assert.equal(forced.body.payload.transaction.type, 'FORCED SALE');
    const refund = await call(sb, 'POST', '/rest/v2/transactions', { json: { type: 'REFUND', id: sale.body.payload.transaction.id, amount: '1.00' } });
    assert.equal(refund.body.payload.transaction.type, 'REFUND');
    const voided = await call(sb, 'POST', '/rest/v2/transactions', { json: { type: 'void', id: forced.body.payload.transaction.id } });
    assert.equal(voided.body.payload.transaction.type, 'VOID');
    const stats = await (await fetch(`${sb.gatewayUrl}/__sandbox/stats`)).json() as { byOperation: Record<string, number> };
    assert.ok(stats.byOperation['transactions.void'] >= 1, 'the routed request counts as the operation it became');
  });

  it('answers 400 naming the types when type is missing or unknown, and 405 only for other methods', async () => {
    const none = await call(sb, 'POST', '/rest/v2/transactions', { json: { amount: '1.00', ...card } });
    assert.equal(none.status, 400);
    assert.match(none.body.payload.error['error-message'], /type.*SALE, AUTH, CAPTURE, FORCED SALE, REFUND, VOID/);
    const odd = await call(sb, 'POST', '/rest/v2/transactions', { json: { type: 'CARD INQUIRY', amount: '1.00', ...card } });
    assert.equal(odd.status, 400);
    const del = await call(sb, 'DELETE', '/rest/v2/transactions');
    assert.equal(del.status, 405);
  });

  it('accepts api-key as a JSON body field when the header is absent, and only a right one', async () => {
    const ok = await call(sb, 'POST', '/rest/v2/transactions', { apiKey: null, json: { 'api-key': sb.apiKey, type: 'SALE', amount: '3.00', ...card } });
    assert.equal(ok.status, 200);
    assert.ok(!ok.text.includes(sb.apiKey), 'the key is never echoed');
    const wrong = await call(sb, 'POST', '/rest/v2/transactions/sale', { apiKey: null, json: { 'api-key': 'nope', amount: '3.00', ...card } });
    assert.equal(wrong.status, 401);
    const none = await call(sb, 'POST', '/rest/v2/transactions/sale', { apiKey: null, json: { amount: '3.00', ...card } });
    assert.equal(none.status, 401);
  });

  it('answers /rest/v2/batches/open like /rest/v1/batches/open', async () => {
    const v2 = await call(sb, 'GET', '/rest/v2/batches/open');
    assert.equal(v2.status, 200);
    assert.equal(v2.body.object.payloadType, 'batch');
    const closed = await call(sb, 'PUT', '/rest/v2/batches/open', { xml: '<batch><software-type>X</software-type></batch>' });
    assert.equal(closed.status, 200);
    assert.equal(closed.body.object.batch.status, 'CLOSED');
  });
});
