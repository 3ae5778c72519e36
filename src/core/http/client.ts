// The gateway client: builds a request from a catalog operation (or takes a request file's raw
// request), binds credentials to their origin, sends it through the per-origin retrying
// dispatcher, reads the body within a size limit, decodes it, and logs one redacted line.

import { STATUS_CODES } from 'node:http';
import type { Readable } from 'node:stream';
import { matchOperation, requireOperation } from '../../catalog';
import type { Operation } from '../../catalog/types';
import { decodeContentEncoding, MAX_PARSED_BODY_BYTES } from '../answers/answerBody';
import { decodedResult, type BodyFacts } from '../answers/answerDecoding';
import { authHeadersFor, withoutAuthHeaders } from '../protection/authBinding';
import { readBody, type ReceivedBody } from './answerStream';
import { DEFAULT_TIMEOUTS, DispatcherRegistry, type Timeouts } from './dispatchers';
import type { Credentials, Environment } from '../environments/environment';
import { GatewayError, toGatewayError, type FailureContext } from './gatewayErrors';
import { decodeQueryComponentSafely } from '../codecs/percentDecoding';
import { credentialSecrets, Redactor, redactorFor } from '../protection/redaction';
import { buildTarget, type BuildInput } from './requestBuilder';
import { formatOf, type GatewayResult } from '../answers/result';
import { DEFAULT_RETRY_POLICY, newTicket, parseRetryAfter, type RetryPolicy, type RetryWait } from './retryPolicy';
import { monotonicMs } from './monotonicClock';
import { headerValue } from './headerLookup';

export const DEFAULT_MAX_BODY_BYTES = 50 * 1024 * 1024;

export interface GatewayClientOptions {
  environment: Environment;
  credentials: Credentials;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
  /** Receives one redacted line per exchange. */
  log?: (line: string) => void;
  maxBodyBytes?: number;
  /** Bodies larger than this are kept raw and not parsed (default MAX_PARSED_BODY_BYTES). */
  maxParsedBodyBytes?: number;
  /**
   * Judges a JSON or XML body somewhere else than the caller's thread (the extension: the
   * result worker), so that even the exchange's log line and the readable-or-not verdict parse
   * nothing here; undefined when the body is small enough to be judged here on first read.
   */
  bodyFacts?: (format: 'json' | 'xml', body: Buffer) => Promise<BodyFacts> | undefined;
  /**
   * The User-Agent of every request that does not set its own (a request file may): the
   * Workbench names itself and where it sends from (src/core/http/userAgent.ts). None when absent.
   */
  userAgent?: string;
}

/** Told before each automatic retry's wait (a 429's Retry-After, a backoff): a UI shows it as progress. */
export type RetryWaitListener = (wait: RetryWait) => void;

export interface SendRequest extends Omit<BuildInput, 'operation'> {
  operation: Operation | string;
  signal?: AbortSignal;
  onRetryWait?: RetryWaitListener;
  /** This request's User-Agent instead of the client's (the Gateway view's own listings say so). */
  userAgent?: string;
}

export interface RawRequest {
  method: string;
  /** As written (parsed here), or already parsed by the caller (the run engine has: parsing it again cost as much as matching). */
  url: string | URL;
  headers?: Readonly<Record<string, string>>;
  body?: string | Buffer;
  signal?: AbortSignal;
  onRetryWait?: RetryWaitListener;
  /**
   * The catalog operation, when the caller has already matched the method and path (the run
   * engine has): matching it again cost as much as the rest of the request's preparation.
   * Null: matched, and none. Absent: the client matches it.
   */
  operation?: Operation | null;
  /**
   * Values of this request's own to hide like the keys in its log line and errors (a token the
   * user typed unseen into a `# @prompt`); sent as they are.
   */
  secrets?: readonly string[];
}

