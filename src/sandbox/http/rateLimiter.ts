// One token bucket per integrator key: `rate` tokens per second, burst of `rate`. Uses the
// real monotonic clock, not the sandbox clock, because advancing the sandbox clock must not
// refill buckets.

import { monotonicMs } from '../../core/http/monotonicClock';

interface Bucket { tokens: number; at: number }

type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

// One answer shared by every allowed request: nothing to allocate on the common path.
const ALLOWED: RateDecision = Object.freeze({ ok: true });

export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(readonly rate: number, private readonly nowMs: () => number = monotonicMs) {
    if (!Number.isFinite(rate) || rate <= 0) {
      throw new RangeError(`Rate must be a positive number of requests per second, not ${rate}.`);
    }
  }

  take(key: string): RateDecision {
    const now = this.nowMs();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.rate, at: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(this.rate, bucket.tokens + ((now - bucket.at) / 1000) * this.rate);
    bucket.at = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return ALLOWED;
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.rate)) };
  }

  clear(): void {
    this.buckets.clear();
  }
}
