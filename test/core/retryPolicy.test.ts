// The retry rules as a table: what may go again after which failure, and when.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decideRetry, DEFAULT_RETRY_POLICY, newTicket } from '../../src/core/http/retryPolicy';

const ticket = () => newTicket(DEFAULT_RETRY_POLICY);
const retried = (err: { statusCode?: number; code?: string; headers?: Record<string, string> }, method: string) => decideRetry(err, method, ticket()).retry;

describe('retry policy', () => {
  it('re-sends a state-changing request only when it provably did nothing', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const code of ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_HEADERS_TIMEOUT']) assert.equal(retried({ code }, method), false, `${method} ${code}`);
      assert.equal(retried({ statusCode: 503 }, method), false, `${method} 503`);
      assert.equal(retried({ statusCode: 500 }, method), false, `${method} 500`);
      assert.equal(retried({ code: 'ECONNREFUSED' }, method), true, `${method} refused`);
      assert.equal(retried({ statusCode: 429, headers: { 'retry-after': '1' } }, method), true, `${method} 429`);
    }
    for (const code of ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNREFUSED']) assert.equal(retried({ code }, 'GET'), true, `GET ${code}`);
    assert.equal(retried({ statusCode: 503 }, 'GET'), true);
  });

  it('never re-requests once the answer started (a cut-off body is reported, not resumed)', () => {
    const t = ticket();
    t.answered = true;
    assert.equal(decideRetry({ code: 'UND_ERR_SOCKET' }, 'GET', t).retry, false);
  });

  it('adds jitter after Retry-After, never before it, and spreads clients that share a key', () => {
    const delays: number[] = [];
    for (let i = 0; i < 200; i++) {
      const decision = decideRetry({ statusCode: 429, headers: { 'retry-after': '2' } }, 'POST', ticket());
      assert.ok(decision.retry);
      delays.push(decision.delayMs);
    }
    assert.ok(Math.min(...delays) >= 2000, `earliest ${Math.min(...delays)} ms`);
    assert.ok(Math.max(...delays) <= 2000 + DEFAULT_RETRY_POLICY.retryAfterJitterMs);
    const seconds = new Set(delays.map((d) => Math.floor(d / 100)));
    assert.ok(seconds.size >= 8, `200 clients retried within only ${seconds.size} tenths of a second`);
    const lowest = decideRetry({ statusCode: 429, headers: { 'retry-after': '2' } }, 'POST', ticket(), Date.now(), () => 0);
    const highest = decideRetry({ statusCode: 429, headers: { 'retry-after': '2' } }, 'POST', ticket(), Date.now(), () => 0.999);
    assert.deepEqual(lowest, { retry: true, delayMs: 2000 });
    assert.deepEqual(highest, { retry: true, delayMs: 2999 });
  });

  it('keeps the jitter within the wait budget, and gives up when Retry-After alone exceeds it', () => {
    const t = ticket();
    t.waitedMs = 29_500;
    assert.deepEqual(decideRetry({ statusCode: 429, headers: { 'retry-after': '0' } }, 'GET', t, Date.now(), () => 0.999), { retry: true, delayMs: 500 });
    assert.equal(decideRetry({ statusCode: 429, headers: { 'retry-after': '60' } }, 'GET', ticket()).retry, false);
  });
});
