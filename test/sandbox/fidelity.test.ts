// What real clients of the gateway send and read, against the sandbox: echoed fields, AVS and
// CSC results, settings that change answers, and settings in JSON.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningSandbox } from '../../src/sandbox/server';
import { AVS_BY_ZIP, CSC_BY_VALUE } from '../../src/catalog/localSandbox/verificationValues';
import { call, sale, startTestSandbox } from './sandboxTestClient';

let sb: RunningSandbox;
before(async () => { sb = await startTestSandbox(); });
after(() => sb.close());
beforeEach(() => sb.control.reset());

const json = { accept: 'application/json' };

async function putSettings(path: string, body: unknown): Promise<void> {
  const r = await call(sb, 'PUT', `/rest/v2/settings${path}`, { json: body, headers: json });
  assert.ok(r.status === 200 || r.status === 201, `${path}: ${r.text}`);
}

describe('card transactions echo what was sent', () => {
  it('answers billing, shipping, billing-is-shipping, sales tax, client-ip and software', async () => {
    const billing = { 'first-name': 'Ada', 'last-name': 'Lovelace', street: '1 Main St', city: 'Tempe', state: 'AZ', zip: '85284', country: 'US' };
    const sent = {
      billing, shipping: { ...billing, street: '2 Side St' }, 'billing-is-shipping': 'false', 'sales-tax-amount': '1.00',
      'sales-tax-type': 'LOCAL_SALES_TAX', 'client-ip': '203.0.113.9', 'software-type': 'shop', 'software-type-version': '1.2',
    };
    const tx = (await sale(sb, '11.00', sent)).body.payload.transaction;
    for (const [k, v] of Object.entries(sent)) assert.deepEqual(tx[k], v, k);
    const found = (await call(sb, 'GET', `/rest/v2/transactions?id=${tx.id}`)).body.payload.transactions.transaction[0];
    assert.deepEqual(found.billing, billing, 'the search answers the echo too');
  });
});

describe('AVS and CSC results', () => {
  it('answers a result code and description whenever a zip or a CSC is sent, from the documented table', async () => {
    const plain = (await sale(sb, '2.00')).body.payload.transaction;
    assert.equal(plain['csc-result-code'], 'M', 'the helper sends csc 999: a match');
    const none = (await call(sb, 'POST', '/rest/v2/transactions/sale', { json: { amount: '2.00', card: '4111111111111111', 'exp-date': '1230' } })).body.payload.transaction;
    assert.equal(none['csc-result-code'], undefined, 'no CSC sent, no CSC result');
    assert.equal(none['avs-result-code'], undefined, 'no address sent, no AVS result');
    for (const [zip, want] of Object.entries(AVS_BY_ZIP)) {
      const tx = (await sale(sb, '2.00', { billing: { zip, street: '1 Main St' } })).body.payload.transaction;
      assert.equal(tx['avs-result-code'], want.code, zip);
      assert.equal(tx['avs-result-code-description'], want.description);
    }
    assert.equal((await sale(sb, '2.00', { billing: { zip: '85284' } })).body.payload.transaction['avs-result-code'], 'Y');
    assert.equal((await sale(sb, '2.00', { billing: { zip: '852841234' } })).body.payload.transaction['avs-result-code'], 'X');
    assert.equal((await sale(sb, '2.00', { billing: { zip: '300001234' } })).body.payload.transaction['avs-result-code'], 'W');
    await putSettings('/terminal/csc', { enabled: false });
    for (const [csc, want] of Object.entries(CSC_BY_VALUE)) {
      const tx = (await sale(sb, '2.00', { csc })).body.payload.transaction;
      assert.equal(tx['csc-result-code'], want.code, csc);
    }
    const invalidCsc = await sale(sb, '0.48');
    assert.equal(invalidCsc.status, 402);
    assert.equal(invalidCsc.body.payload.transaction['csc-result-code'], 'N', 'the "Invalid CSC" amount reports a mismatch');
  });
});

