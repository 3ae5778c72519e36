// Failures that produced no HTTP response, as values a user can act on. HTTP error statuses
// (401, 404, 429, 5xx...) are not errors here: they come back as results (see statusAdvice.ts).

import type { Operation } from '../../catalog/types';
import { changesState, mayHaveHappened } from './outcomeCheck';

export type GatewayErrorKind =
  | 'unreachable'
  | 'not-http'
  | 'timeout'
  | 'aborted'
  | 'body-too-large'
  | 'connection-lost'
  | 'origin-refused'
  | 'bad-input'
  | 'network';

export class GatewayError extends Error {
  /**
   * True when a request that changes state may have done its work before the failure: the
   * user must check before sending it again, so nothing should offer a one-click retry.
   */
  readonly outcomeUnknown: boolean;

  constructor(
    readonly kind: GatewayErrorKind,
    message: string,
    readonly attempts = 0,
    options?: { cause?: unknown; outcomeUnknown?: boolean },
  ) {
    super(message, options);
    this.name = 'GatewayError';
    this.outcomeUnknown = options?.outcomeUnknown === true;
  }
}

/**
 * Whether `e` is this bundle's GatewayError. Code in another bundle (the extension's activation
 * bundle has no copy of the class) asks the runtime bundle's guard instead of matching a name.
 */
export function isGatewayError(e: unknown): e is GatewayError {
  return e instanceof GatewayError;
}

/** Failures that prove the request never reached the gateway. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export interface FailureContext {
  method: string;
  url: URL;
  /** The catalog operation sent, when known: what it does and which read tells whether it went through. */
  operation?: Operation;
  attempts: number;
  timeouts: { connectMs: number; headersMs: number; bodyMs: number };
  /** Applied to every message, so a path holding an id or key never leaks (redaction). */
  scrub: (text: string) => string;
}

/** After a failure once the request may have arrived: whether to retry, or what to check first. */
function afterwards(ctx: FailureContext, retryAdvice: string): string {
  return changesState(ctx.method, ctx.operation) ? mayHaveHappened(ctx.method, ctx.url, ctx.operation) : retryAdvice;
}

type Describe = (ctx: FailureContext, code: string) => { kind: GatewayErrorKind; message: string };

function hostOf(ctx: FailureContext): string {
  return ctx.url.host;
}

const unreachable: Describe = (ctx, code) => ({
  kind: 'unreachable',
  message:
    code === 'ENOTFOUND' || code === 'EAI_AGAIN'
      ? `Cannot find host ${ctx.url.hostname} (DNS lookup failed): check the environment's URL for a typo.`
      : `Cannot connect to ${hostOf(ctx)} (connection refused${ctx.attempts > 1 ? `, ${ctx.attempts} attempts` : ''}): is the gateway (or Local sandbox) running, and is the environment's URL and port right? Nothing was sent, so it is safe to send again.`,
});

const connectionLost: Describe = (ctx) => ({
  kind: 'connection-lost',
  message:
    `${ctx.method} ${ctx.url.pathname}: the connection to ${hostOf(ctx)} closed before an answer arrived` +
    (changesState(ctx.method, ctx.operation)
      ? `. ${mayHaveHappened(ctx.method, ctx.url, ctx.operation)}`
      : ` (${ctx.attempts} attempt${ctx.attempts === 1 ? '' : 's'}); try again in a moment.`),
});

const notHttp: Describe = (ctx) => ({
  kind: 'not-http',
  message:
    `${ctx.method} ${ctx.url.pathname}: ${hostOf(ctx)} answered with something that is not HTTP — is the environment's URL ` +
    `pointing at the gateway (right port; https or http)? ${afterwards(ctx, 'Fix the URL, then try again.')}`,
});

const headersTooLarge: Describe = (ctx) => ({
  kind: 'not-http',
  message:
    `${ctx.method} ${ctx.url.pathname}: the answer from ${hostOf(ctx)} had more header data than a gateway ever sends, ` +
    `so it was refused unread. ${afterwards(ctx, 'Try again; if it persists, something between you and the gateway is misbehaving.')}`,
});

