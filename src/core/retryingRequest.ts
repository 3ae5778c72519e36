// Sends one request through an origin's pool, again while our retry policy (retryPolicy.ts) says
// so: after a 429 (any method), a 503 (reads), a refused connection (any method) or a lost
// connection (reads), never once the answer's headers were handed over. This loop replaced
// undici's RetryAgent, which ran the same policy as its `retry` callback but wrapped every
// request in its handler chain — about 75 µs each, on every request, for the rare one retried.

import type { Dispatcher } from 'undici';
import { decideRetry, type RetryTicket } from './retryPolicy';
import { requestThrough } from './undiciParts';

/** Statuses the policy may retry; any other answer goes straight back to the caller. */
const RETRIED_STATUSES = new Set([429, 503]);

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('The request was cancelled', 'AbortError');
}

/** Waits `ms`, or rejects at once when the request is cancelled meanwhile. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The answer to `options` (the last one when retries end: a 429 comes back as a response with
 * its body, not as an exception); throws what the last attempt threw. `ticket` counts the
 * retries and the time waited, and carries the cancellation signal.
 */
export async function requestWithRetries(pool: Dispatcher, options: Dispatcher.RequestOptions, ticket: RetryTicket): Promise<Dispatcher.ResponseData> {
  for (;;) {
    let response: Dispatcher.ResponseData;
    try {
      response = await requestThrough(pool, options);
    } catch (err) {
      const decision = decideRetry(err as { code?: string }, options.method, ticket);
      if (!decision.retry) throw err;
      await again(decision.delayMs, ticket);
      continue;
    }
    if (RETRIED_STATUSES.has(response.statusCode)) {
      const decision = decideRetry({ statusCode: response.statusCode, headers: response.headers }, options.method, ticket);
      if (decision.retry) {
        await response.body.dump();
        await again(decision.delayMs, ticket);
        continue;
      }
    }
    return response;
  }
}

async function again(delayMs: number, ticket: RetryTicket): Promise<void> {
  ticket.waitedMs += delayMs;
  await wait(delayMs, ticket.signal);
  ticket.retries += 1;
}