describe('settings take effect', () => {
  it('duplicate checking: 045 with check-field-duplicate inside the window, by card or by invoice', async () => {
    const first = await sale(sb, '7.00', { invoice: 'A-1' });
    assert.equal(first.status, 200);
    assert.equal((await sale(sb, '7.00', { invoice: 'A-1' })).status, 200, 'off by default');
    await putSettings('/transaction/duplicates', { enabled: true, 'time-range-in-minutes': 5, 'if-duplicate-found-respond-with-error': true, 'include-invoice': false, 'check-merchant-level': false, 'use-invoice-instead-of-card': false });
    const dup = await sale(sb, '7.00', { invoice: 'A-2' });
    assert.equal(dup.status, 402);
    assert.equal(dup.body.payload.error['result-code'], '045');
    assert.equal(dup.body.payload.transaction['check-field-duplicate'], true, 'a JSON boolean (S3 TransactionModel)');
    assert.equal((await sale(sb, '7.01')).status, 200, 'another amount is no duplicate');
    const byInvoice = await sale(sb, '7.00', { invoice: 'A-3', 'check-field': 'invoice' });
    assert.equal(byInvoice.status, 200, 'check-field invoice compares invoices: A-3 is new');
    assert.equal((await sale(sb, '7.00', { invoice: 'A-3', 'check-field': 'invoice', card: '5555555555554444' })).status, 402, 'same invoice, other card');
    sb.control.advanceClock(6 * 60_000);
    assert.equal((await sale(sb, '7.00')).status, 200, 'outside the window');
    await putSettings('/transaction/duplicates', { 'if-duplicate-found-respond-with-error': false });
    const flagged = await sale(sb, '7.00');
    assert.equal(flagged.status, 200);
    assert.equal(flagged.body.payload.transaction['check-field-duplicate'], true, 'flagged, not refused');
  });

  it('AVS filter: 046 when the result is not allowed', async () => {
    await putSettings('/terminal/avs', { enabled: true, 'response-filters': { 'response-filter': [{ name: 'NO_MATCH', allowed: false }] } });
    const refused = await sale(sb, '3.00', { billing: { zip: '40000', street: '1 Main St' } });
    assert.equal(refused.status, 402);
    assert.equal(refused.body.payload.error['result-code'], '046');
    assert.match(refused.body.payload.error['error-message'], /^AVS Response Not Accepted/);
    assert.equal((await sale(sb, '3.00', { billing: { zip: '85284' } })).status, 200);
  });

  it('CSC filter: 047 for a mismatch, 048 for an unverified CSC, by the accepted responses', async () => {
    const mismatch = await sale(sb, '4.00', { csc: '000' });
    assert.equal(mismatch.status, 402, 'the default accepts only CSC_MATCHED');
    assert.equal(mismatch.body.payload.error['result-code'], '047');
    const unverified = await sale(sb, '4.00', { csc: '001' });
    assert.equal(unverified.body.payload.error['result-code'], '048');
    await putSettings('/terminal/csc', { enabled: true, 'response-filters': 'CSC_MATCHED, CSC_NOT_PROCESSED' });
    assert.equal((await sale(sb, '4.00', { csc: '001' })).status, 200);
  });
});

describe('settings and batches in JSON', () => {
  it('answers JSON with typed values on Accept: application/json, XML otherwise', async () => {
    const terminal = await call(sb, 'GET', '/rest/v2/settings/terminal', { headers: json });
    assert.match(terminal.headers.get('content-type') ?? '', /json/);
    assert.equal(terminal.body.payload.payloadType, 'terminal-settings');
    assert.equal(terminal.body.payload['terminal-settings']['enable-tip'], true);
    const hpp = await call(sb, 'GET', '/rest/v2/settings/terminal/hpp', { headers: json });
    assert.equal(typeof hpp.body.payload['hpp-settings']['hpp-public-key'], 'string');
    const dups = await call(sb, 'GET', '/rest/v2/settings/transaction/duplicates', { headers: json });
    assert.equal(dups.body.payload['check-duplicate-transaction-settings']['time-range-in-minutes'], 10);
    const xml = await call(sb, 'GET', '/rest/v2/settings/terminal');
    assert.equal(xml.body.object.payloadType, 'terminal-settings');
  });

  it('accepts JSON bodies (plain or wrapped in the element) and closes a batch with one', async () => {
    await putSettings('/terminal', { 'terminal-settings': { 'enable-tip': false } });
    const after = await call(sb, 'GET', '/rest/v2/settings/terminal', { headers: json });
    assert.equal(after.body.payload['terminal-settings']['enable-tip'], false);
    const closed = await call(sb, 'PUT', '/rest/v1/batches/open', { json: { 'software-type': 'java-sample', lastBatchClosedRequiredInResponse: true }, headers: json });
    assert.equal(closed.status, 200);
    assert.equal(closed.body.payload.payloadType, 'batch');
    assert.equal(closed.body.payload.batch.status, 'CLOSED');
    const bad = await call(sb, 'PUT', '/rest/v2/settings/terminal', { json: { 'enable-tip': 'maybe' }, headers: json });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.payload.error['result-code'], '041');
  });
});

