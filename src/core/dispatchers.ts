// One pooled undici dispatcher per origin (keep-alive, connect/headers/body timeouts). Retries
// are not a dispatcher's business here: requestWithRetries (retryingRequest.ts) runs our
// policy around a plain Pool.

import type { Pool as PoolType } from 'undici';
import { Pool } from './undiciParts';

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

/** Keyed by origin; each entry is a keep-alive Pool. */
export class DispatcherRegistry {
  private readonly byOrigin = new Map<string, PoolType>();

  constructor(private readonly timeouts: Timeouts = DEFAULT_TIMEOUTS) {}

  get(origin: string): PoolType {
    let pool = this.byOrigin.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: CONNECTIONS_PER_ORIGIN,
        keepAliveTimeout: KEEP_ALIVE_MS,
        connect: { timeout: this.timeouts.connectMs },
        headersTimeout: this.timeouts.headersMs,
        bodyTimeout: this.timeouts.bodyMs,
      });
      this.byOrigin.set(origin, pool);
    }
    return pool;
  }

  /** Closes every dispatcher, letting in-flight requests finish. */
  async closeAll(): Promise<void> {
    const pools = [...this.byOrigin.values()];
    this.byOrigin.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }
}
