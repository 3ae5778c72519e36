// One pooled undici dispatcher per origin (keep-alive, connect/headers/body timeouts), and
// undici's retry interceptor over it, whose `retry` callback is our policy (retryPolicy.ts),
// for the attempts after a failed first one.

import type { Dispatcher } from 'undici';
import type RetryHandler from 'undici/types/retry-handler';
import { DEFAULT_RETRY_POLICY, decideRetry, isRetryStatus, newTicket, parseRetryAfter, type RetryTicket } from './retryPolicy';
import { Pool, requestThrough, retryInterceptor } from './undiciParts';

export interface Timeouts {
  connectMs: number;
  /** Time allowed for the response headers after the request is sent. */
  headersMs: number;
  /** Time allowed between two chunks of the response body. */
  bodyMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 };

const KEEP_ALIVE_MS = 10_000;
const CONNECTIONS_PER_ORIGIN = 8;

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('The request was cancelled', 'AbortError');
}

interface RetryFailure {
  statusCode?: number;
  code?: string;
  headers?: Record<string, string | string[] | undefined>;
}

/**
 * Tells the ticket's listener about the wait before the next attempt, then waits. Rejects with the
 * abort's reason when aborted during the wait (undici itself only notices an abort when the next
 * attempt starts).
 */
function waitBeforeRetry(failure: RetryFailure, delayMs: number, ticket: RetryTicket): Promise<void> {
  ticket.waitedMs += delayMs;
  const retryAfterMs = failure.statusCode !== undefined ? parseRetryAfter(failure.headers?.['retry-after']) : undefined;
  ticket.onRetryWait?.({
    ...(failure.statusCode !== undefined ? { status: failure.statusCode } : { code: failure.code }),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    delayMs,
    retry: ticket.retries + 1,
    maxRetries: ticket.policy.maxRetries,
  });
  const signal = ticket.signal;
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      ticket.retries += 1;
      resolve();
    }, delayMs);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The RetryHandler `retry` callback: from the third attempt on, the same policy and wait decide. */
const retryCallback: RetryHandler.RetryCallback = (err, { opts }, callback) => {
  const ticket = (opts as Dispatcher.RequestOptions<RetryTicket | undefined>).opaque ?? newTicket(DEFAULT_RETRY_POLICY);
  const decision = decideRetry(err as RetryFailure, opts.method, ticket);
  if (!decision.retry) {
    callback(err);
    return;
  }
  waitBeforeRetry(err as RetryFailure, decision.delayMs, ticket).then(() => callback(null), (reason: Error) => callback(reason));
};

/**
 * One origin's keep-alive Pool, and undici's retry interceptor over the same pool. The
 * interceptor is applied to the pool's dispatch once, here: RetryAgent binds its pool's dispatch
 * again for every request, and `pool.compose()` reads `dispatch` through a Proxy.
 */
class OriginDispatchers {
  /** What undici's request() reads of a dispatcher is its dispatch (undiciParts.ts requestThrough). */
  readonly retrying: Dispatcher;

  constructor(readonly pool: InstanceType<typeof Pool>) {
    // throwOnError false: when retries end, the last response (say a 429) is returned as a
    // response with its body, not turned into an exception.
    this.retrying = { dispatch: retryInterceptor({ throwOnError: false, retry: retryCallback })(pool.dispatch.bind(pool)) } as unknown as Dispatcher;
  }
}

/** Keyed by origin; each entry is a keep-alive Pool and undici's retry interceptor over it. */
export class DispatcherRegistry {
  private readonly byOrigin = new Map<string, OriginDispatchers>();

  constructor(private readonly timeouts: Timeouts = DEFAULT_TIMEOUTS) {}

  private get(origin: string): OriginDispatchers {
    let dispatchers = this.byOrigin.get(origin);
    if (!dispatchers) {
      dispatchers = new OriginDispatchers(new Pool(origin, {
        connections: CONNECTIONS_PER_ORIGIN,
        keepAliveTimeout: KEEP_ALIVE_MS,
        connect: { timeout: this.timeouts.connectMs },
        headersTimeout: this.timeouts.headersMs,
        bodyTimeout: this.timeouts.bodyMs,
      }));
      this.byOrigin.set(origin, dispatchers);
    }
    return dispatchers;
  }

  /**
   * Sends `options` to its origin. The first attempt goes straight to the pool; only when it
   * fails in a way the policy retries (a 429, a 503 to a read, a refused connection…) does the
   * request go again, after the policy's wait, through undici's retry handler, which does every
   * further attempt: wrapping every request in that handler cost every request, for the few that
   * are ever retried. PERF(bench/runnerLoad.ts)
   */
  async request(origin: string, options: Dispatcher.RequestOptions<RetryTicket> & { opaque: RetryTicket }): Promise<Dispatcher.ResponseData<RetryTicket>> {
    const { pool, retrying } = this.get(origin);
    const ticket = options.opaque;
    let first: Dispatcher.ResponseData<RetryTicket>;
    try {
      first = await requestThrough(pool as unknown as Dispatcher, options);
    } catch (err) {
      const decision = decideRetry(err as RetryFailure, options.method, ticket);
      if (!decision.retry) throw err;
      await waitBeforeRetry(err as RetryFailure, decision.delayMs, ticket);
      return requestThrough(retrying, options);
    }
    if (!isRetryStatus(first.statusCode)) return first;
    const failure = { statusCode: first.statusCode, headers: first.headers };
    const decision = decideRetry(failure, options.method, ticket);
    if (!decision.retry) return first;
    await first.body.dump();
    await waitBeforeRetry(failure, decision.delayMs, ticket);
    return requestThrough(retrying, options);
  }

  /** Closes every pool, letting in-flight requests finish. */
  async closeAll(): Promise<void> {
    const pools = [...this.byOrigin.values()].map((dispatchers) => dispatchers.pool);
    this.byOrigin.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }
}
