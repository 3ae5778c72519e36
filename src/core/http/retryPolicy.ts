// When to send a request again, and after how long. Plugged into undici's RetryHandler as its
// `retry` callback: undici's default honours Retry-After but caps it silently, has no jitter,
// and would re-send a PUT or DELETE after a connection reset. Only a request that provably did
// not do anything is sent again: a read (GET, HEAD, OPTIONS) after a failure, anything after a
// 429 (the gateway refused it without processing it) or a refused connection (it never left).
// A PUT closing the batch or a DELETE voiding an ACH transaction whose answer was lost may have
// done its work; sending it again closed a second, empty batch.

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Upper bound on the sum of all waits between attempts. */
  maxTotalWaitMs: number;
  /** First backoff step when the server gives no Retry-After. */
  baseDelayMs: number;
  /** Largest single backoff step. */
  maxDelayMs: number;
  /**
   * Largest random wait added AFTER a Retry-After: clients sharing a key that all retry at the
   * instant the gateway named are rate limited again together.
   */
  retryAfterJitterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  maxTotalWaitMs: 30_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  retryAfterJitterMs: 1_000,
};

/** Methods that change nothing on the gateway: safe to send again whatever happened. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isReadMethod(method: string): boolean {
  return READ_METHODS.has(method.toUpperCase());
}

/** Statuses worth another attempt, and which methods may take it. */
const RETRY_STATUSES: Readonly<Record<number, 'any-method' | 'reads'>> = {
  429: 'any-method',
  // A 503 may come from a proxy after the gateway did the work: only reads go again.
  503: 'reads',
};

/** Whether an answer with `status` may earn another attempt (for some method). */
export function isRetryStatus(status: number): boolean {
  return RETRY_STATUSES[status] !== undefined;
}

/** Failures before the request left: nothing arrived, so any method may go again. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED']);

/** Socket failures after the request may have arrived: only a read goes again. */
const MAYBE_SENT_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Per-request retry bookkeeping, carried to the retry callback as the request's `opaque`. */
export interface RetryTicket {
  policy: RetryPolicy;
  retries: number;
  waitedMs: number;
  /**
   * Set once the answer's headers were handed over: a failure after that is a cut-off body,
   * which is reported, never re-requested (undici would ask again with a Range header).
   */
  answered: boolean;
  signal?: AbortSignal;
  /** Told before each wait, so that a caller can say why nothing seems to happen. */
  onRetryWait?: (wait: RetryWait) => void;
}

/** A wait before sending again: what caused it and how long it lasts. */
export interface RetryWait {
  /** The status that caused it (429, 503), or undefined after a connection failure. */
  status?: number;
  /** The socket failure's code (ECONNREFUSED…) when there was no status. */
  code?: string;
  /** What the server asked for in Retry-After, when it did. */
  retryAfterMs?: number;
  /** The wait itself: Retry-After plus jitter, or the backoff step. */
  delayMs: number;
  /** 1 for the first retry. */
  retry: number;
  maxRetries: number;
}

export function newTicket(policy: RetryPolicy, signal?: AbortSignal, onRetryWait?: (wait: RetryWait) => void): RetryTicket {
  return { policy, retries: 0, waitedMs: 0, answered: false, signal, ...(onRetryWait ? { onRetryWait } : {}) };
}

/**
 * delay-seconds, and the fractional seconds some servers send although RFC 9110 does not: read
 * as asked, rounded up, so the retry is never earlier than the server said.
 */
const DELAY_SECONDS = /^\d+(?:\.\d+)?$/;
/**
 * Every HTTP-date form names its time of day. Date.parse alone reads "-1", "1.5" or "3,4" as
 * days in 2001, which made the retry immediate.
 */
const HTTP_DATE_TIME = /\d\d:\d\d:\d\d/;

/** Retry-After in milliseconds, as delay-seconds or an HTTP-date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  // Capped to stay a number: 400 digits are Infinity, which no message can say.
  if (DELAY_SECONDS.test(text)) return Math.min(Number.MAX_SAFE_INTEGER, Math.ceil(Number(text) * 1000));
  const date = HTTP_DATE_TIME.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with jitter: a random point in the upper half of the step. */
export function backoffDelay(retryNumber: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retryNumber - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/**
 * The wait after a Retry-After: never earlier than the server asked, plus up to
 * `retryAfterJitterMs` at random, within what is left of the total wait budget.
 */
function retryAfterDelay(retryAfterMs: number, budgetLeftMs: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const jitter = Math.round(random() * policy.retryAfterJitterMs);
  return retryAfterMs + Math.max(0, Math.min(jitter, budgetLeftMs - retryAfterMs));
}

type RetryDecision = { retry: false } | { retry: true; delayMs: number };

interface RetryableFailure {
  statusCode?: number;
  code?: string;
  headers?: Record<string, string | string[] | undefined>;
}

/** Whether to send again after `err` (a status or a socket failure), and after how long. */
export function decideRetry(err: RetryableFailure, method: string, ticket: RetryTicket, now = Date.now(), random: () => number = Math.random): RetryDecision {
  const { policy } = ticket;
  if (ticket.signal?.aborted || ticket.answered || ticket.retries >= policy.maxRetries) return { retry: false };
  const read = isReadMethod(method);
  const budgetLeftMs = policy.maxTotalWaitMs - ticket.waitedMs;
  let delayMs: number;
  if (err.statusCode !== undefined) {
    const allowed = RETRY_STATUSES[err.statusCode];
    if (!allowed || (allowed === 'reads' && !read)) return { retry: false };
    const retryAfterMs = parseRetryAfter(err.headers?.['retry-after'], now);
    delayMs = retryAfterMs !== undefined ? retryAfterDelay(retryAfterMs, budgetLeftMs, policy, random) : backoffDelay(ticket.retries + 1, policy, random);
  } else {
    const code = err.code ?? '';
    const mayGo = NOT_SENT_CODES.has(code) || (read && MAYBE_SENT_CODES.has(code));
    if (!mayGo) return { retry: false };
    delayMs = backoffDelay(ticket.retries + 1, policy, random);
  }
  if (delayMs > budgetLeftMs) return { retry: false };
  return { retry: true, delayMs };
}
