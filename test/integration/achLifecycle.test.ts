// ACH through its whole lifecycle over HTTP, by advancing the Local sandbox's clock: a debit is
// Pending when created, Settling after the next window and Settled after the one after; a debit
// from a documented returning account ends Returned with its R-code and message.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayClient } from '../../src/core/http/client';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';

const debit = (account: string) => ({
  'routing-number': '081009813', 'account-number': account, 'account-type': 'Checking',
  'standard-entry-class-code': 'PPD', amount: '42.10', 'individual-name': 'Ada Lovelace',
});

describe('ACH lifecycle on the sandbox clock', () => {
  let sandbox: RunningSandbox;
  let client: GatewayClient;
  const statusOf = async (id: string) => {
    const r = await client.send({ operation: 'achTransactions.get', params: { id } });
    assert.equal(r.status, 200, r.bodyText);
    return (r.parsed as any).payload['ach-transaction'];
  };

  before(async () => {
    // 10:00 in Chicago, well before the 3 PM window.
    sandbox = await startSandbox({ port: 0, now: new Date('2026-11-20T16:00:00Z') });
    client = new GatewayClient({
      environment: { name: 'Local sandbox', kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
      credentials: { apiKey: sandbox.apiKey },
    });
  });
  after(async () => { await client.close(); await sandbox.close(); });

  it('Pending -> Settling at 3 PM -> Settled at 6 PM; account 0001 -> Returned R01', async () => {
    const ok = await client.send({ operation: 'achTransactions.debit', body: debit('1234567890') });
    const nsf = await client.send({ operation: 'achTransactions.debit', body: debit('5550001') });
    assert.equal(ok.status, 200, ok.bodyText);
    const okId = (ok.parsed as any).payload['ach-transaction'].id;
    const nsfId = (nsf.parsed as any).payload['ach-transaction'].id;
    assert.equal((await statusOf(okId)).status, 'Pending');
    assert.equal((ok.parsed as any).payload['ach-transaction']['account-number'], '7890');

    const first = sandbox.control.advanceToNextAchWindow();
    assert.equal(first.toISOString(), '2026-11-20T21:00:00.000Z'); // 3 PM CST
    assert.equal((await statusOf(okId)).status, 'Settling');

    sandbox.control.advanceToNextAchWindow(); // 6 PM
    const settled = await statusOf(okId);
    assert.equal(settled.status, 'Settled');
    assert.match(settled['trace-number'], /^\d{15}$/);
    assert.equal(settled['settled-date'], '2026-11-20');

    const returned = await statusOf(nsfId);
    assert.equal(returned.status, 'Returned');
    assert.equal(returned['returned-code'], 'R01');
    assert.equal(returned['returned-message'], 'Insufficient Funds');
    assert.equal(returned['returned-date'], '2026-11-20');
  });

  it('a void is accepted only while Pending', async () => {
    const created = await client.send({ operation: 'achTransactions.debit', body: debit('1234567890') });
    const id = (created.parsed as any).payload['ach-transaction'].id;
    const voided = await client.send({ operation: 'achTransactions.void', params: { id } });
    assert.equal(voided.status, 200);
    assert.equal((await statusOf(id)).status, 'Void');
    assert.equal((await client.send({ operation: 'achTransactions.void', params: { id } })).status, 400);
  });
});
