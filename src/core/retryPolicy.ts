// When to send a request again, and after how long. Plugged into undici's RetryHandler as its
// `retry` callback: undici's default honours Retry-After but caps it silently, has no jitter,
// and would retry a POST after a connection reset. A payment must never be sent twice, so a
// POST is retried only after a 429 (the gateway refused it without processing it).

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Upper bound on the sum of all waits between attempts. */
  maxTotalWaitMs: number;
  /** First backoff step when the server gives no Retry-After. */
  baseDelayMs: number;
  /** Largest single backoff step. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  maxTotalWaitMs: 30_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Statuses worth another attempt, and which methods may take it. */
const RETRY_STATUSES: Readonly<Record<number, 'any-method' | 'idempotent'>> = {
  429: 'any-method',
  503: 'idempotent',
};

/** Socket failures after which only an idempotent request may be re-sent. */
const RETRY_ERROR_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Per-request retry bookkeeping, carried to the retry callback as the request's `opaque`. */
export interface RetryTicket {
  policy: RetryPolicy;
  retries: number;
  waitedMs: number;
  signal?: AbortSignal;
}

export function newTicket(policy: RetryPolicy, signal?: AbortSignal): RetryTicket {
  return { policy, retries: 0, waitedMs: 0, signal };
}

/** Retry-After in milliseconds, as delay-seconds or an HTTP-date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === '') return undefined;
  const text = raw.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with jitter: a random point in the upper half of the step. */
export function backoffDelay(retryNumber: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retryNumber - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

interface RetryableFailure {
  statusCode?: number;
  code?: string;
  headers?: Record<string, string | string[] | undefined>;
}

/** Whether to send again after `err` (a status or a socket failure), and after how long. */
export function decideRetry(err: RetryableFailure, method: string, ticket: RetryTicket, now = Date.now()): RetryDecision {
  const { policy } = ticket;
  if (ticket.signal?.aborted || ticket.retries >= policy.maxRetries) return { retry: false };
  const idempotent = IDEMPOTENT.has(method.toUpperCase());
  let delayMs: number;
  if (err.statusCode !== undefined) {
    const allowed = RETRY_STATUSES[err.statusCode];
    if (!allowed || (allowed === 'idempotent' && !idempotent)) return { retry: false };
    delayMs = parseRetryAfter(err.headers?.['retry-after'], now) ?? backoffDelay(ticket.retries + 1, policy);
  } else {
    if (!idempotent || !err.code || !RETRY_ERROR_CODES.has(err.code)) return { retry: false };
    delayMs = backoffDelay(ticket.retries + 1, policy);
  }
  if (ticket.waitedMs + delayMs > policy.maxTotalWaitMs) return { retry: false };
  return { retry: true, delayMs };
}
