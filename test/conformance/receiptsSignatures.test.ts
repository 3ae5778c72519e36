// Receipts, signatures and reader configuration (issue 33), from facts about the gateway's iOS
// SDK (ReceiptEntity.swift, SignatureEntity.swift, ClearentHttpClient.swift, Entities.swift's
// ReceiptResponse/SignatureResponse, ClearentConfigFetcher.m, ClearentConfiguration.m and its
// test answer) and its Android demo (PostReceiptTask.java, ReceiptDetail.java, testconfig.json):
// paths, headers, field names and types, and what each reads. Evidence in docs/sandbox.md.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flowName, ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

const json = { Accept: 'application/json', 'Content-Type': 'application/json' };
const apiHeaders = () => ({ ...json, 'api-key': sb.info.apiKey });
// A 1×1 PNG, as the SDK sends its signature view's image (base64 of PNG data).
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const publicKey = (): Promise<string> => sb.hppPublicKey();

/** A sale on the mobile path, as the SDK makes before it sends a signature or a receipt. */
async function mobileSale(): Promise<string> {
  const token = await sb.send('POST', '/rest/v2/mobilejwt/manual', {
    headers: { ...json, 'public-key': await publicKey() }, json: { card: '4111111111111111', 'exp-date': '1230' },
  });
  assert.equal(token.status, 200, token.text);
  const sale = await sb.send('POST', '/rest/v2/mobile/transactions/sale', {
    headers: { ...apiHeaders(), mobilejwt: token.json.payload['mobile-jwt'].jwt },
    json: { amount: '7.00', 'software-type': 'Xplor Pay SDK_4.0_iOS', 'software-type-version': '4.0' },
  });
  assert.equal(sale.status, 200, sale.text);
  return sale.json.payload.transaction.id;
}

/** The transaction as GET /rest/v2/transactions?id= shows it: its links name its receipts and signatures. */
async function linksOf(id: string): Promise<Array<{ rel: string; href: string; id: string }>> {
  const r = await sb.send('GET', `/rest/v2/transactions?id=${id}`, { headers: apiHeaders() });
  assert.equal(r.status, 200, r.text);
  return r.json.links;
}

