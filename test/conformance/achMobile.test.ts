// ACH on the mobile path (issue 33): an ACH web app on the gateway's JavaScript SDK gets a one-time
// JWT from the SDK's ACH form (payload["mobile-jwt"].jwt) and debits the account with it on
// /rest/v2/ach/mobile/transactions/debit, sending `achmobilejwt` next to the api-key and a body
// of type "DEBIT", amount, individual-name, account-type, SEC code, invoice, description,
// software fields and create-token; it reads payload["ach-transaction"] (id, status, token-id,
// the account's last four). Written from facts about the client (its provider module and billing
// page), never its code; the sandbox's stand-in for the SDK form's own call is
// POST /rest/v2/mobilejwt/ach (docs/sandbox.md "ACH on the mobile path").
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flowName, ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

const ACCOUNT = '4000123456780001';
const json = { Accept: 'application/json', 'Content-Type': 'application/json' };
const apiHeaders = () => ({ ...json, 'api-key': sb.info.apiKey });

const publicKey = (): Promise<string> => sb.hppPublicKey();

/** What the SDK's ACH form collects (account and routing number, account type), with the public key alone. */
async function achForm(account = ACCOUNT, extra: Record<string, unknown> = {}) {
  return sb.send('POST', '/rest/v2/mobilejwt/ach', {
    headers: { ...json, 'public-key': await publicKey() },
    json: { 'routing-number': '081009813', 'account-number': account, 'account-type': 'Checking', ...extra },
  });
}

async function achJwt(account = ACCOUNT): Promise<string> {
  const r = await achForm(account);
  assert.equal(r.status, 200, r.text);
  return r.json.payload['mobile-jwt'].jwt;
}

async function cardJwt(): Promise<string> {
  const r = await sb.send('POST', '/rest/v2/mobilejwt/manual', {
    headers: { ...json, 'public-key': await publicKey() }, json: { card: '4111111111111111', 'exp-date': '1230' },
  });
  assert.equal(r.status, 200, r.text);
  return r.json.payload['mobile-jwt'].jwt;
}

/** The web app's debit body. */
const debitBody = (extra: Record<string, unknown> = {}) => ({
  amount: '49.00', type: 'DEBIT', 'individual-name': 'Jordan Smith', 'account-type': 'Checking',
  'standard-entry-class-code': 'WEB', invoice: 'SUB-1001', description: 'Subscription SUB-1001',
  'software-type': 'ScoutLine', 'software-type-version': '1.0', 'create-token': 'true', 'token-description': 'Recurring ACH', ...extra,
});

const debit = (jwt: string | undefined, body: Record<string, unknown> = debitBody(), headers: Record<string, string> = apiHeaders()) =>
  sb.send('POST', '/rest/v2/ach/mobile/transactions/debit', { headers: jwt === undefined ? headers : { ...headers, achmobilejwt: jwt }, json: body });

const errorText = (r: { json?: any }): string => r.json.payload.error['error-message'];