interface Exchange {
  operation?: Operation;
  method: string;
  url: URL;
  /** Checked already: the URL carries no key, and these are its origin, path and query. */
  checked?: UrlFacts;
  headers: Record<string, string>;
  body?: string | Buffer;
  signal?: AbortSignal;
  onRetryWait?: RetryWaitListener;
  /** The exchange's redaction, when the request has secrets of its own beyond the keys. */
  scrub?: (text: string) => string;
}

/**
 * What the client works out from a URL before sending to it: its origin, path and query, the
 * credential headers bound to its origin, and that it carries no key. A run sends to the same
 * few URL objects again and again (the run engine parses each target once), so this is worked
 * out once per URL object; `href` tells when an object has been changed since.
 */
interface UrlFacts {
  href: string;
  origin: string;
  pathAndQuery: string;
  authHeaders: Readonly<Record<string, string>>;
}

export class GatewayClient {
  /** Per URL object; weak, so a URL let go by its caller is let go here too. */
  private readonly urlFacts = new WeakMap<URL, UrlFacts>();
  private readonly timeouts: Timeouts;
  private readonly retryPolicy: RetryPolicy;
  private readonly dispatchers: DispatcherRegistry;
  private readonly maxBodyBytes: number;
  private readonly maxParsedBodyBytes: number;
  /** The secrets compiled once: every error, log line and unreadable-answer reason goes through it. */
  private readonly redactor: Redactor;
  /** The keys looked for in URLs; shorter "keys" are test placeholders that would match ordinary URL text. */
  private readonly urlSecrets: readonly string[];
  private readonly keySecrets: readonly string[];

  constructor(private readonly opts: GatewayClientOptions) {
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
    this.retryPolicy = { ...DEFAULT_RETRY_POLICY, ...opts.retry };
    this.dispatchers = new DispatcherRegistry(this.timeouts);
    this.maxBodyBytes = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.maxParsedBodyBytes = opts.maxParsedBodyBytes ?? MAX_PARSED_BODY_BYTES;
    const secrets = credentialSecrets(opts.credentials);
    this.keySecrets = secrets;
    this.redactor = new Redactor(secrets);
    this.urlSecrets = secrets.filter((secret) => secret.length >= 8);
  }

  /** Sends a catalog operation. HTTP error statuses come back as results; failures throw GatewayError. */
  async send(req: SendRequest): Promise<GatewayResult> {
    const operation = typeof req.operation === 'string' ? this.operationFor(req.operation) : req.operation;
    const built = buildTarget(this.opts.environment, this.opts.credentials, { ...req, operation });
    const userAgent = req.userAgent ?? this.opts.userAgent;
    if (userAgent !== undefined) built.headers['user-agent'] = userAgent;
    return this.exchange({
      operation,
      method: built.method,
      url: built.target,
      headers: built.headers,
      body: built.body,
      signal: req.signal,
      onRetryWait: req.onRetryWait,
    });
  }

