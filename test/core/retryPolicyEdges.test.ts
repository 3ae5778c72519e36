// The retry policy's numbers and edges, as tables: the backoff curve step by step, every kind of
// Retry-After a server may send, the bounds on retries and on the total wait, and which methods
// count as reads. Random jitter is pinned (0, ½, just under 1) so that every row is exact.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelay, decideRetry, DEFAULT_RETRY_POLICY, isReadMethod, isRetryStatus, newTicket, parseRetryAfter, type RetryTicket } from '../../src/core/http/retryPolicy';

const LOW = () => 0;
const MID = () => 0.5;
const HIGH = () => 0.999_999;
const NOW = Date.UTC(2030, 0, 15, 12, 0, 0);

function ticketAfter(retries: number, waitedMs = 0): RetryTicket {
  return { ...newTicket(DEFAULT_RETRY_POLICY), retries, waitedMs };
}

describe('backoff curve (no Retry-After): 500 ms doubling to at most 8 s, a random point in the upper half of the step', () => {
  // [retry number, lowest wait, middle, highest]
  const CURVE: readonly [number, number, number, number][] = [
    [1, 250, 375, 500],
    [2, 500, 750, 1000],
    [3, 1000, 1500, 2000],
    [4, 2000, 3000, 4000],
    [5, 4000, 6000, 8000],
    [6, 4000, 6000, 8000], // capped at maxDelayMs
    [12, 4000, 6000, 8000],
  ];
  for (const [retry, low, mid, high] of CURVE) {
    it(`retry ${retry}: ${low}–${high} ms`, () => {
      assert.equal(backoffDelay(retry, DEFAULT_RETRY_POLICY, LOW), low);
      assert.equal(backoffDelay(retry, DEFAULT_RETRY_POLICY, MID), mid);
      assert.equal(backoffDelay(retry, DEFAULT_RETRY_POLICY, HIGH), high);
    });
  }

  it('treats a retry number below 1 as the first step', () => {
    assert.equal(backoffDelay(0, DEFAULT_RETRY_POLICY, HIGH), 500);
    assert.equal(backoffDelay(-3, DEFAULT_RETRY_POLICY, LOW), 250);
  });

  it('follows the policy it is given', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 300 };
    assert.deepEqual([1, 2, 3, 4].map((n) => backoffDelay(n, policy, HIGH)), [100, 200, 300, 300]);
  });

  it('is the wait decideRetry picks, numbered from the ticket, after a status and after a refused connection', () => {
    for (const [retries, expected] of [[0, 250], [1, 500], [2, 1000]] as const) {
      assert.deepEqual(decideRetry({ statusCode: 429 }, 'POST', ticketAfter(retries), NOW, LOW), { retry: true, delayMs: expected }, `429, retry ${retries + 1}`);
      assert.deepEqual(decideRetry({ statusCode: 503, headers: {} }, 'GET', ticketAfter(retries), NOW, HIGH), { retry: true, delayMs: 2 * expected }, `503, retry ${retries + 1}`);
      assert.deepEqual(decideRetry({ code: 'ECONNREFUSED' }, 'POST', ticketAfter(retries), NOW, LOW), { retry: true, delayMs: expected }, `refused, retry ${retries + 1}`);
    }
  });
});

