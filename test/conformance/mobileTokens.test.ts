// Web and mobile payment tokens (issue 33): typed card data is tokenized with the HPP public key
// as the `public-key` header (POST /rest/v2/mobilejwt/manual → payload["mobile-jwt"]), and the
// JWT is charged once on /rest/v2/mobile/transactions/{sale,refund} with a `mobilejwt` header
// next to the api-key. Each flow is written from facts about its client (paths, headers, fields,
// what it reads): the gateway's iOS SDK (manual entry, transaction token, HTTP client, sale
// entity), its Android demo (PostTransactionTask) and a restaurant web app on the JS SDK
// (checkout page and its API module); evidence in docs/sandbox.md.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flowName, ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

const json = { Accept: 'application/json', 'Content-Type': 'application/json' };
const apiHeaders = () => ({ ...json, 'api-key': sb.info.apiKey });

const publicKey = (): Promise<string> => sb.hppPublicKey();

/** The iOS SDK's manual entry: the card as typed, the public key as the only credential. */
async function manualToken(card = '4111111111111111', key?: string) {
  const pk = key ?? await publicKey();
  return sb.send('POST', '/rest/v2/mobilejwt/manual', {
    headers: { ...json, 'public-key': pk },
    json: { card, 'exp-date': '1230', csc: '999', 'software-type': 'ClearentIdtechIOSFramework', 'software-type-version': 'v2.1.0' },
  });
}

async function jwtFor(card = '4111111111111111'): Promise<string> {
  const r = await manualToken(card);
  assert.equal(r.status, 200, r.text);
  return r.json.payload['mobile-jwt'].jwt;
}

const mobileHeaders = (jwt: string) => ({ ...apiHeaders(), mobilejwt: jwt });