describe('vault and ACH bodies', () => {
  it('takes the card token fields the facts list and ignores unknown ones', async () => {
    const created = await call(sb, 'POST', '/rest/v2/tokens', { json: {
      card: '4111111111111111', 'exp-date': '1230', 'last-four-digits': '1111', status: 'Active', 'customer-key': 'C-1',
      description: 'plugin card', default: true, 'g-recaptcha-response': 'x', level3: { items: [] },
    } });
    assert.equal(created.status, 200, created.text);
    const token = created.body.payload.tokenResponse;
    assert.equal(token['last-four-digits'], '1111');
    assert.equal(token.status, 'Active');
    assert.equal(token['customer-key'], 'C-1');
    assert.equal(token.default, 'true');
    const wrongFour = await call(sb, 'POST', '/rest/v2/tokens', { json: { card: '4111111111111111', 'exp-date': '1230', 'last-four-digits': '9999' } });
    assert.equal(wrongFour.status, 400);
    const swiped = await call(sb, 'POST', '/rest/v2/tokens', { json: { 'track-format': 'TRACK2', 'track2-data': ';5555555555554444=30121010000000000000?' } });
    assert.equal(swiped.status, 200, swiped.text);
    assert.equal(swiped.body.payload.tokenResponse['exp-date'], '1230');
    assert.ok(!swiped.text.includes('5555555555554444'));
    const encrypted = await call(sb, 'POST', '/rest/v2/tokens', { json: { 'encrypted-track-data': 'ABCDEF' } });
    assert.equal(encrypted.status, 400);
    assert.match(encrypted.body.payload.error['error-message'], /encrypted-track-data/);
    const updated = await call(sb, 'PUT', `/rest/v2/tokens/${token['token-id']}`, { json: { status: 'Inactive', captcha: 'x' } });
    assert.equal(updated.body.payload.tokenResponse.status, 'Inactive');
  });

  it('ignores unknown fields on ACH bodies and a body on DELETE', async () => {
    const tx = await call(sb, 'POST', '/rest/v2/ach/transactions/debit', { json: {
      amount: '5.00', 'routing-number': '081009813', 'account-number': '1234567890', 'account-type': 'checking',
      'standard-entry-class-code': 'WEB', 'individual-name': 'Jo', level3: { x: 1 }, 'g-recaptcha-response': 'y',
    } });
    assert.equal(tx.status, 200, tx.text);
    const id = tx.body.payload['ach-transaction'].id;
    const voided = await call(sb, 'DELETE', `/rest/v2/ach/transactions/${id}`, { json: { type: 'void', id } });
    assert.equal(voided.status, 200, voided.text);
    assert.equal(voided.body.payload['ach-transaction'].status, 'Void');
  });

  it('answers 028 with the existing token in links[0].id for a second ACH token of the same account', async () => {
    const body = { 'routing-number': '081009813', 'account-number': '1234567890', 'account-type': 'checking', 'individual-name': 'Jo', 'software-type': 's', 'software-type-version': '1' };
    const first = await call(sb, 'POST', '/rest/v2/ach/tokens', { json: body });
    assert.equal(first.status, 200, first.text);
    const tokenId = first.body.payload['ach-token']['token-id'];
    const again = await call(sb, 'POST', '/rest/v2/ach/tokens', { json: body });
    assert.equal(again.body.payload.payloadType, 'error');
    assert.equal(again.body.payload.error['result-code'], '028');
    assert.equal(again.body.links[0].id, tokenId);
    const other = await call(sb, 'POST', '/rest/v2/ach/tokens', { json: { ...body, 'account-number': '1234567891' } });
    assert.equal(other.status, 200, 'another account gets its own token');
  });
});

describe('boarding credentials', () => {
  it('creates a merchant under a hierarchy node with AccessKey alone; needs a matching MerchantId where the path has a merchant number', async () => {
    const create = await fetch(`${sb.boardingUrl}/api/launchIntegratorSetup/v1.0/integrateMerchant/4788000000000009`, {
      method: 'POST', headers: { AccessKey: sb.accessKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ merchantInformation: { dbaName: 'Shop', emailAddress: 'a@example.com' }, salesProfile: { mccCode: '5999' } }),
    });
    assert.equal(create.status, 201, await create.clone().text());
    const merchantNumber = (await create.json() as any).merchant.merchantInformation.merchantNumber;
    const path = `/api/launchIntegratorSetup/v1.0/integrateMerchant/merchants/${merchantNumber}`;
    const get = (merchantId?: string) => fetch(sb.boardingUrl + path, { headers: { AccessKey: sb.accessKey, ...(merchantId ? { MerchantId: merchantId } : {}) } });
    assert.equal((await get()).status, 401);
    assert.equal((await get(merchantNumber)).status, 200);
    assert.equal((await get(sb.merchantId)).status, 200, 'the integrator\'s own MerchantId');
    assert.equal((await get('1111222233334444')).status, 403);
  });
});