describe('Retry-After edge values', () => {
  const inSeconds = (s: number) => new Date(NOW + s * 1000).toUTCString();
  // [what the server sent, the wait it means in ms (undefined: unreadable, so the backoff applies)]
  const VALUES: readonly [string | string[] | undefined, number | undefined][] = [
    ['0', 0],
    ['1', 1000],
    ['120', 120_000],
    [' 7 ', 7000],
    ['007', 7000],
    ['1.5', 1500], // not RFC 9110, but sent by some servers: never earlier than they asked
    ['0.25', 250],
    ['1.0005', 1001], // rounded up, not down
    ['99999999999', 99_999_999_999_000],
    [undefined, undefined],
    ['', undefined],
    ['   ', undefined],
    ['-1', undefined], // V8's Date.parse reads "-1" as a day in 2001: not a date in the past
    ['-0', undefined],
    ['+5', undefined],
    ['1e3', undefined],
    ['0x10', undefined],
    ['3,4', undefined],
    ['1 2', undefined],
    ['5 seconds', undefined],
    ['soon', undefined],
    ['Infinity', undefined],
    [inSeconds(30), 30_000],
    [inSeconds(-30), 0], // a date in the past: go now
    ['Tuesday, 15-Jan-30 12:00:09 GMT', 9000], // RFC 850, obsolete but still an HTTP-date
    ['Tue Jan 15 12:00:04 2030', 4000], // asctime
    [['2', '9'], 2000], // repeated header: the first counts
  ];
  for (const [value, expected] of VALUES) {
    it(`${JSON.stringify(value)} → ${expected === undefined ? 'unreadable' : `${expected} ms`}`, () => {
      assert.equal(parseRetryAfter(value, NOW), expected);
    });
  }

  it('a huge delay stays a number (no Infinity in "wait … s"), and is longer than any wait budget', () => {
    const wait = parseRetryAfter('9'.repeat(400), NOW);
    assert.ok(wait !== undefined && Number.isFinite(wait) && wait > DEFAULT_RETRY_POLICY.maxTotalWaitMs, String(wait));
    assert.deepEqual(decideRetry({ statusCode: 429, headers: { 'retry-after': '9'.repeat(400) } }, 'POST', ticketAfter(0), NOW, LOW), { retry: false });
  });

  it('an unreadable Retry-After falls back to the backoff, never to an immediate retry', () => {
    for (const value of ['-1', '1.5x', 'garbage', '3,4']) {
      assert.deepEqual(decideRetry({ statusCode: 429, headers: { 'retry-after': value } }, 'POST', ticketAfter(0), NOW, LOW), { retry: true, delayMs: 250 }, value);
    }
  });

  it('waits exactly what a readable Retry-After says, plus the jitter', () => {
    const decide = (value: string, random: () => number) => decideRetry({ statusCode: 429, headers: { 'retry-after': value } }, 'POST', ticketAfter(0), NOW, random);
    assert.deepEqual(decide('0', LOW), { retry: true, delayMs: 0 });
    assert.deepEqual(decide('1.5', LOW), { retry: true, delayMs: 1500 });
    assert.deepEqual(decide('1.5', MID), { retry: true, delayMs: 2000 });
    assert.deepEqual(decide(inSeconds(-3600), HIGH), { retry: true, delayMs: 1000 });
    assert.deepEqual(decide(inSeconds(10), LOW), { retry: true, delayMs: 10_000 });
    assert.deepEqual(decide(inSeconds(31), LOW), { retry: false });
  });
});

