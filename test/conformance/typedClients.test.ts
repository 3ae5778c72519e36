// Typed clients of the gateway (issue 33, "four details where the sandbox disagrees with every
// typed client"): what the community OpenAPI description's transaction model (S3
// transactions.yaml, `additionalProperties: false`) lets a generated client decode, what the
// published result-code table lets a client look up, and how a production e-commerce platform
// tells ACH ids from card ids. Evidence and decisions: docs/sandbox.md, "Decisions and evidence".
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

const json = () => ({ 'api-key': sb.info.apiKey, Accept: 'application/json' });

// Every property of S3's TransactionModel (transactions.yaml); the model allows no others.
const TRANSACTION_MODEL = new Set([
  'amount', 'authorization-code', 'avs-result-code', 'avs-result-code-description', 'avs-street', 'avs-zip', 'base-amount', 'batch-string-id',
  'billing', 'billing-is-shipping', 'card', 'card-type', 'cash-back-amount', 'check-field-duplicate', 'client-ip', 'comments', 'contactless',
  'contactless-device', 'created', 'csc', 'csc-result-code', 'csc-result-code-description', 'customer-first-name', 'customer-id',
  'customer-last-name', 'cvm', 'description', 'display-message', 'ebt-additional-amounts', 'email-address', 'emv', 'emv-data',
  'emv-data-response', 'emv-entry-method', 'entry-method', 'exp-date', 'first-recurring-transaction', 'id', 'invoice', 'key-serial-number',
  'last-four', 'level3', 'merchant-id', 'order-id', 'original-amount', 'partial-approved', 'partial-authorization', 'pending', 'plan-name',
  'platform-fees', 'purchase-order', 'ref-id', 'result', 'result-code', 'sales-tax-amount', 'sales-tax-type', 'serverId', 'service-fee',
  'settled', 'shipping', 'signature-base-64-image', 'software-type', 'software-type-version', 'status', 'surcharge-applied', 'terminal-id',
  'tip-adjusted', 'tip-adjusted-amount', 'tip-amount', 'token-description', 'type', 'voided', 'voided-auth', 'voucher-approval-code',
  'voucher-serial-number',
]);

// The published transaction result codes (facts §2.5, S8 resources/transaction-result-codes): 000-059.
const PUBLISHED_RESULT_CODE = /^0[0-5]\d$/;

async function sale(body: Record<string, unknown>, headers: Record<string, string> = json()) {
  return sb.send('POST', '/rest/v2/transactions/sale', { headers, json: { type: 'SALE', card: '4111111111111111', 'exp-date': '1240', ...body } });
}