describe('conformance: receipts, signatures and reader configuration', () => {
  it(flowName('mobile-ios-receipt'), async () => {
    const id = await mobileSale();
    const r = await sb.send('POST', '/rest/v2/receipts', { headers: apiHeaders(), json: { 'email-address': 'john@example.com', id: Number(id) } });
    assert.equal(r.status, 200, r.text);
    // ReceiptResponse: code, status, payload.payloadType (all required by the Codable struct).
    assert.equal(r.json.code, '200');
    assert.equal(r.json.status, 'success');
    assert.equal(r.json.payload.payloadType, 'receipt');
    const receipt = r.json.payload.receipt;
    assert.equal(receipt['transaction-id'], id);
    assert.equal(receipt['email-address'], 'john@example.com');
    const links = await linksOf(id);
    assert.ok(links.some((l) => l.rel === 'receipt' && l.id === receipt.id), JSON.stringify(links));
  });

  it(flowName('mobile-android-receipt'), async () => {
    const id = await mobileSale();
    // ReceiptDetail serializes the id as a string (Gson); the demo reads only the HTTP status.
    const r = await sb.send('POST', '/rest/v2/receipts', { headers: apiHeaders(), json: { 'email-address': 'jane@example.com', id } });
    assert.equal(r.status, 200, r.text);
    const again = await sb.send('POST', '/rest/v2/receipts', { headers: apiHeaders(), json: { 'email-address': 'jane@example.org', id } });
    assert.equal(again.status, 200, again.text);
    assert.equal((await linksOf(id)).filter((l) => l.rel === 'receipt').length, 2, 'each receipt sent is on its transaction');
  });

  it(flowName('mobile-ios-signature'), async () => {
    const id = await mobileSale();
    const send = () => sb.send('POST', '/rest/v2/signature', {
      headers: apiHeaders(), json: { 'base-64-image': PNG, created: '2026-12-02 10:15', 'transaction-id': Number(id) },
    });
    const r = await send();
    assert.equal(r.status, 200, r.text);
    // SignatureResponse: code, status, links (optional), payload.payloadType.
    assert.equal(r.json.code, '200');
    assert.equal(r.json.status, 'success');
    assert.equal(r.json.payload.payloadType, 'signature');
    assert.ok(Array.isArray(r.json.links));
    for (const link of r.json.links) for (const k of ['rel', 'href', 'id']) assert.equal(typeof link[k], 'string', k);
    const signature = r.json.payload.signature;
    assert.equal(signature['transaction-id'], id);
    // The SDK resends a signature when the first upload failed: the latest is the transaction's.
    const resent = await send();
    assert.equal(resent.status, 200, resent.text);
    const sigLinks = (await linksOf(id)).filter((l) => l.rel === 'signature');
    assert.deepEqual(sigLinks.map((l) => l.id), [resent.json.payload.signature.id]);
  });

  it(flowName('mobile-receipt-signature-refused'), async () => {
    const id = await mobileSale();
    const post = (path: string, body: unknown, headers: Record<string, string> = apiHeaders()) => sb.send('POST', path, { headers, json: body });
    const noKey = await post('/rest/v2/receipts', { id, 'email-address': 'a@example.com' }, json);
    assert.equal(noKey.status, 401, noKey.text);
    const badEmail = await post('/rest/v2/receipts', { id, 'email-address': 'not-an-address' });
    assert.equal(badEmail.status, 400, badEmail.text);
    assert.match(badEmail.json.payload.error['error-message'], /email-address/);
    const noId = await post('/rest/v2/receipts', { 'email-address': 'a@example.com' });
    assert.equal(noId.status, 400, noId.text);
    assert.match(noId.json.payload.error['error-message'], /\bid\b/);
    const unknown = await post('/rest/v2/receipts', { id: 999999999, 'email-address': 'a@example.com' });
    assert.equal(unknown.status, 404, unknown.text);
    const textId = await post('/rest/v2/signature', { 'base-64-image': PNG, 'transaction-id': 'abc' });
    assert.equal(textId.status, 400, textId.text);
    assert.match(textId.json.payload.error['error-message'], /transaction-id/);
    const noImage = await post('/rest/v2/signature', { 'base-64-image': '***', 'transaction-id': Number(id) });
    assert.equal(noImage.status, 400, noImage.text);
    assert.match(noImage.json.payload.error['error-message'], /base-64-image/);
    const unknownTx = await post('/rest/v2/signature', { 'base-64-image': PNG, 'transaction-id': 999999999 });
    assert.equal(unknownTx.status, 404, unknownTx.text);
    const sigNoKey = await post('/rest/v2/signature', { 'base-64-image': PNG, 'transaction-id': Number(id) }, json);
    assert.equal(sigNoKey.status, 401, sigNoKey.text);
  });

  it(flowName('mobile-reader-configuration'), async () => {
    // ClearentConfigFetcher: the serial cut to 10 characters, the kernel version URL-encoded, the public key as header.
    const path = `/rest/v2/mobile/devices/737T003754/${encodeURIComponent('EMV Common L2 V1.10')}`;
    const r = await sb.send('GET', path, { headers: { Accept: 'application/json', 'public-key': await publicKey(), exchangeChainId: 'xsdk-737T003754' } });
    assert.equal(r.status, 200, r.text);
    const device = r.json.payload['mobile-device'];
    assert.equal(r.json.payload.payloadType, 'mobile-device');
    assert.equal(device['device-serial-number'], '737T003754');
    assert.equal(device['kernel-version'], 'EMV Common L2 V1.10');
    // ClearentConfiguration is valid only with contact-aids and ca-public-keys.
    assert.ok(device['contact-aids'].length > 0);
    assert.ok(device['contactless-aids'].length > 0);
    for (const aid of device['contact-aids']) { assert.equal(typeof aid.name, 'string'); assert.equal(typeof aid['aid-values'], 'object'); }
    for (const capk of device['ca-public-keys']) {
      for (const k of ['name', 'rid', 'key-index', 'hash-algorithm', 'hash-value', 'modulus', 'big-endian-modulus-length', 'encryption-algorithm', 'key-exponent']) {
        assert.equal(typeof capk[k], 'string', k);
      }
    }
    const wrong = await sb.send('GET', path, { headers: { Accept: 'application/json', 'public-key': 'ab'.repeat(62) } });
    assert.equal(wrong.status, 401, wrong.text);
  });
});
