import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import type { RunningSandbox } from '../../src/sandbox/server';
import { ControllableClock } from '../../src/sandbox/domain/clock';
import { nextLocalHour, wallTimeOf } from '../../src/sandbox/domain/zonedTime';
import { call, sale, startTestSandbox, VISA } from './sandboxTestClient';

let sb: RunningSandbox;
before(async () => { sb = await startTestSandbox(); });
after(() => sb.close());

async function control(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${sb.gatewayUrl}/__sandbox/${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  assert.equal(res.status, 200);
  return res.json();
}

describe('faults', () => {
  it('injects 429 with Retry-After seconds for the next N matching requests only', async () => {
    sb.control.injectFaults({ fault: '429', count: 2, operation: 'transactions.sale', retryAfter: 3 });
    assert.equal((await call(sb, 'GET', '/rest/v2/transactions')).status, 200, 'other operations are not affected');
    for (let i = 0; i < 2; i++) {
      const r = await sale(sb, '5.00');
      assert.equal(r.status, 429);
      assert.equal(r.headers.get('retry-after'), '3');
    }
    assert.equal((await sale(sb, '5.00')).status, 200);
    assert.equal(sb.control.stats().faultsLeft, 0);
  });

  it('writes Retry-After as an HTTP-date when asked', async () => {
    await control('POST', 'faults', { fault: '429', retryAfter: 2, retryAfterFormat: 'http-date' });
    const r = await call(sb, 'GET', '/rest/v2/transactions');
    assert.equal(r.status, 429);
    const when = Date.parse(r.headers.get('retry-after') ?? '');
    assert.ok(when > Date.now() - 1000 && when < Date.now() + 5000);
  });

  it('injects 500 and 503 with a gateway error envelope', async () => {
    sb.control.injectFaults([{ fault: '500' }, { fault: '503' }]);
    const a = await call(sb, 'GET', '/rest/v2/transactions');
    const b = await call(sb, 'GET', '/rest/v2/transactions');
    assert.deepEqual([a.status, b.status], [500, 503]);
    assert.equal(a.body.payload.payloadType, 'error');
  });

  it('delays, then answers normally', async () => {
    sb.control.injectFaults({ fault: 'delay', delayMs: 300 });
    const t0 = Date.now();
    const r = await call(sb, 'GET', '/rest/v2/transactions');
    assert.equal(r.status, 200);
    assert.ok(Date.now() - t0 >= 290);
  });

  it('resets the connection, and the POST is counted exactly once', async () => {
    const before = sb.control.stats().byOperation['transactions.sale'] ?? 0;
    sb.control.injectFaults({ fault: 'reset', operation: 'transactions.sale' });
    await assert.rejects(request(`${sb.gatewayUrl}/rest/v2/transactions/sale`, {
      method: 'POST', headers: { 'api-key': sb.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '5.00', card: VISA, 'exp-date': '1230' }),
    }));
    assert.equal(sb.control.stats().byOperation['transactions.sale'], before + 1);
    const stats = await control('GET', 'stats');
    assert.equal(stats.byOperation['transactions.sale'], before + 1);
    assert.ok(stats.requests >= before + 1);
  });

  it('refuses a bad fault spec with a clear message and queues nothing', async () => {
    const res = await fetch(`${sb.gatewayUrl}/__sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fault: 'explode' }) });
    assert.equal(res.status, 400);
    assert.match(((await res.json()) as any).error, /Unknown fault "explode"/);
    assert.throws(() => sb.control.injectFaults([{ fault: '500' }, { fault: '500', operation: 'nope' }]), /not an operation id/);
    assert.equal(sb.control.stats().faultsLeft, 0);
  });
});

describe('clock and reset', () => {
  it('advances by ms and to a time, never backwards', async () => {
    const start = sb.control.now().getTime();
    const moved = await control('POST', 'clock/advance', { ms: 60_000 });
    assert.ok(Date.parse(moved.now) - start >= 60_000);
    const target = new Date(start + 86_400_000).toISOString();
    const to = await control('POST', 'clock/advance', { to: target });
    assert.ok(Date.parse(to.now) >= Date.parse(target));
    assert.throws(() => sb.control.advanceTo(new Date(start)), /back/);
    assert.equal((await control('GET', 'clock')).timeZone, 'America/Chicago');
  });

  it('moves to the next 3 PM or 6 PM in the sandbox zone', async () => {
    const r = await control('POST', 'clock/advance', { next: 'ach-window' });
    const local = wallTimeOf(new Date(r.now), 'America/Chicago');
    assert.ok([15, 18].includes(local.hour) && local.minute === 0, JSON.stringify(local));
  });

  it('lands exactly on the time it moves to, however long the move takes in real time', () => {
    // Real time that moves on by 1 ms at every reading, as it does on a busy machine: the clock
    // must not report the move's own duration as part of where it moved to.
    let real = Date.parse('2026-11-20T16:00:00Z');
    const clock = new ControllableClock('America/Chicago', 0, () => real++);
    assert.equal(clock.advanceToNextAchWindow().toISOString(), '2026-11-20T21:00:00.000Z');
    assert.equal(clock.advanceTo(new Date('2026-11-21T00:00:00Z')).toISOString(), '2026-11-21T00:00:00.000Z');
    assert.ok(clock.now().getTime() > Date.parse('2026-11-21T00:00:00Z'), 'real time keeps flowing after the move');
  });

  it('finds ACH windows across a DST change (America/Chicago, March 2025)', () => {
    // 2025-03-09 is the spring-forward day: 15:00 CDT is 20:00 UTC (the day before, CST, 21:00 UTC).
    assert.equal(nextLocalHour(new Date('2025-03-08T22:00:00Z'), 'America/Chicago', [15, 18]).toISOString(), '2025-03-09T00:00:00.000Z');
    assert.equal(nextLocalHour(new Date('2025-03-09T12:00:00Z'), 'America/Chicago', [15, 18]).toISOString(), '2025-03-09T20:00:00.000Z');
    assert.equal(nextLocalHour(new Date('2025-11-02T12:00:00Z'), 'America/Chicago', [15, 18]).toISOString(), '2025-11-02T21:00:00.000Z');
    const clock = new ControllableClock('America/Chicago', Date.parse('2025-03-09T19:59:00Z') - Date.now());
    assert.equal(clock.advanceToNextAchWindow().toISOString().slice(0, 16), '2025-03-09T20:00');
    assert.throws(() => new ControllableClock('Mars/Olympus', 0), /Unknown time zone/);
  });

  it('reset clears data and counts but keeps the keys', async () => {
    await sale(sb, '6.00');
    await control('POST', 'reset');
    const r = await call(sb, 'GET', '/rest/v2/transactions');
    assert.equal(r.status, 200);
    assert.equal(r.body.page['total-elements'], 0);
    assert.deepEqual(sb.control.stats().byOperation, { 'transactions.search': 1 });
  });

  it('answers loopback-only control paths with 404 for unknown actions', async () => {
    const res = await fetch(`${sb.gatewayUrl}/__sandbox/nothing`);
    assert.equal(res.status, 404);
  });
});
