// One pooled undici dispatcher per origin (keep-alive, connect/headers/body timeouts), wrapped
// in undici's RetryAgent whose `retry` callback is our policy (retryPolicy.ts).

import type { Dispatcher, RetryAgent as RetryAgentType } from 'undici';
import type RetryHandler from 'undici/types/retry-handler';
import { DEFAULT_RETRY_POLICY, decideRetry, newTicket, type RetryTicket } from './retryPolicy';
import { Pool, RetryAgent } from './undiciParts';

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
  const decision = decideRetry(err as { statusCode?: number; code?: string }, opts.method, ticket);
  if (!decision.retry) {
    callback(err);
    return;
  }
  ticket.waitedMs += decision.delayMs;
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

/** Keyed by origin; each entry is a keep-alive Pool behind a RetryAgent. */
export class DispatcherRegistry {
  private readonly byOrigin = new Map<string, RetryAgentType>();

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
      // throwOnError false: when retries end, the last response (say a 429) is returned as a
      // response with its body, not turned into an exception.
      agent = new RetryAgent(pool, { throwOnError: false, retry: retryCallback });
      this.byOrigin.set(origin, agent);
    }
    return agent;
  }

  /** Closes every dispatcher, letting in-flight requests finish. */
  async closeAll(): Promise<void> {
    const agents = [...this.byOrigin.values()];
    this.byOrigin.clear();
    await Promise.all(agents.map((agent) => agent.close()));
  }
}
