// The Gateway Overview's numbers, read from a real Local sandbox over a socket after sales,
// refunds, a decline and ACH debits that settle and return; and its page, which must load
// nothing from elsewhere and escape what a stranger's gateway answers.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { GatewayClient } from '../../src/core/http/client';
import type { Environment } from '../../src/core/environments/environment';
import { gatherOverview } from '../../src/core/overview/overviewGather';
import { batchSection, declineSection } from '../../src/core/overview/overviewData';
import { overviewHtml } from '../../src/core/overview/overviewHtml';

let sb: RunningSandbox;
let client: GatewayClient;
const RES = { cspSource: 'vscode-webview://abc', styleUri: 'vscode-webview://abc/overview.css', scriptUri: 'vscode-webview://abc/overviewView.js', nonce: 'n0nce' };

async function ok(operation: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await client.send({ operation, body });
  assert.ok(r.status === 200 || r.status === 402, `${operation} answered ${r.status}`);
  return r.parsed as Record<string, unknown>;
}
const sale = (amount: string, card: string) => ok('transactions.sale', { type: 'SALE', amount, card, 'exp-date': '1230' });
const debit = (account: string, amount: string) => ok('achTransactions.debit', {
  'routing-number': '081009813', 'account-number': account, 'account-type': 'Checking', 'individual-name': 'A B', 'standard-entry-class-code': 'PPD', amount,
});

before(async () => {
  sb = await startSandbox({ port: 0, rate: 10_000 });
  const environment: Environment = { name: 'Local sandbox', kind: 'local', gatewayUrl: sb.gatewayUrl, boardingUrl: sb.gatewayUrl };
  client = new GatewayClient({ environment, credentials: { apiKey: sb.apiKey } });
});
after(async () => {
  await client.close();
  await sb.close();
});