function decodePart(part: string): any {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

describe('conformance: web and mobile payment tokens', () => {
  it(flowName('mobile-manual-token'), async () => {
    const r = await manualToken();
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.code, '200');
    const token = r.json.payload['mobile-jwt'];
    assert.equal(token['last-four'], '1111');
    assert.equal(token['card-type'], 'VISA');
    assert.equal(typeof token.cvm, 'string');
    const parts = String(token.jwt).split('.');
    assert.equal(parts.length, 3, 'a three-part JWT');
    assert.equal(decodePart(parts[0]).typ, 'JWT');
    const claims = decodePart(parts[1]);
    assert.ok(claims.exp > claims.iat, 'the JWT says when it expires');
    assert.ok(!JSON.stringify(claims).includes('4111111111111111'), 'the JWT never carries the card number');
  });

  it(flowName('mobile-manual-token-refused'), async () => {
    const wrong = await manualToken('4111111111111111', 'ab'.repeat(62));
    assert.equal(wrong.status, 401, wrong.text);
    assert.equal(typeof wrong.json.payload.error['error-message'], 'string');
    const missing = await sb.send('POST', '/rest/v2/mobilejwt/manual', { headers: json, json: { card: '4111111111111111', 'exp-date': '1230' } });
    assert.equal(missing.status, 401, missing.text);
    const badCard = await manualToken('4111111111111112');
    assert.equal(badCard.status, 400, badCard.text);
    assert.match(badCard.json.payload.error['error-message'], /card/);
  });

  it(flowName('mobile-ios-sale-refund'), async () => {
    // SaleEntity: the amount and software fields; the card is the JWT's.
    const sale = await sb.send('POST', '/rest/v2/mobile/transactions/sale', {
      headers: mobileHeaders(await jwtFor()),
      json: { amount: '12.00', 'software-type': 'Xplor Pay SDK_4.0_iOS', 'software-type-version': '4.0', invoice: 'INV-1' },
    });
    assert.equal(sale.status, 200, sale.text);
    const tx = sale.json.payload.transaction;
    assert.equal(tx.type, 'SALE');
    assert.equal(tx.result, 'APPROVED');
    assert.equal(tx.card, 'XXXXXXXXXXXX1111');
    const refund = await sb.send('POST', '/rest/v2/mobile/transactions/refund', {
      headers: mobileHeaders(await jwtFor()), json: { amount: '2.00', 'software-type': 'Xplor Pay SDK_4.0_iOS', 'software-type-version': '4.0' },
    });
    assert.equal(refund.status, 200, refund.text);
    assert.equal(refund.json.payload.transaction.type, 'REFUND');
    // The SDK voids on the card path with the api-key alone.
    const voided = await sb.send('POST', '/rest/v2/transactions/void', { headers: apiHeaders(), json: { id: tx.id, type: 'VOID' } });
    assert.equal(voided.status, 200, voided.text);
    const batch = await sb.send('GET', `/rest/v2/transactions?id=${tx.id}`, { headers: apiHeaders() });
    assert.equal(batch.status, 200, batch.text);
  });

  it(flowName('mobile-android-sale'), async () => {
    const r = await sb.send('POST', '/rest/v2/mobile/transactions/sale', {
      headers: mobileHeaders(await jwtFor('5454545454545454')),
      json: { 'software-type': 'IDTech VP3300 demo', 'software-type-version': '1', type: 'SALE', amount: '3.00', 'create-token': 'false' },
    });
    assert.equal(r.status, 200, r.text);
    const tx = r.json.payload.transaction;
    for (const field of ['id', 'result', 'status', 'display-message']) assert.ok(tx[field], field);
    assert.equal(tx.card, 'XXXXXXXXXXXX5454');
  });

  it(flowName('mobile-android-sale-create-token'), async () => {
    // The demo's SaleTransaction carries create-token; set to "true", the card the JWT stands for
    // is kept in the vault, answered as the card path answers it (tokenResponse and a token link).
    const r = await sb.send('POST', '/rest/v2/mobile/transactions/sale', {
      headers: mobileHeaders(await jwtFor('5454545454545454')),
      json: { 'software-type': 'IDTech VP3300 demo', 'software-type-version': '1', type: 'SALE', amount: '3.00', 'create-token': 'true', 'token-description': 'demo card' },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.payload.transaction.result, 'APPROVED');
    const token = r.json.payload.tokenResponse;
    assert.match(token['token-id'], /^1\d{16,19}$/);
    assert.equal(token['last-four-digits'], '5454');
    assert.equal(token['card-type'], 'MASTERCARD');
    assert.equal(token['exp-date'], '1230');
    assert.equal(token.description, 'demo card');
    assert.deepEqual(r.json.links.map((l: { rel: string }) => l.rel), ['transaction', 'token']);
    assert.equal(r.json.links[1].id, token['token-id']);
    assert.ok(!r.text.includes('5454545454545454'), 'the answer never carries the card number');
    // Charged later by its id on the card path, like any vault token.
    const later = await sb.send('POST', '/rest/v2/transactions/sale', { headers: apiHeaders(), json: { type: 'SALE', amount: '4.00', card: token['token-id'] } });
    assert.equal(later.status, 200, later.text);
    assert.equal(later.json.payload.transaction.card, 'XXXXXXXXXXXX5454');
    const read = await sb.send('GET', `/rest/v2/tokens/${token['token-id']}`, { headers: apiHeaders() });
    assert.equal(read.json.payload.tokenResponse['times-used'], '1');
  });

  it(flowName('web-jssdk-sale'), async () => {
    const body = (amount: string, tip: string) => ({
      type: 'SALE', amount, 'sales-tax-amount': '0.80', 'sales-tax-type': 'LOCAL_SALES_TAX', 'software-type': 'Blueplate',
      'software-type-version': 'Provisio a1.4.0', 'service-fee': '0.30', 'tip-amount': tip, 'email-address': 'diner@example.com',
      'email-receipt': 'true', 'billing-is-shipping': 'true', billing: { zip: '85284' },
    });
    const approved = await sb.send('POST', '/rest/v2/mobile/transactions/sale', { headers: mobileHeaders(await jwtFor()), json: body('10.00', '1.00') });
    assert.equal(approved.status, 200, approved.text);
    // A decline (the amount includes the tip): the page shows payload.transaction["display-message"] of the error answer.
    const declined = await sb.send('POST', '/rest/v2/mobile/transactions/sale', { headers: mobileHeaders(await jwtFor()), json: body('0.23', '0.05') });
    assert.equal(declined.status, 402, declined.text);
    assert.equal(typeof declined.json.payload.transaction['display-message'], 'string');
    assert.equal(declined.json.payload.transaction.result, 'DECLINED');
  });

  it(flowName('mobile-jwt-refused'), async () => {
    const jwt = await jwtFor();
    const send = (token: string, headers: Record<string, string> = mobileHeaders(token)) =>
      sb.send('POST', '/rest/v2/mobile/transactions/sale', { headers, json: { amount: '4.00', 'software-type': 't', 'software-type-version': '1' } });
    assert.equal((await send(jwt)).status, 200);
    const reused = await send(jwt);
    assert.equal(reused.status, 401, reused.text);
    assert.match(reused.json.payload.error['error-message'], /used/);
    const [h, p, s] = (await jwtFor()).split('.');
    const claims = decodePart(p);
    const forged = [h, Buffer.from(JSON.stringify({ ...claims, 'last-four': '0000' })).toString('base64url'), s].join('.');
    assert.equal((await send(forged)).status, 401);
    const missing = await send('', apiHeaders());
    assert.equal(missing.status, 401, missing.text);
    const noKey = await send(await jwtFor(), { ...json, mobilejwt: await jwtFor() });
    assert.equal(noKey.status, 401, noKey.text);
    const late = await jwtFor();
    await sb.control('POST', 'clock/advance', { ms: 24 * 3600_000 });
    const expired = await send(late);
    assert.equal(expired.status, 401, expired.text);
    assert.match(expired.json.payload.error['error-message'], /expired/);
  });

  it(flowName('mobile-jwt-card-mismatch'), async () => {
    // A body that names a card must name the one the token stands for.
    const r = await sb.send('POST', '/rest/v2/mobile/transactions/sale', {
      headers: mobileHeaders(await jwtFor()), json: { amount: '5.00', card: '5454545454545454', 'exp-date': '1230', 'software-type': 't', 'software-type-version': '1' },
    });
    assert.equal(r.status, 400, r.text);
    assert.match(r.json.payload.error['error-message'], /card/);
  });
});