  /**
   * Sends a request as a request file wrote it; auth and origin binding still apply. Not async:
   * the exchange's promise is handed on as it is (an async function returning it cost two more
   * turns per request); a refusal still comes back as a rejected promise, never a throw.
   */
  sendRaw(req: RawRequest): Promise<GatewayResult> {
    try {
      const scrub = req.secrets?.length ? this.scrubAlso(req.secrets) : undefined;
      const method = req.method.toUpperCase();
      const url = req.url instanceof URL ? req.url : this.rawUrl(method, req.url, scrub ?? this.scrub);
      const facts = this.factsOf(method, url);
      // The file's headers, then the credential ones: added in place rather than spread into a new literal (made per request).
      const headers = withoutAuthHeaders(req.headers ?? {});
      Object.assign(headers, facts.authHeaders);
      if (this.opts.userAgent !== undefined && headerValue(headers, 'user-agent') === undefined) headers['user-agent'] = this.opts.userAgent;
      const operation = req.operation === undefined ? matchOperation(method, url.pathname)?.op : req.operation ?? undefined;
      const ex: Exchange = { operation, method, url, checked: facts, headers, body: req.body, signal: req.signal, onRetryWait: req.onRetryWait };
      if (scrub) ex.scrub = scrub;
      return this.exchange(ex);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  /** The URL's facts, worked out (and refused: a key in it, an origin its keys are not bound to) once per URL object. */
  private factsOf(method: string, url: URL): UrlFacts {
    const href = url.href;
    const known = this.urlFacts.get(url);
    if (known?.href === href) return known;
    const authHeaders = authHeadersFor(this.opts.environment, this.opts.credentials, url);
    this.refuseKeyInUrl(method, url);
    const facts = { href, origin: url.origin, pathAndQuery: url.pathname + url.search, authHeaders };
    this.urlFacts.set(url, facts);
    return facts;
  }

  private rawUrl(method: string, text: string, scrub: (text: string) => string): URL {
    if (text.includes('{{')) {
      throw new GatewayError('bad-input', scrub(`${method} ${text}: the URL still holds an unresolved {{variable}}; define it first.`));
    }
    try {
      return new URL(text);
    } catch {
      throw new GatewayError('bad-input', scrub(`"${text}" is not a full URL: start the path with {{gatewayUrl}} or {{boardingUrl}}.`));
    }
  }

  /** Closes every pooled connection. */
  close(): Promise<void> {
    return this.dispatchers.closeAll();
  }

  private operationFor(id: string): Operation {
    try {
      return requireOperation(id);
    } catch (err) {
      throw new GatewayError('bad-input', (err as Error).message);
    }
  }

  private scrub = (text: string): string => this.redactor.text(text);

  /** The keys' redaction with a request's own secrets added (the last such redactor is reused). */
  private scrubAlso(secrets: readonly string[]): (text: string) => string {
    const redactor = redactorFor([...this.keySecrets, ...secrets]);
    return (text) => redactor.text(text);
  }

  /**
   * A key in the URL would travel in logs, proxies and browser history, and keys are only ever
   * sent in headers: a URL carrying the environment's key is not sent.
   */
  private refuseKeyInUrl(method: string, url: URL): void {
    if (this.urlSecrets.length === 0) return;
    // Read once. Decoding only when something is encoded.
    const href = url.href;
    const decoded = href.includes('%') || href.includes('+') ? decodeQueryComponentSafely(href) : href;
    let carried = false;
    for (const secret of this.urlSecrets) carried ||= href.includes(secret) || decoded.includes(secret);
    if (!carried) return;
    throw new GatewayError(
      'bad-input',
      this.scrub(`${method} ${url.pathname}: the URL carries the environment's key; keys are sent only in headers, so the request was not sent. Remove the key from the URL (the client adds it as a header itself).`),
    );
  }

  private async exchange(ex: Exchange): Promise<GatewayResult> {
    if (!ex.checked) this.refuseKeyInUrl(ex.method, ex.url);
    const scrub = ex.scrub ?? this.scrub;
    const origin = ex.checked?.origin ?? ex.url.origin;
    const started = monotonicMs();
    const ticket = newTicket(this.retryPolicy, ex.signal, ex.onRetryWait);
    const failure = (): FailureContext => ({
      method: ex.method,
      url: ex.url,
      ...(ex.operation ? { operation: ex.operation } : {}),
      attempts: ticket.retries + 1,
      timeouts: this.timeouts,
      scrub,
    });
    try {
      const response = await this.dispatchers.request(origin, {
        origin,
        path: ex.checked?.pathAndQuery ?? ex.url.pathname + ex.url.search,
        method: ex.method,
        headers: ex.headers,
        body: ex.body,
        signal: ex.signal,
        opaque: ticket,
      });
      ticket.answered = true;
      // Time to the answer's status line and headers (retries included): the rest of timingMs is the body.
      const headersMs = monotonicMs() - started;
      const headers = normaliseHeaders(response.headers);
      const received = await this.readBody(response.body, headers, failure);
      const encoded = decodeContentEncoding(received.body, headers['content-encoding'], this.maxBodyBytes);
      const rawBody = encoded.body;
      const contentType = String(headers['content-type'] ?? '');
      const format = formatOf(contentType, rawBody);
      const retryAfterMs =
        response.statusCode === 429 || response.statusCode === 503 ? parseRetryAfter(headers['retry-after']) : undefined;
      const answeredMs = monotonicMs() - started;
      const judged = received.cutOff || encoded.problem ? undefined : this.judgedElsewhere(format, rawBody);
      const facts = judged ? await judged.catch(() => undefined) : undefined;
      const header = headers['exchange-id'];
      // The body's text, tree, verdict and envelope are made when first read, not here. One
      // class, optional members added after, never conditional spreads.
      // PERF(bench/clientOverhead.ts), guarded by test/core/performanceGuards.test.ts.
      const result = decodedResult({
        method: ex.method,
        url: ex.checked?.href ?? ex.url.href,
        status: response.statusCode,
        statusText: STATUS_CODES[response.statusCode] ?? '',
        headers,
        timingMs: answeredMs,
        attempts: ticket.retries + 1,
        contentType,
        format,
        rawBody,
      }, {
        status: response.statusCode,
        contentType,
        contentEncoding: headers['content-encoding'],
        format,
        rawBody,
        operation: ex.operation,
        cutOff: received.cutOff,
        encodingProblem: encoded.problem,
        exchangeIdHeader: typeof header === 'string' ? header : undefined,
        maxParsedBytes: this.maxParsedBodyBytes,
        scrub,
        facts,
      });
      if (ex.operation) result.operationId = ex.operation.id;
      result.headersMs = headersMs;
      if (retryAfterMs !== undefined) {
        result.retryAfterMs = retryAfterMs;
        result.retryWaitBudgetMs = this.retryPolicy.maxTotalWaitMs;
      }
      if (this.opts.log) {
        const unread = result.unreadable ? ' UNREADABLE' : '';
        this.logLine(ex, `${result.status}${unread} ${Math.round(result.timingMs)}ms exchange-id=${result.exchangeId ?? '-'} attempts=${result.attempts}`);
      }
      return result;
    } catch (err) {
      const error = toGatewayError(err, failure());
      const outcome = error.kind === 'aborted' ? 'cancelled (request aborted)' : `FAILED ${error.kind}`;
      this.logLine(ex, `${outcome} ${Math.round(monotonicMs() - started)}ms attempts=${ticket.retries + 1}`);
      throw error;
    }
  }

  /** The body's facts being judged elsewhere, when a JSON or XML body is worth sending there. */
  private judgedElsewhere(format: string, body: Buffer): Promise<BodyFacts> | undefined {
    if (!this.opts.bodyFacts || (format !== 'json' && format !== 'xml') || body.length > this.maxParsedBodyBytes) return undefined;
    return this.opts.bodyFacts(format, body);
  }

  /** The body within `maxBodyBytes`; past it the transfer is aborted and the exchange fails. */
  private readBody(body: Readable, headers: Record<string, string | string[]>, failure: () => FailureContext): Promise<ReceivedBody> {
    const tooLarge = (): GatewayError => {
      const ctx = failure();
      return new GatewayError(
        'body-too-large',
        ctx.scrub(`${ctx.method} ${ctx.url.pathname}: the response is larger than ${this.maxBodyBytes} bytes; it was not read. Narrow the request (paging, filters) or raise the body limit.`),
        ctx.attempts,
      );
    };
    return readBody(body, headers['content-length'], { maxBytes: this.maxBodyBytes, bodyTimeoutMs: this.timeouts.bodyMs }, tooLarge);
  }

  /** THE one line per exchange: operation (when known), method, path, outcome, ms, exchange-id. */
  private logLine(ex: Exchange, outcome: string): void {
    const op = ex.operation ? `${ex.operation.id} ` : '';
    if (this.opts.log) this.opts.log((ex.scrub ?? this.scrub)(`${op}${ex.method} ${ex.url.pathname}${ex.url.search} ${outcome}`));
  }
}

function normaliseHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  // By key, not Object.entries: no [name, value] array per header of every answer.
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}