describe('conformance: ACH on the mobile path', () => {
  it(flowName('ach-mobile-debit'), async () => {
    const minted = await achForm();
    assert.equal(minted.status, 200, minted.text);
    assert.equal(minted.json.payload['mobile-jwt']['last-four'], '0001');
    assert.ok(!minted.text.includes(ACCOUNT), 'the JWT answer never carries the account number');

    const r = await debit(minted.json.payload['mobile-jwt'].jwt);
    assert.equal(r.status, 200, r.text);
    const tx = r.json.payload['ach-transaction'];
    assert.match(tx.id, /^ach-\d+$/);
    assert.equal(tx.type, 'Debit');
    assert.equal(tx.status, 'Pending');
    assert.equal(tx['account-number'], '0001');
    assert.equal(tx['routing-number'], '081009813');
    assert.equal(tx['individual-name'], 'Jordan Smith');
    assert.match(tx['token-id'], /^ach-/);
    assert.ok(!r.text.includes(ACCOUNT), 'the answer never carries the account number');

    // The same transaction as the ACH paths keep it: found, moved by the windows, returned by the table (…0001 → R01).
    await sb.control('POST', 'clock/advance', { next: 'ach-window' });
    await sb.control('POST', 'clock/advance', { next: 'ach-window' });
    const read = await sb.send('GET', `/rest/v2/ach/transactions/${tx.id}`, { headers: apiHeaders() });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.json.payload['ach-transaction'].status, 'Returned');
    assert.equal(read.json.payload['ach-transaction']['returned-code'], 'R01');

    // Later charges use the ACH token on the ACH path (the app's recurring debit).
    const again = await sb.send('POST', '/rest/v2/ach/transactions/debit', {
      headers: apiHeaders(), json: { type: 'Debit', amount: '49.00', 'standard-entry-class-code': 'WEB', 'token-id': tx['token-id'] },
    });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.payload['ach-transaction']['account-number'], '0001');
  });

  it(flowName('ach-mobile-jwt-refused'), async () => {
    const jwt = await achJwt('1234567890');
    assert.equal((await debit(jwt)).status, 200);
    const reused = await debit(jwt);
    assert.equal(reused.status, 401, reused.text);
    assert.equal(reused.json.payload.error['result-code'], '042');
    assert.match(errorText(reused), /already used/);

    const missing = await debit(undefined);
    assert.equal(missing.status, 401, missing.text);
    assert.match(errorText(missing), /achmobilejwt header is missing/);
    const noKey = await debit(await achJwt('1234567890'), debitBody(), json);
    assert.equal(noKey.status, 401, noKey.text);

    // A card's JWT is not a bank account's, nor the other way round: refused, and not spent.
    const card = await cardJwt();
    const cardAsAch = await debit(card);
    assert.equal(cardAsAch.status, 401, cardAsAch.text);
    assert.match(errorText(cardAsAch), /for a card, not a bank account: send it as mobilejwt/);
    const sale = await sb.send('POST', '/rest/v2/mobile/transactions/sale', { headers: { ...apiHeaders(), mobilejwt: card }, json: { amount: '3.00' } });
    assert.equal(sale.status, 200, sale.text);
    const ach = await achJwt('1234567890');
    const achAsCard = await sb.send('POST', '/rest/v2/mobile/transactions/sale', { headers: { ...apiHeaders(), mobilejwt: ach }, json: { amount: '3.00' } });
    assert.equal(achAsCard.status, 401, achAsCard.text);
    assert.match(errorText(achAsCard), /for a bank account, not a card: send it as achmobilejwt/);
    const credit = await sb.send('POST', '/rest/v2/ach/mobile/transactions/credit', {
      headers: { ...apiHeaders(), achmobilejwt: ach }, json: { type: 'CREDIT', amount: '5.00', 'standard-entry-class-code': 'PPD' },
    });
    assert.equal(credit.status, 200, credit.text);
    assert.equal(credit.json.payload['ach-transaction'].type, 'Credit');

    const late = await achJwt('1234567890');
    await sb.control('POST', 'clock/advance', { ms: 11 * 60_000 });
    const expired = await debit(late);
    assert.equal(expired.status, 401, expired.text);
    assert.match(errorText(expired), /expired/);
  });

  it(flowName('ach-mobile-bad-input'), async () => {
    const badForm = await achForm('12345678901234567890', { 'routing-number': '081009812', 'account-type': 'Brokerage' });
    assert.equal(badForm.status, 400, badForm.text);
    assert.equal(badForm.json.payload.error['result-code'], '041');
    for (const field of ['routing-number', 'account-number', 'account-type']) assert.match(errorText(badForm), new RegExp(field));
    assert.ok(!badForm.text.includes('12345678901234567890'), 'a refused account number is not echoed');

    const jwt = await achJwt('1234567890');
    const noAmount = await debit(jwt, debitBody({ amount: undefined, 'standard-entry-class-code': 'XYZ' }));
    assert.equal(noAmount.status, 400, noAmount.text);
    assert.match(errorText(noAmount), /amount is required/);
    assert.match(errorText(noAmount), /standard-entry-class-code/);
    const otherAccount = await debit(jwt, debitBody({ 'account-number': '9999999999', 'routing-number': '063100277' }));
    assert.equal(otherAccount.status, 400, otherAccount.text);
    assert.match(errorText(otherAccount), /account-number is not that of the account the achmobilejwt stands for/);
    assert.match(errorText(otherAccount), /routing-number/);
    assert.ok(!otherAccount.text.includes('9999999999'), 'the account number sent is not echoed');
    const withToken = await debit(jwt, debitBody({ 'token-id': 'ach-1200000000011111' }));
    assert.equal(withToken.status, 400, withToken.text);
    assert.match(errorText(withToken), /token-id/);
    const wrongType = await debit(jwt, debitBody({ type: 'CREDIT' }));
    assert.equal(wrongType.status, 400, wrongType.text);
    assert.match(errorText(wrongType), /type "CREDIT" contradicts this endpoint/);

    // A refused request changed nothing: the JWT still charges once.
    assert.equal((await debit(jwt)).status, 200);
  });
});
