import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, sale, startTestSandbox, VISA } from './sandboxTestClient';

let sb: RunningSandbox;
before(async () => { sb = await startTestSandbox(); });
after(() => sb.close());

describe('card transactions', () => {
  it('approves a sale with the gateway envelope, masked card and a link', async () => {
    const r = await sale(sb, '25.00', { invoice: 'INV-1' });
    assert.equal(r.status, 200);
    assert.equal(r.body.code, '200');
    assert.equal(r.body.status, 'success');
    assert.match(r.body['exchange-id'], /^ID-clearent-cgw-1-\d+-0-\d+$/);
    assert.equal(r.headers.get('exchange-id'), r.body['exchange-id']);
    const tx = r.body.payload.transaction;
    assert.equal(r.body.payload.payloadType, 'transaction');
    assert.equal(tx.result, 'APPROVED');
    assert.equal(tx['result-code'], '000');
    assert.match(tx['authorization-code'], /^TAS\d{3}$/);
    assert.equal(tx.card, 'XXXXXXXXXXXX1111');
    assert.equal(tx['card-type'], 'VISA');
    assert.equal(tx.invoice, 'INV-1');
    assert.match(tx.created, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    assert.ok(tx['batch-string-id']);
    assert.deepEqual(r.body.links, [{ rel: 'transaction', href: `/rest/v2/transactions?id=${tx.id}`, id: tx.id }]);
    assert.ok(!r.text.includes(VISA));
  });

  it('captures an authorization up to the authorized amount plus a tip, once', async () => {
    const auth = (await call(sb, 'POST', '/rest/v2/transactions/auth', { json: { amount: '40.00', card: VISA, 'exp-date': '1230' } })).body.payload.transaction;
    const tooMuch = await call(sb, 'POST', '/rest/v2/transactions/capture', { json: { id: auth.id, amount: '40.01' } });
    assert.equal(tooMuch.status, 400);
    assert.equal(tooMuch.body.payload.error['result-code'], '044');
    const cap = await call(sb, 'POST', '/rest/v2/transactions/capture', { json: { id: auth.id, amount: '45.00', 'tip-amount': '5.00' } });
    assert.equal(cap.status, 200);
    assert.equal(cap.body.payload.transaction.type, 'CAPTURE');
    assert.equal(cap.body.payload.transaction.amount, '45.00');
    assert.equal(cap.body.payload.transaction['authorization-code'], auth['authorization-code']);
    const again = await call(sb, 'POST', '/rest/v2/transactions/capture', { json: { id: auth.id } });
    assert.equal(again.status, 402);
  });

  it('requires authorization-code on a forced sale and keeps it', async () => {
    const missing = await call(sb, 'POST', '/rest/v2/transactions/forced-sale', { json: { amount: '9.00', card: VISA, 'exp-date': '1230' } });
    assert.equal(missing.status, 400);
    assert.match(missing.body.payload.error['error-message'], /authorization-code/);
    const ok = await call(sb, 'POST', '/rest/v2/transactions/forced-sale', { json: { amount: '9.00', card: VISA, 'exp-date': '1230', 'authorization-code': 'APPC10' } });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.payload.transaction.type, 'FORCED SALE');
    assert.equal(ok.body.payload.transaction['authorization-code'], 'APPC10');
  });

  it('refunds by id and refuses more than the refundable amount with 402/025', async () => {
    const id = (await sale(sb, '30.00')).body.payload.transaction.id;
    const first = await call(sb, 'POST', '/rest/v2/transactions/refund', { json: { type: 'REFUND', id, amount: '20.00' } });
    assert.equal(first.status, 200);
    assert.equal(first.body.payload.transaction.type, 'REFUND');
    const over = await call(sb, 'POST', '/rest/v2/transactions/refund', { json: { id, amount: '10.01' } });
    assert.equal(over.status, 402);
    assert.equal(over.body.payload.error['result-code'], '025');
    assert.match(over.body.payload.error['error-message'], /Exceeds Maximum Refundable Amount.*10\.00/);
    const rest = await call(sb, 'POST', '/rest/v2/transactions/refund', { json: { id, amount: '10.00' } });
    assert.equal(rest.status, 200);
    const noId = await call(sb, 'POST', '/rest/v2/transactions/refund', { json: { amount: '1.00' } });
    assert.equal(noId.status, 400);
    assert.equal(noId.body.payload.error['result-code'], '003');
  });

  it('voids an open-batch sale once and marks it voided', async () => {
    const id = (await sale(sb, '12.00')).body.payload.transaction.id;
    const v = await call(sb, 'POST', '/rest/v2/transactions/void', { json: { type: 'VOID', id } });
    assert.equal(v.status, 200);
    assert.equal(v.body.payload.transaction.type, 'VOID');
    const found = await call(sb, 'GET', `/rest/v2/transactions?id=${id}`);
    assert.equal(found.body.payload.transactions.transaction[0].voided, 'true');
    const twice = await call(sb, 'POST', '/rest/v2/transactions/void', { json: { id } });
    assert.equal(twice.status, 402);
    const unknown = await call(sb, 'POST', '/rest/v2/transactions/void', { json: { id: '999999999' } });
    assert.equal(unknown.status, 404);
  });

  it('adjusts the tip of a sale', async () => {
    const id = (await sale(sb, '20.00', { 'tip-amount': '2.00' })).body.payload.transaction.id;
    const r = await call(sb, 'PUT', `/rest/v2/transactions/${id}`, { json: { 'tip-amount': '5.00' } });
    assert.equal(r.status, 200);
    const tx = r.body.payload.transaction;
    assert.equal(tx.amount, '23.00');
    assert.equal(tx['tip-amount'], '5.00');
    assert.equal(tx['tip-adjusted'], 'true');
    const bad = await call(sb, 'PUT', `/rest/v2/transactions/${id}`, { json: { 'tip-amount': 'five' } });
    assert.equal(bad.status, 400);
  });

  for (const [amount, code] of [['0.21', '012'], ['0.04', '004'], ['0.48', '021'], ['0.54', '032']] as const) {
    it(`declines amount ${amount} with 402 and result-code ${code}`, async () => {
      const r = await sale(sb, amount);
      assert.equal(r.status, 402);
      assert.equal(r.body.status, 'fail');
      assert.equal(r.body.payload.transaction.result, 'DECLINED');
      assert.equal(r.body.payload.transaction['result-code'], code);
      assert.equal(r.body.payload.error['result-code'], code);
    });
  }

  it('approves 0.49, which the facts list as approved', async () => {
    assert.equal((await sale(sb, '0.49')).status, 200);
  });

  it('rejects a card failing Luhn with 400/041 naming the field', async () => {
    const r = await call(sb, 'POST', '/rest/v2/transactions/sale', { json: { amount: '5.00', card: '4111111111111112', 'exp-date': '1230' } });
    assert.equal(r.status, 400);
    assert.equal(r.body.payload.error['result-code'], '041');
    assert.match(r.body.payload.error['error-message'], /card/);
    assert.ok(!r.text.includes('4111111111111112'));
  });

  it('rejects an expired card on the sandbox clock', async () => {
    const r = await call(sb, 'POST', '/rest/v2/transactions/sale', { json: { amount: '5.00', card: VISA, 'exp-date': '0225' } });
    assert.equal(r.status, 400);
    assert.match(r.body.payload.error['error-message'], /exp-date/);
  });

  it('takes an XML body and answers XML with <payload type="transaction">', async () => {
    const r = await call(sb, 'POST', '/rest/v2/transactions/sale', {
      xml: `<transaction><type>SALE</type><amount>7.50</amount><card>${VISA}</card><exp-date>1230</exp-date></transaction>`,
    });
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /xml/);
    assert.equal(r.body.response.code, '200');
    assert.equal(r.body.response.payload['@_type'], 'transaction');
    assert.equal(r.body.response.payload.transaction.amount, '7.50');
  });

  it('answers XML to a JSON request that accepts application/xml', async () => {
    const r = await call(sb, 'GET', '/rest/v2/transactions?page-size=1', { headers: { accept: 'application/xml' } });
    assert.equal(r.status, 200);
    assert.equal(r.body.response.payload['@_type'], 'transactions');
  });

  it('answers malformed JSON and XML with 400 naming line and column', async () => {
    const j = await call(sb, 'POST', '/rest/v2/transactions/sale', { raw: { contentType: 'application/json', text: '{\n  "amount": "1.00",\n  "card": }' } });
    assert.equal(j.status, 400);
    assert.match(j.body.payload.error['error-message'], /line 3, column \d+/);
    const x = await call(sb, 'POST', '/rest/v2/transactions/sale', { xml: '<transaction>\n<amount>1.00</amount>\n<card></transaction>' });
    assert.equal(x.status, 400);
    assert.match(x.body.response.payload.error['error-message'], /line 3, column \d+/);
  });

  it('refuses entity declarations, unsupported types, bodies where none belongs and bodies over 1 MB', async () => {
    const ent = await call(sb, 'POST', '/rest/v2/transactions/sale', { xml: '<!DOCTYPE t [<!ENTITY x "y">]><transaction><amount>&x;</amount></transaction>' });
    assert.equal(ent.status, 400);
    const form = await call(sb, 'POST', '/rest/v2/transactions/sale', { raw: { contentType: 'application/x-www-form-urlencoded', text: 'amount=1.00' } });
    assert.equal(form.status, 415);
    // fetch will not send a body on GET; node's own client will.
    const { request } = await import('node:http');
    const got = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const r = request(`${sb.gatewayUrl}/rest/v2/tokens/123`, { method: 'GET', headers: { 'api-key': sb.apiKey, 'content-type': 'application/json', 'content-length': '9' } }, (res) => {
        let text = '';
        res.on('data', (c) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      r.on('error', reject);
      r.end('{"a":"b"}');
    });
    assert.equal(got.status, 400);
    assert.match(got.text, /takes no body/);
    // DELETE bodies are ignored (a production platform sends one when voiding ACH): the
    // request is answered as if it had none, here 404 for an unknown token.
    const res = await fetch(`${sb.gatewayUrl}/rest/v2/tokens/123`, { method: 'DELETE', headers: { 'api-key': sb.apiKey, 'content-type': 'application/json' }, body: '{"a":"b"}' });
    assert.equal(res.status, 404);
    const big = await call(sb, 'POST', '/rest/v2/transactions/sale', { raw: { contentType: 'application/json', text: `{"x":"${'a'.repeat(1024 * 1024)}"}` } });
    assert.equal(big.status, 413);
  });

  it('searches by type and paginates newest first', async () => {
    for (const amount of ['1.01', '1.02', '1.03']) await sale(sb, amount, { 'order-id': 'PAGE-TEST' });
    const p0 = await call(sb, 'GET', '/rest/v2/transactions?order-id=PAGE-TEST&page-size=2');
    assert.equal(p0.body.page['total-elements'], 3);
    assert.equal(p0.body.page['total-pages'], 2);
    assert.deepEqual(p0.body.payload.transactions.transaction.map((t: any) => t.amount), ['1.03', '1.02']);
    assert.equal(p0.body.page.number, 1, 'pages are numbered from 1');
    assert.equal(p0.body.page.first, true);
    const explicitFirst = await call(sb, 'GET', '/rest/v2/transactions?order-id=PAGE-TEST&page-size=2&page=1');
    assert.deepEqual(explicitFirst.body.page, p0.body.page, 'page=1 is the first page');
    const zero = await call(sb, 'GET', '/rest/v2/transactions?order-id=PAGE-TEST&page-size=2&page=0');
    assert.deepEqual(zero.body.page, p0.body.page, 'page=0 is read as the first page too');
    const p2 = await call(sb, 'GET', '/rest/v2/transactions?order-id=PAGE-TEST&page-size=2&page=2');
    assert.deepEqual(p2.body.payload.transactions.transaction.map((t: any) => t.amount), ['1.01']);
    assert.equal(p2.body.page.last, true);
    assert.equal(p2.body.page.number, p2.body.page['total-pages'], 'a poller stops at number == total-pages');
    const asc = await call(sb, 'GET', '/rest/v2/transactions?order-id=PAGE-TEST&isDescending=false');
    assert.equal(asc.body.payload.transactions.transaction[0].amount, '1.01');
    const dated = await call(sb, 'GET', `/rest/v2/transactions?order-id=PAGE-TEST&start-date=${encodeURIComponent('2025-03-03 00:00')}&end-date=${encodeURIComponent('2025-03-04 00:00')}`);
    assert.equal(dated.body.page['total-elements'], 3);
    const tooBig = await call(sb, 'GET', '/rest/v2/transactions?page-size=101');
    assert.equal(tooBig.status, 400);
  });
});