describe('Gateway Overview data, from a Local sandbox', () => {
  it('an empty sandbox: no declines, an empty pipeline, nothing covered', async () => {
    const o = await gatherOverview(client, { environmentName: 'Local sandbox', sandboxUrl: sb.gatewayUrl });
    assert.ok(o.declines.ok && o.ach.ok && o.batch.ok && o.coverage?.ok, JSON.stringify(o));
    assert.equal(o.declines.value.byResultCode.length, 0);
    assert.deepEqual(o.ach.value.pipeline.map((b) => b.value), [0, 0, 0, 0]);
    assert.equal(o.coverage.value.covered, 0);
  });

  it('sales and refunds by brand, net, declines by result code, the ACH pipeline and returns by R-code, coverage', async () => {
    const first = await sale('10.00', '4111111111111111');
    await sale('2.50', '4111111111111111');
    await sale('5.00', '5555555555554444');
    await sale('0.23', '4111111111111111');
    await sale('0.23', '5555555555554444');
    await sale('0.21', '4111111111111111');
    const id = ((first.payload as Record<string, unknown>).transaction as Record<string, unknown>).id;
    await ok('transactions.refund', { type: 'REFUND', id, amount: '3.00' });
    await debit('5550001', '20.00');
    await debit('5550002', '21.00');
    await debit('5550005', '22.00');
    sb.control.advanceToNextAchWindow();
    sb.control.advanceToNextAchWindow();
    await debit('5550006', '23.00');

    const o = await gatherOverview(client, { environmentName: 'Local sandbox', sandboxUrl: sb.gatewayUrl, now: () => new Date('2026-01-02T03:04:05Z') });
    assert.ok(o.batch.ok && o.batch.value, JSON.stringify(o.batch));
    const batch = o.batch.value;
    assert.deepEqual({ sales: batch.salesCents, refunds: batch.refundCents, net: batch.netCents }, { sales: 1750, refunds: 300, net: 1450 });
    assert.deepEqual(batch.byBrand.map((b) => [b.brand, b.salesCents, b.salesCount, b.refundCents, b.refundCount]), [
      ['VISA', 1250, 2, 300, 1],
      ['MASTERCARD', 500, 1, 0, 0],
    ]);
    assert.ok(o.declines.ok);
    assert.deepEqual(o.declines.value.byResultCode.map((b) => [b.label.slice(0, 3), b.value]), [['014', 2], ['012', 1]]);
    assert.equal(o.declines.value.transactionsRead, 7);
    assert.ok(o.ach.ok);
    assert.deepEqual(o.ach.value.pipeline, [
      { label: 'Pending', value: 1 }, { label: 'Settling', value: 0 }, { label: 'Settled', value: 1 }, { label: 'Returned', value: 2 },
    ]);
    assert.deepEqual(o.ach.value.returnsByCode.map((b) => b.label), ['R01 Insufficient Funds', 'R02 Account Closed']);
    assert.ok(o.coverage?.ok);
    assert.ok(o.coverage.value.outcomes.some((b) => b.label === 'result-code:014' && b.value === 2), JSON.stringify(o.coverage.value.outcomes));
    assert.ok(o.coverage.value.covered > 0 && o.coverage.value.covered < o.coverage.value.total);

    const html = overviewHtml(o, { ...RES, timeZone: 'America/Chicago' });
    assert.match(html, /Read at <time datetime="2026-01-02T03:04:05.000Z">Jan 1(, 2026)?, 9:04:05 PM CST<\/time>/, 'the read time by the one time rule: the zone named');
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src vscode-webview:\/\/abc; script-src 'nonce-n0nce'/);
    assert.doesNotMatch(html, /(src|href)="https?:/, 'no remote resource');
    assert.doesNotMatch(html, /style="/, 'no inline style: the CSP forbids it');
    for (const secret of [sb.apiKey, '4111111111111111', '5555555555554444', '5550001']) assert.equal(html.includes(secret), false, 'no key, card or account number in the page');
    assert.match(html, /aria-label="Open batch 000001: sales 17\.50 \(3 sales\), refunds 3\.00 \(1 refund\), net 14\.50\./);
    assert.match(html, /<th scope="row">VISA<\/th><td>12\.50<\/td><td>3\.00<\/td>/, 'a text table of the numbers');
    assert.match(html, /3 declines among 7 card transactions read/);
    assert.match(html, /Pending: 1; Settling: 0; Settled: 1; Returned: 2/);
    assert.equal((html.match(/<figure [^>]*tabindex="0"/g) ?? []).length, 5, 'every chart is reachable by keyboard');
  });

  it('a section the gateway refuses says why; the others still show', async () => {
    const environment: Environment = { name: 'wrong key', kind: 'local', gatewayUrl: sb.gatewayUrl, boardingUrl: sb.gatewayUrl };
    const wrong = new GatewayClient({ environment, credentials: { apiKey: 'not-the-key-0000000000' } });
    try {
      const o = await gatherOverview(wrong, { environmentName: 'wrong key', sandboxUrl: sb.gatewayUrl });
      assert.equal(o.batch.ok, false);
      assert.equal(o.declines.ok, false);
      assert.match(o.declines.ok ? '' : o.declines.error, /transactions\.search answered 401/);
      assert.equal(o.coverage?.ok, true, 'coverage needs no key');
      assert.match(overviewHtml(o, RES), /role="alert">Could not read this: transactions\.search answered 401/);
    } finally {
      await wrong.close();
    }
  });
});

describe('Gateway Overview page, given a stranger\'s answers', () => {
  it('escapes markup in labels and keeps them one short line', () => {
    const hostile = '<img src=x onerror=alert(1)>"\u001b[31m';
    const batch = batchSection({ batch: { id: '7', 'sales-total': '1.00', 'net-amount': '1.00' } }, [
      { 'batch-string-id': '7', type: 'SALE', result: 'APPROVED', amount: '1.00', 'card-type': hostile },
    ]);
    const declines = declineSection([{ result: 'DECLINED', 'result-code': '</svg><script>x()</script>', 'display-message': 'x'.repeat(500) }], false);
    const html = overviewHtml({
      environmentName: '<b>env</b>', readAt: new Date(0).toISOString(),
      batch: { ok: true, value: batch }, declines: { ok: true, value: declines },
      ach: { ok: false, error: '<script>bad()</script>' },
    }, RES);
    assert.equal(html.includes('<img'), false);
    assert.equal(html.includes('<script>'), false);
    assert.equal(html.includes('<b>env'), false);
    assert.equal(html.includes('\u001b'), false);
    assert.equal(html.includes('x'.repeat(100)), false, 'long labels are cut');
    assert.equal((html.match(/<script /g) ?? []).length, 1, 'only the page\'s own script');
  });
});
