// HTTP error statuses are results, not exceptions; this turns one into something to do next.

import { operationById } from '../../catalog';
import { changesState, checkBeforeRetrying } from './outcomeCheck';
import type { GatewayResult } from '../answers/result';
import type { RetryWait } from './retryPolicy';

type Advice = (result: GatewayResult) => string;

function keyName(result: GatewayResult): string {
  return new URL(result.url).pathname.includes('/api/') ? 'AccessKey and MerchantId' : 'api-key';
}

const MESSAGE_KEYS = new Set(['error-message', 'errorMessage']);

/** The first `error-message` / `errorMessage` value anywhere in a parsed answer. */
function findMessage(value: unknown, depth = 0): string | undefined {
  if (depth > 6 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (MESSAGE_KEYS.has(key) && (typeof inner === 'string' || typeof inner === 'number')) return String(inner);
  }
  for (const inner of Object.values(value)) {
    const found = findMessage(inner, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

// Read from the parsed answer, whose XML entities the codec decoded: the raw text would show
// `&lt;terminal-settings&gt;` where the gateway meant `<terminal-settings>`. An answer too large
// to parse (or not parseable) falls back to the raw JSON text, where no entities exist.
function gatewayMessage(result: GatewayResult): string {
  const parsed = findMessage(result.parsed);
  const raw = parsed === undefined && result.format !== 'xml'
    ? /"(?:error-message|errorMessage)"\s*:\s*"([^"\n]+)/.exec(result.bodyText ?? '')?.[1]
    : undefined;
  const message = (parsed ?? raw)?.trim();
  return message ? ` The gateway says: "${message}".` : '';
}

/** For a 5xx on a request that changes state: the gateway may have done it before failing. */
function unknownOutcome(result: GatewayResult): string | undefined {
  const operation = result.operationId ? operationById(result.operationId) : undefined;
  if (!changesState(result.method, operation)) return undefined;
  let url: URL;
  try {
    url = new URL(result.url);
  } catch {
    return undefined;
  }
  return `${result.status}: the outcome is unknown — the gateway may have processed it before failing. It was not sent again: ${checkBeforeRetrying(result.method, url, operation)}.`;
}

const seconds = (ms: number): number => Math.ceil(ms / 1000);

function rateLimited(r: GatewayResult): string {
  if (r.retryAfterMs !== undefined && r.retryWaitBudgetMs !== undefined && r.retryAfterMs > r.retryWaitBudgetMs) {
    return `429: rate limited — the gateway asked to wait ${seconds(r.retryAfterMs)} s, longer than the ${seconds(r.retryWaitBudgetMs)} s the client waits in all, so it was not retried. Wait ${seconds(r.retryAfterMs)} s, then send it again.`;
  }
  return `429: rate limited${r.retryAfterMs !== undefined ? `, retry after ${seconds(r.retryAfterMs)} s` : ''} — slow down; the client already retried ${Math.max(0, r.attempts - 1)} time(s).`;
}

const ADVICE: Readonly<Record<number, Advice>> = {
  400: (r) => `400: the gateway rejected the request as malformed.${gatewayMessage(r)} Check the body's fields and format.`,
  401: (r) => `401: the ${keyName(r)} was refused — set the environment's keys (and check they belong to this environment).`,
  402: (r) => `402: the payment was declined or failed.${gatewayMessage(r)} See result-code in the response.`,
  403: (r) =>
    `403: the ${keyName(r)} is valid but has no access to this resource — check the merchant id in the path and the key's permissions.`,
  404: () => '404: not found — check the id in the path (it may belong to another environment or have been deleted).',
  405: () => '405: this path does not take that method — check the operation.',
  429: rateLimited,
  500: () => '500: the gateway failed internally — try again later; if it persists, report the exchange-id to the operator.',
  502: () => '502: a proxy in front of the gateway failed — try again later.',
  503: (r) =>
    `503: the gateway is unavailable${r.retryAfterMs !== undefined ? `, retry after ${Math.ceil(r.retryAfterMs / 1000)} s` : ''} — try again later.`,
  504: () => '504: the gateway timed out behind a proxy — check whether the request went through before retrying.',
};

/** Actionable text for an error status, or undefined for a success. */
export function explainStatus(result: GatewayResult): string | undefined {
  if (result.status < 400) return undefined;
  const advice = ADVICE[result.status];
  const text =
    (result.status >= 500 ? unknownOutcome(result) : undefined) ??
    (advice ? advice(result) : `${result.status}: the gateway answered with an error.${gatewayMessage(result)}`);
  return result.exchangeId ? `${text} (exchange-id ${result.exchangeId})` : text;
}

/**
 * What a progress notification says while the client waits to send again, e.g. "waiting 2 s for
 * the rate limit (429), then retry 1 of 3". A 429's seconds are its Retry-After's (the client
 * adds under a second of jitter); otherwise the backoff's own wait.
 */
export function retryWaitText(wait: RetryWait): string {
  const s = Math.max(1, seconds(wait.retryAfterMs ?? wait.delayMs));
  const then = `then retry ${wait.retry} of ${wait.maxRetries}`;
  if (wait.status === 429) return `waiting ${s} s for the rate limit (429), ${then}`;
  if (wait.status !== undefined) return `the gateway is unavailable (${wait.status}): waiting ${s} s, ${then}`;
  return `could not connect${wait.code ? ` (${wait.code})` : ''}: waiting ${s} s, ${then}`;
}
