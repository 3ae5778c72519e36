// An e-commerce platform in production (its PHP gateway class; see docs/sandbox.md): typed card
// paths with lower-case types, AVS and CSC results read back, ACH through stored tokens with
// the "token already exists" answer handled, ACH voids by DELETE with a JSON body, and ACH
// refunds only once the debit has settled.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flowName, missingPaths, ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

// The platform sends these three on every call.
const headers = () => ({ 'Content-Type': 'application/json', Accept: 'application/json', 'api-key': sb.info.apiKey });
const software = { 'software-type': 'coreware', 'software-type-version': '2024-01-01T00:00:00' };
const billing = { company: null, street: '1 Main St', city: 'Tempe', state: 'AZ', zip: '85284', country: 'US', phone: '5555550100', 'first-name': 'Kim', 'last-name': 'Lee' };
const CARD_READS = ['code', 'payload.transaction.result', 'payload.transaction.result-code', 'payload.transaction.authorization-code', 'payload.transaction.id', 'payload.transaction.display-message'];

async function achToken(accountNumber: string) {
  return sb.send('POST', '/rest/v2/ach/tokens', { headers: headers(), json: {
    'routing-number': '081009813', 'account-number': accountNumber, ...software, 'account-type': 'checking', 'individual-name': 'Kim Lee',
  } });
}

describe('conformance: e-commerce platform', () => {
  it(flowName('shop-sale-avs-csc'), async () => {
    const r = await sb.send('POST', '/rest/v2/transactions/sale', { headers: headers(), json: {
      amount: '42.00', 'sales-tax-amount': '0.00', description: 'Order 93489243', 'order-id': '93489243', invoice: '93489243',
      'purchase-order': null, 'client-ip': '198.51.100.4', ...software, 'email-address': 'kim@example.com', 'email-receipt': 'false',
      billing, type: 'sale', card: '6011111111111117', 'exp-date': '1040', csc: '234',
    } });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(missingPaths(r.json, [...CARD_READS, 'payload.transaction.avs-result-code', 'payload.transaction.csc-result-code']), []);
    assert.equal(r.json.payload.transaction['avs-result-code'], 'Y');
    assert.equal(r.json.payload.transaction['csc-result-code'], 'M');
  });

  it(flowName('shop-auth-capture'), async () => {
    const auth = await sb.send('POST', '/rest/v2/transactions/auth', { headers: headers(), json: {
      amount: '18.50', 'sales-tax-amount': '1.50', 'order-id': 'A-2', invoice: 'A-2', ...software, billing, type: 'auth', card: '4111111111111111', 'exp-date': '1230',
    } });
    assert.equal(auth.status, 200, auth.text);
    const id = auth.json.payload.transaction.id;
    const found = await sb.send('GET', `/rest/v2/transactions?id=${id}`, { headers: headers() });
    const list = found.json.payload.transactions.transaction;
    assert.equal(list.length, 1);
    assert.equal(list[0].id, id);
    const capture = await sb.send('POST', '/rest/v2/transactions/capture', { headers: headers(), json: {
      type: 'capture', id, 'order-id': list[0]['order-id'], invoice: list[0].invoice, amount: list[0].amount, 'sales-tax-amount': list[0]['sales-tax-amount'] ?? '0.00',
    } });
    assert.equal(capture.status, 200, capture.text);
    assert.deepEqual(missingPaths(capture.json, CARD_READS), []);
    assert.equal(capture.json.code, '200');
  });

  it(flowName('shop-ach-token-exists'), async () => {
    const first = await achToken('9876543210');
    assert.equal(first.json.code, '200', first.text);
    const tokenId = first.json.payload['ach-token']['token-id'];
    const again = await achToken('9876543210');
    assert.equal(again.json.payload.payloadType, 'error');
    assert.equal(again.json.payload.error['result-code'], '028');
    assert.equal(again.json.links[0].id, tokenId);
  });

  it(flowName('shop-ach-debit-void'), async () => {
    const token = (await achToken('5550001111')).json.payload['ach-token']['token-id'];
    const debit = await sb.send('POST', '/rest/v2/ach/transactions', { headers: headers(), json: {
      amount: '12.00', description: 'Order 5', 'order-id': '5', invoice: '5', ...software, billing,
      'token-id': token, type: 'Debit', 'standard-entry-class-code': 'WEB', 'individual-name': 'Kim Lee',
    } });
    assert.equal(debit.status, 200, debit.text);
    const tx = debit.json.payload['ach-transaction'];
    assert.deepEqual(missingPaths(tx, ['status', 'id']), []);
    const voided = await sb.send('DELETE', `/rest/v2/ach/transactions/${tx.id}`, { headers: headers(), json: { type: 'void', id: tx.id } });
    assert.equal(voided.json.status, 'success', voided.text);
  });

  it(flowName('shop-ach-refund'), async () => {
    const token = (await achToken('5550002222')).json.payload['ach-token']['token-id'];
    const debit = await sb.send('POST', '/rest/v2/ach/transactions/debit', { headers: headers(), json: {
      ...software, type: 'Debit', amount: '20.00', 'standard-entry-class-code': 'WEB', 'token-id': token,
    } });
    const id = debit.json.payload['ach-transaction'].id;
    await sb.control('POST', 'clock/advance', { next: 'ach-window' });
    await sb.control('POST', 'clock/advance', { next: 'ach-window' });
    const tx = (await sb.send('GET', `/rest/v2/ach/transactions/${id}`, { headers: headers() })).json.payload['ach-transaction'];
    assert.equal(String(tx.status).toUpperCase(), 'SETTLED');
    const stored = (await sb.send('GET', `/rest/v2/ach/tokens/${token}`, { headers: headers() })).json.payload['ach-token'];
    assert.equal(tx['routing-number'], stored['routing-number']);
    assert.equal(tx['account-number'], stored['account-number']);
    const credit = await sb.send('POST', '/rest/v2/ach/transactions/credit', { headers: headers(), json: {
      type: 'Credit', amount: '20.00', ...software, 'standard-entry-class-code': 'WEB', 'token-id': token,
    } });
    assert.equal(credit.json.status, 'success', credit.text);
    assert.deepEqual(missingPaths(credit.json, ['payload.ach-transaction.status', 'payload.ach-transaction.id']), []);
  });
});