/** What each undici / socket error code means to a user. */
const BY_CODE: Readonly<Record<string, Describe>> = {
  ECONNREFUSED: unreachable,
  ENOTFOUND: unreachable,
  EAI_AGAIN: unreachable,
  EHOSTUNREACH: unreachable,
  ENETUNREACH: unreachable,
  ECONNRESET: connectionLost,
  EPIPE: connectionLost,
  UND_ERR_SOCKET: connectionLost,
  UND_ERR_CLOSED: connectionLost,
  UND_ERR_CONNECT_TIMEOUT: (ctx) => ({
    kind: 'timeout',
    message: `Connecting to ${hostOf(ctx)} timed out (connect timeout, ${ctx.timeouts.connectMs} ms): check the URL and your network, or raise the connect timeout.`,
  }),
  UND_ERR_HEADERS_TIMEOUT: (ctx) => ({
    kind: 'timeout',
    message: `${ctx.method} ${ctx.url.pathname}: no answer from ${hostOf(ctx)} within ${ctx.timeouts.headersMs} ms (headers timeout). ` +
      afterwards(ctx, 'Try again, or raise the headers timeout.'),
  }),
  UND_ERR_BODY_TIMEOUT: (ctx) => ({
    kind: 'timeout',
    message: `${ctx.method} ${ctx.url.pathname}: the response body from ${hostOf(ctx)} stalled for ${ctx.timeouts.bodyMs} ms (body timeout). Try again, or raise the body timeout.`,
  }),
  UND_ERR_HEADERS_OVERFLOW: headersTooLarge,
  HPE_HEADER_OVERFLOW: headersTooLarge,
  HTTP_PARSER: notHttp,
  UND_ERR_REQ_RETRY: (ctx) => ({
    kind: 'connection-lost',
    message: `${ctx.method} ${ctx.url.pathname}: the answer from ${hostOf(ctx)} was cut off and could not be read. ${afterwards(ctx, 'Try again in a moment.')}`,
  }),
  UND_ERR_ABORTED: (ctx) => ({ kind: 'aborted', message: `${ctx.method} ${ctx.url.pathname} was cancelled.` }),
  ABORT_ERR: (ctx) => ({ kind: 'aborted', message: `${ctx.method} ${ctx.url.pathname} was cancelled.` }),
};

function codeOf(err: unknown): string | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { code?: unknown; name?: unknown; cause?: unknown };
  if (e.name === 'AbortError') return 'ABORT_ERR';
  if (e.code === 'HPE_HEADER_OVERFLOW') return 'HPE_HEADER_OVERFLOW';
  if (e.name === 'HTTPParserError') return 'HTTP_PARSER';
  if (typeof e.code === 'string' && e.code in BY_CODE) return e.code;
  return codeOf(e.cause) ?? (typeof e.code === 'string' ? e.code : undefined);
}

/** Turns whatever undici or the socket threw into a GatewayError with an actionable message. */
export function toGatewayError(err: unknown, ctx: FailureContext): GatewayError {
  if (err instanceof GatewayError) return err;
  const code = codeOf(err) ?? 'UNKNOWN';
  const describe = BY_CODE[code];
  const outcomeUnknown = changesState(ctx.method, ctx.operation) && !NOT_SENT_CODES.has(code) && code !== 'ABORT_ERR' && code !== 'UND_ERR_ABORTED';
  if (describe) {
    const { kind, message } = describe(ctx, code);
    return new GatewayError(kind, ctx.scrub(message), ctx.attempts, { cause: err, outcomeUnknown });
  }
  const reason = err instanceof Error ? err.message : String(err);
  const message = `${ctx.method} ${ctx.url.pathname} to ${hostOf(ctx)} failed: ${reason}. ${afterwards(ctx, 'Try again in a moment.')}`;
  return new GatewayError('network', ctx.scrub(message), ctx.attempts, { cause: err, outcomeUnknown });
}