describe('bounds: the number of retries and the total wait', () => {
  it('allows maxRetries retries and not one more', () => {
    assert.equal(decideRetry({ code: 'ECONNREFUSED' }, 'GET', ticketAfter(DEFAULT_RETRY_POLICY.maxRetries - 1), NOW, LOW).retry, true);
    assert.equal(decideRetry({ code: 'ECONNREFUSED' }, 'GET', ticketAfter(DEFAULT_RETRY_POLICY.maxRetries), NOW, LOW).retry, false);
    assert.equal(decideRetry({ statusCode: 429, headers: { 'retry-after': '0' } }, 'GET', ticketAfter(DEFAULT_RETRY_POLICY.maxRetries), NOW, LOW).retry, false);
  });

  it('takes a wait that uses the budget up exactly, and refuses one a millisecond longer', () => {
    const budget = DEFAULT_RETRY_POLICY.maxTotalWaitMs;
    assert.deepEqual(decideRetry({ code: 'ECONNREFUSED' }, 'GET', ticketAfter(0, budget - 250), NOW, LOW), { retry: true, delayMs: 250 });
    assert.deepEqual(decideRetry({ code: 'ECONNREFUSED' }, 'GET', ticketAfter(0, budget - 249), NOW, LOW), { retry: false });
    assert.deepEqual(decideRetry({ statusCode: 429, headers: { 'retry-after': '2' } }, 'GET', ticketAfter(0, budget - 2000), NOW, LOW), { retry: true, delayMs: 2000 });
    assert.deepEqual(decideRetry({ statusCode: 429, headers: { 'retry-after': '2' } }, 'GET', ticketAfter(0, budget - 1999), NOW, LOW), { retry: false });
  });

  it('cuts the jitter after Retry-After to what is left of the budget, never below what the server asked', () => {
    const budget = DEFAULT_RETRY_POLICY.maxTotalWaitMs;
    // 1.5 s left: 1 s asked, 0.5 s of jitter at most.
    assert.deepEqual(decideRetry({ statusCode: 429, headers: { 'retry-after': '1' } }, 'POST', ticketAfter(0, budget - 1500), NOW, HIGH), { retry: true, delayMs: 1500 });
    assert.deepEqual(decideRetry({ statusCode: 429, headers: { 'retry-after': '1' } }, 'POST', ticketAfter(0, budget - 1500), NOW, MID), { retry: true, delayMs: 1500 });
    assert.deepEqual(decideRetry({ statusCode: 429, headers: { 'retry-after': '1' } }, 'POST', ticketAfter(0, budget - 1500), NOW, () => 0.2), { retry: true, delayMs: 1200 });
  });

  it('stops once the caller gave up (the signal aborted)', () => {
    const controller = new AbortController();
    const ticket = newTicket(DEFAULT_RETRY_POLICY, controller.signal);
    assert.equal(decideRetry({ code: 'ECONNREFUSED' }, 'GET', ticket, NOW, LOW).retry, true);
    controller.abort();
    assert.equal(decideRetry({ code: 'ECONNREFUSED' }, 'GET', ticket, NOW, LOW).retry, false);
  });
});

describe('reads: GET, HEAD and OPTIONS, in any case', () => {
  const READS = ['GET', 'HEAD', 'OPTIONS', 'get', 'head', 'Options'];
  const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE', 'post', 'CONNECT', 'TRACE', ''];

  it('names the methods that change nothing', () => {
    for (const method of READS) assert.equal(isReadMethod(method), true, method);
    for (const method of WRITES) assert.equal(isReadMethod(method), false, JSON.stringify(method));
  });

  it('sends a read again after a socket failure or a 503; a write only after a refused connection or a 429', () => {
    for (const method of READS) {
      for (const code of ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNREFUSED']) assert.equal(decideRetry({ code }, method, ticketAfter(0), NOW, LOW).retry, true, `${method} ${code}`);
      assert.equal(decideRetry({ statusCode: 503 }, method, ticketAfter(0), NOW, LOW).retry, true, `${method} 503`);
    }
    for (const method of WRITES) {
      assert.equal(decideRetry({ code: 'ECONNRESET' }, method, ticketAfter(0), NOW, LOW).retry, false, `${method} reset`);
      assert.equal(decideRetry({ statusCode: 503 }, method, ticketAfter(0), NOW, LOW).retry, false, `${method} 503`);
      assert.equal(decideRetry({ statusCode: 429 }, method, ticketAfter(0), NOW, LOW).retry, true, `${method} 429`);
    }
  });

  it('never re-sends after a failure that names neither a status nor a code', () => {
    assert.equal(decideRetry({}, 'GET', ticketAfter(0), NOW, LOW).retry, false);
  });
});

describe('retry statuses', () => {
  it('are 429 and 503 only', () => {
    for (const status of [429, 503]) assert.equal(isRetryStatus(status), true, String(status));
    for (const status of [200, 204, 400, 402, 404, 408, 500, 502, 504]) assert.equal(isRetryStatus(status), false, String(status));
  });
});

describe('tickets', () => {
  it('start with nothing spent, and carry the listener only when there is one', () => {
    const listener = () => undefined;
    assert.deepEqual(newTicket(DEFAULT_RETRY_POLICY), { policy: DEFAULT_RETRY_POLICY, retries: 0, waitedMs: 0, answered: false, signal: undefined });
    assert.equal(newTicket(DEFAULT_RETRY_POLICY, undefined, listener).onRetryWait, listener);
  });
});
