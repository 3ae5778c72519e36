// One pooled undici dispatcher per origin (keep-alive, connect/headers/body timeouts), behind
// undici's retry interceptor whose `retry` callback is our policy (retryPolicy.ts).

import type { Dispatcher } from 'undici';
import type RetryHandler from 'undici/types/retry-handler';
import { DEFAULT_RETRY_POLICY, decideRetry, newTicket, parseRetryAfter, type RetryTicket } from './retryPolicy';
import { Pool, retryInterceptor } from './undiciParts';

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

/**
 * The RetryHandler `retry` callback. Waits are cancellable: an abort during a wait ends it at
 * once (undici itself only notices the abort when the next attempt starts).
 */
const retryCallback: RetryHandler.RetryCallback = (err, { opts }, callback) => {
  const opaque = (opts as Dispatcher.RequestOptions<RetryTicket | undefined>).opaque;
  const ticket = opaque ?? newTicket(DEFAULT_RETRY_POLICY);
  const failure = err as { statusCode?: number; code?: string; headers?: Record<string, string | string[] | undefined> };
  const decision = decideRetry(failure, opts.method, ticket);
  if (!decision.retry) {
    callback(err);
    return;
  }
  ticket.waitedMs += decision.delayMs;
  const retryAfterMs = failure.statusCode !== undefined ? parseRetryAfter(failure.headers?.['retry-after']) : undefined;
  ticket.onRetryWait?.({
    ...(failure.statusCode !== undefined ? { status: failure.statusCode } : { code: failure.code }),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    delayMs: decision.delayMs,
    retry: ticket.retries + 1,
    maxRetries: ticket.policy.maxRetries,
  });
  const signal = ticket.signal;
  const onAbort = (): void => {
    clearTimeout(timer);
    callback(abortReason(signal as AbortSignal));
  };
  const timer = setTimeout(() => {
    signal?.removeEventListener('abort', onAbort);
    ticket.retries += 1;
    callback(null);
  }, decision.delayMs);
  signal?.addEventListener('abort', onAbort, { once: true });
};

/**
 * A Pool with undici's retry interceptor in front: undici's RetryHandler does each retry
 * (Retry-After, resuming a body), as RetryAgent would, at about half its CPU per request
 * (bench/runnerLoad.ts prints both): RetryAgent binds its pool's dispatch again for every
 * request, and `pool.compose()` reads `dispatch` through a Proxy. The interceptor is applied to
 * the pool's dispatch once, here.
 */
class RetryingPool {
  readonly dispatch: Dispatcher['dispatch'];

  constructor(private readonly pool: InstanceType<typeof Pool>) {
    // throwOnError false: when retries end, the last response (say a 429) is returned as a
    // response with its body, not turned into an exception.
    this.dispatch = retryInterceptor({ throwOnError: false, retry: retryCallback })(pool.dispatch.bind(pool));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** Keyed by origin; each entry is a keep-alive Pool behind undici's retry interceptor. */
export class DispatcherRegistry {
  private readonly byOrigin = new Map<string, RetryingPool>();

  constructor(private readonly timeouts: Timeouts = DEFAULT_TIMEOUTS) {}

  get(origin: string): Dispatcher {
    let agent = this.byOrigin.get(origin);
    if (!agent) {
      const pool = new Pool(origin, {
        connections: CONNECTIONS_PER_ORIGIN,
        keepAliveTimeout: KEEP_ALIVE_MS,
        connect: { timeout: this.timeouts.connectMs },
        headersTimeout: this.timeouts.headersMs,
        bodyTimeout: this.timeouts.bodyMs,
      });
      agent = new RetryingPool(pool);
      this.byOrigin.set(origin, agent);
    }
    // What undici's request() reads of a dispatcher is its dispatch (undiciParts.ts requestThrough).
    return agent as unknown as Dispatcher;
  }

  /** Closes every dispatcher, letting in-flight requests finish. */
  async closeAll(): Promise<void> {
    const agents = [...this.byOrigin.values()];
    this.byOrigin.clear();
    await Promise.all(agents.map((agent) => agent.close()));
  }
}
