import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, sale, seededRandom, startTestSandbox, VISA } from './sandboxTestClient';

let sb: RunningSandbox;
before(async () => { sb = await startTestSandbox(); });
after(() => sb.close());

const cents = (s: string) => Math.round(Number(s) * 100);

async function openBatch(): Promise<Record<string, string>> {
  const r = await call(sb, 'GET', '/rest/v1/batches/open');
  assert.equal(r.status, 200);
  assert.equal(r.body.object.payloadType, 'batch');
  return r.body.object.batch;
}

describe('batches', () => {
  it('keeps totals equal to the sum of the open batch transactions after 200 random operations', async () => {
    const rnd = seededRandom(20250303);
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
    const amount = () => `${1 + Math.floor(rnd() * 50)}.${String(Math.floor(rnd() * 100)).padStart(2, '0')}`;
    const sales: string[] = [];
    const auths: string[] = [];
    const any: string[] = [];
    for (let i = 0; i < 200; i++) {
      const kind = pick(['sale', 'sale', 'auth', 'capture', 'refund', 'void', 'tip', 'decline', 'forced']);
      let r;
      if (kind === 'sale' || kind === 'decline') r = await sale(sb, kind === 'decline' ? '0.21' : amount());
      else if (kind === 'forced') r = await call(sb, 'POST', '/rest/v2/transactions/forced-sale', { json: { amount: amount(), card: VISA, 'exp-date': '1230', 'authorization-code': 'AC789U' } });
      else if (kind === 'auth') r = await call(sb, 'POST', '/rest/v2/transactions/auth', { json: { amount: amount(), card: VISA, 'exp-date': '1230' } });
      else if (kind === 'capture' && auths.length) r = await call(sb, 'POST', '/rest/v2/transactions/capture', { json: { id: pick(auths) } });
      else if (kind === 'refund' && sales.length) r = await call(sb, 'POST', '/rest/v2/transactions/refund', { json: { id: pick(sales), amount: '1.00' } });
      else if (kind === 'void' && any.length) r = await call(sb, 'POST', '/rest/v2/transactions/void', { json: { id: pick(any) } });
      else if (kind === 'tip' && sales.length) r = await call(sb, 'PUT', `/rest/v2/transactions/${pick(sales)}`, { json: { 'tip-amount': '1.50' } });
      else continue;
      assert.ok([200, 400, 402].includes(r.status), `${kind}: ${r.status} ${r.text}`);
      const tx = r.body?.payload?.transaction;
      if (r.status === 200 && tx) {
        any.push(tx.id);
        if (tx.type === 'AUTH') auths.push(tx.id);
        if (['SALE', 'CAPTURE', 'FORCED SALE'].includes(tx.type)) sales.push(tx.id);
      }
    }
    const batch = await openBatch();
    const listed = await call(sb, 'GET', `/rest/v2/transactions?page-size=100&page=1`);
    let all: any[] = [];
    for (let page = 1; page <= listed.body.page['total-pages']; page++) {
      all = all.concat((await call(sb, 'GET', `/rest/v2/transactions?page-size=100&page=${page}`)).body.payload.transactions.transaction);
    }
    const inBatch = all.filter(t => t['batch-string-id'] === batch.id && t.result === 'APPROVED' && t.voided === 'false');
    const saleTx = inBatch.filter(t => ['SALE', 'CAPTURE', 'FORCED SALE'].includes(t.type));
    const refundTx = inBatch.filter(t => t.type === 'REFUND');
    const sum = (xs: any[]) => xs.reduce((n, t) => n + cents(t.amount), 0);
    assert.ok(saleTx.length > 20 && refundTx.length > 0, 'the random sequence exercised sales and refunds');
    assert.equal(Number(batch['sales-count']), saleTx.length);
    assert.equal(cents(batch['sales-total']), sum(saleTx));
    assert.equal(Number(batch['refund-count']), refundTx.length);
    assert.equal(cents(batch['refund-total']), sum(refundTx));
    assert.equal(cents(batch['net-amount']), sum(saleTx) - sum(refundTx));
    assert.equal(Number(batch['total-count']), saleTx.length + refundTx.length);
    assert.equal(batch.sales_total, batch['sales-total']);
    assert.equal(batch.net_amount, batch['net-amount']);
    assert.match(batch['sales-total'], /^\d+\.\d{2}$/);
  });

  it('closes with a confirmation code, settles its transactions and opens a fresh batch', async () => {
    const id = (await sale(sb, '10.00')).body.payload.transaction.id;
    const before = await openBatch();
    const closed = await call(sb, 'PUT', '/rest/v1/batches/open', { xml: '<batch><lastBatchClosedRequiredInResponse>true</lastBatchClosedRequiredInResponse><software-type>Test</software-type></batch>' });
    assert.equal(closed.status, 200);
    const c = closed.body.object.batch;
    assert.equal(c.id, before.id);
    assert.equal(c.status, 'CLOSED');
    assert.match(c['confirmation-code'], /^\d+$/);
    assert.equal(c.confirmation_code, c['confirmation-code']);
    assert.ok(c.settled);
    const fresh = await openBatch();
    assert.notEqual(fresh.id, before.id);
    assert.equal(fresh['total-count'], '0');
    assert.equal(fresh['net-amount'], '0.00');
    const tx = (await call(sb, 'GET', `/rest/v2/transactions?id=${id}`)).body.payload.transactions.transaction[0];
    assert.equal(tx.settled, 'true');
    const voidSettled = await call(sb, 'POST', '/rest/v2/transactions/void', { json: { id } });
    assert.equal(voidSettled.status, 402);
    const bad = await call(sb, 'PUT', '/rest/v1/batches/open', { xml: '<batch><lastBatchClosedRequiredInResponse>maybe</lastBatchClosedRequiredInResponse></batch>' });
    assert.equal(bad.status, 400);
  });

  it('closes automatically at batch-time-utc when enabled in terminal settings', async () => {
    await sale(sb, '4.00');
    const before = await openBatch();
    const set = await call(sb, 'PUT', '/rest/v2/settings/terminal', { xml: '<terminal-settings><enable-auto-close-batch>true</enable-auto-close-batch><batch-time-utc>23:30</batch-time-utc></terminal-settings>' });
    assert.equal(set.status, 200);
    sb.control.advanceClock(24 * 60 * 60 * 1000);
    const after = await openBatch();
    assert.notEqual(after.id, before.id);
    assert.equal(after['total-count'], '0');
  });
});