describe('conformance: typed clients (community OpenAPI model, result-code table, ACH id routing)', () => {
  it('check-field-duplicate is a JSON boolean, as S3 types it; XML keeps the text "true"', async () => {
    const settings = await sb.send('PUT', '/rest/v2/settings/transaction/duplicates', { headers: json(), json: {
      enabled: true, 'time-range-in-minutes': 5, 'if-duplicate-found-respond-with-error': false, 'include-invoice': false,
      'check-merchant-level': false, 'use-invoice-instead-of-card': false,
    } });
    assert.equal(settings.status, 200, settings.text);
    assert.equal((await sale({ amount: '31.00', invoice: 'DUP-1', 'check-field': 'invoice' })).status, 200);
    const flagged = await sale({ amount: '31.00', invoice: 'DUP-1', 'check-field': 'invoice' });
    assert.equal(flagged.status, 200, flagged.text);
    assert.equal(flagged.json.payload.transaction['check-field-duplicate'], true, 'a boolean, not the string "true"');
    const found = await sb.send('GET', `/rest/v2/transactions?id=${flagged.json.payload.transaction.id}`, { headers: json() });
    assert.equal(found.json.payload.transactions.transaction[0]['check-field-duplicate'], true, 'search answers the same type');

    await sb.send('PUT', '/rest/v2/settings/transaction/duplicates', { headers: json(), json: { 'if-duplicate-found-respond-with-error': true } });
    const refused = await sale({ amount: '31.00', invoice: 'DUP-1', 'check-field': 'invoice' });
    assert.equal(refused.status, 402, refused.text);
    assert.equal(refused.json.payload.error['result-code'], '045');
    assert.equal(refused.json.payload.transaction['check-field-duplicate'], true);

    const xml = await sale({ amount: '31.00', invoice: 'DUP-1', 'check-field': 'invoice' }, { 'api-key': sb.info.apiKey, Accept: 'application/xml' });
    assert.equal(xml.status, 402, xml.text);
    assert.match(xml.text, /<check-field-duplicate>true<\/check-field-duplicate>/);
  });

  it('a transaction answers only fields of the S3 model: email-receipt is accepted, not echoed', async () => {
    const r = await sale({ amount: '32.00', 'email-address': 'kim@example.com', 'email-receipt': 'true', csc: '999', billing: { zip: '85284' } });
    assert.equal(r.status, 200, r.text);
    const tx = r.json.payload.transaction;
    assert.equal(tx['email-address'], 'kim@example.com');
    assert.deepEqual(Object.keys(tx).filter((k) => !TRANSACTION_MODEL.has(k)), [], 'fields a generated client with additionalProperties: false rejects');
    const found = await sb.send('GET', `/rest/v2/transactions?id=${tx.id}`, { headers: json() });
    assert.deepEqual(Object.keys(found.json.payload.transactions.transaction[0]).filter((k) => !TRANSACTION_MODEL.has(k)), []);
  });

  it('an unknown path answers 404 with a result code from the published table, in the error envelope', async () => {
    const r = await sb.send('GET', '/rest/v2/no-such-resource', { headers: json() });
    assert.equal(r.status, 404, r.text);
    assert.equal(r.json.code, '404');
    assert.equal(r.json.payload.payloadType, 'error');
    assert.match(r.json.payload.error['result-code'], PUBLISHED_RESULT_CODE);
    assert.match(r.json.payload.error['error-message'], /no-such-resource/);
    const wrongMethod = await sb.send('DELETE', '/rest/v2/transactions/sale', { headers: json() });
    assert.equal(wrongMethod.status, 405, wrongMethod.text);
    assert.match(wrongMethod.json.payload.error['result-code'], PUBLISHED_RESULT_CODE);
  });

  it('ACH ids route as the production platform routes them: ACH transaction ids are not numeric, ACH token ids contain "ach"', async () => {
    const token = await sb.send('POST', '/rest/v2/ach/tokens', { headers: json(), json: {
      'routing-number': '081009813', 'account-number': '3330004444', 'account-type': 'checking', 'individual-name': 'Kim Lee',
      'software-type': 'coreware', 'software-type-version': '1',
    } });
    assert.equal(token.status, 200, token.text);
    const tokenId: string = token.json.payload['ach-token']['token-id'];
    assert.ok(tokenId.includes('ach'), `ACH token id ${tokenId} tells an ACH token from a card token`);
    const debit = await sb.send('POST', '/rest/v2/ach/transactions/debit', { headers: json(), json: {
      type: 'Debit', amount: '15.00', 'standard-entry-class-code': 'WEB', 'token-id': tokenId, 'software-type': 'coreware', 'software-type-version': '1',
    } });
    assert.equal(debit.status, 200, debit.text);
    const achId: string = debit.json.payload['ach-transaction'].id;
    assert.ok(!/^\d+(\.\d+)?$/.test(achId), `ACH transaction id ${achId} is not numeric`);
    const read = await sb.send('GET', `/rest/v2/ach/transactions/${encodeURIComponent(achId)}`, { headers: json() });
    assert.equal(read.json.payload['ach-transaction'].id, achId);
    const listed = await sb.send('GET', '/rest/v2/ach/transactions?isDescending=false', { headers: json() });
    assert.ok(listed.json.payload['ach-transactions']['ach-transaction'].some((t: { id: string }) => t.id === achId), listed.text);
    const voided = await sb.send('DELETE', `/rest/v2/ach/transactions/${encodeURIComponent(achId)}`, { headers: json(), json: { type: 'void', id: achId } });
    assert.equal(voided.json.status, 'success', voided.text);

    // Card ids stay numeric, so the platform's other branch still takes them.
    const card = await sale({ amount: '33.00', 'create-token': 'true' });
    assert.match(card.json.payload.transaction.id, /^\d+$/);
    assert.ok(!String(card.json.payload.tokenResponse?.['token-id'] ?? '').includes('ach'));
  });
});
