// The recording proxy: listens on loopback only and forwards each request of the user's own
// application, unchanged (its own key included), to one environment — `/rest/` paths to the
// gateway URL, `/api/` paths to the boarding URL — and appends each exchange to a JSON Lines
// file, redacted, without any credential, with the request-file checks' findings on what the
// application sent. The answer goes back to the application unchanged.

import { appendFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchOperation } from '../../catalog';
import { decodeContentEncoding } from '../../core/answers/answerBody';
import type { Environment } from '../../core/environments/environment';
import { toGatewayError } from '../../core/http/gatewayErrors';
import { listenFailure } from '../../core/http/listenFailure';
import { keptExchange, type TrafficExchange, type TrafficFinding } from '../../core/traffic/exchange';
import { keyBinding } from '../../core/protection/authBinding';
import { TRANSPORT_HEADERS } from '../../core/http/transportHeaders';
import { Pool, requestThrough } from '../../core/http/undiciParts';
import { lintExchangeRequest } from '../../core/requestLint/exchangeLint';

interface RecordingProxyOptions {
  environment: Pick<Environment, 'gatewayUrl' | 'boardingUrl'>;
  /** 0 picks a free port. */
  port: number;
  /** JSON Lines file each exchange is appended to. */
  recording: string;
  /** Told of each exchange once recorded. */
  onExchange?(exchange: TrafficExchange): void;
  /** Told of an exchange that could not be recorded (its answer still went to the application). */
  onRecordingFailed?(exchange: TrafficExchange, error: NodeJS.ErrnoException): void;
}

interface RunningProxy {
  proxyUrl: string;
  close(): Promise<void>;
}


function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !TRANSPORT_HEADERS.has(name.toLowerCase())) out[name] = value;
  }
  return out;
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** Where a path goes: the environment's base for its family, with any base path kept. */
function upstreamUrl(environment: RecordingProxyOptions['environment'], pathAndQuery: string): URL {
  const base = pathAndQuery.startsWith('/api/') ? environment.boardingUrl : environment.gatewayUrl;
  return new URL(base.replace(/\/+$/, '') + pathAndQuery);
}

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * Where a request goes, or why it goes nowhere: a path goes to the environment's base for its
 * family; an absolute URL (an application that uses this as its HTTP proxy) only when it is one
 * of the environment's own. The origin rule (keyBinding) decides, as for every front end: the
 * application's key is never forwarded anywhere else.
 */
function upstreamTarget(environment: RecordingProxyOptions['environment'], target: string): { ok: true; url: URL } | { ok: false; message: string } {
  let url: URL;
  try {
    url = target.startsWith('/') ? upstreamUrl(environment, target) : new URL(target);
  } catch {
    return { ok: false, message: `the proxy cannot forward "${target}": send a path such as /rest/v2/transactions/sale` };
  }
  const origins = { gateway: originOf(environment.gatewayUrl), boarding: originOf(environment.boardingUrl) };
  const binding = keyBinding({ origin: url.origin }, url.pathname, origins);
  if (!binding.ok) return { ok: false, message: `the proxy does not forward to ${url.origin}: it sends only to the environment's ${binding.expected}, so that the application's key goes nowhere else` };
  return { ok: true, url };
}

const isText = (type: string | undefined): boolean => !type || /json|xml|text|x-www-form-urlencoded/i.test(type);

/** The proxy's pools' limits (undici's defaults), set from here so a timeout's message names the ones in force. */
const PROXY_TIMEOUTS = { connectMs: 10_000, headersMs: 300_000, bodyMs: 300_000 };

/**
 * Why the exchange failed, and whether it may have happened all the same: a sale whose connection
 * dropped after it was sent may have charged the card, while a refused connection sent nothing.
 * The client's own words (toGatewayError), so the proxy and a Send say the same.
 */
function failureText(err: unknown, method: string, url: URL): string {
  const operation = matchOperation(method, url.pathname)?.op;
  return toGatewayError(err, { method, url, ...(operation ? { operation } : {}), attempts: 1, timeouts: PROXY_TIMEOUTS, scrub: (text) => text }).message;
}

/** Past this, a compressed answer is recorded by its size only: the recording is for reading. */
const MAX_RECORDED_BYTES = 64 * 1024 * 1024;

/**
 * What the recording keeps of an answer: its text, decompressed when the gateway compressed it
 * for an application that accepts gzip (the application itself gets the bytes as they came).
 */
function recordedBody(answer: Buffer, contentType: string, encoding: string | string[] | undefined): string {
  const decoded = decodeContentEncoding(answer, encoding, MAX_RECORDED_BYTES);
  if (decoded.problem) return `(${answer.length} bytes of ${contentType || 'an answer'}: ${decoded.problem})`;
  return isText(contentType) ? decoded.body.toString('utf8') : `(${decoded.body.length} bytes of ${contentType})`;
}

export async function startRecordingProxy(options: RecordingProxyOptions): Promise<RunningProxy> {
  const pending = new Set<Promise<unknown>>();
  // One keep-alive pool per upstream origin (the gateway's and the boarding API's).
  const pools = new Map<string, InstanceType<typeof Pool>>();
  const poolFor = (origin: string): InstanceType<typeof Pool> => {
    let pool = pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, { connect: { timeout: PROXY_TIMEOUTS.connectMs }, headersTimeout: PROXY_TIMEOUTS.headersMs, bodyTimeout: PROXY_TIMEOUTS.bodyMs });
      pools.set(origin, pool);
    }
    return pool;
  };

  /** Never throws: a recording that fails is told, and must not cost the application its answer. */
  const record = async (exchange: TrafficExchange): Promise<void> => {
    try {
      await appendFile(options.recording, `${JSON.stringify(exchange)}\n`);
    } catch (err) {
      options.onRecordingFailed?.(exchange, err as NodeJS.ErrnoException);
      return;
    }
    options.onExchange?.(exchange);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const at = new Date();
    const method = (req.method ?? 'GET').toUpperCase();
    const path = req.url ?? '/';
    const body = await readAll(req);
    const requestText = isText(req.headers['content-type']) ? body.toString('utf8') : undefined;
    const pathname = path.split('?')[0];
    const operationId = matchOperation(method, pathname)?.op.id;
    let findings: TrafficFinding[];
    try {
      findings = lintExchangeRequest({ method, path, headers: req.headers, ...(requestText ? { body: requestText } : {}) });
    } catch {
      findings = []; // a request the checks cannot read is still forwarded and recorded
    }
    const base = { at, method, path, ...(operationId ? { operationId } : {}), requestHeaders: req.headers, ...(requestText !== undefined ? { requestBody: requestText } : {}), findings };
    const target = upstreamTarget(options.environment, path);
    if (!target.ok) {
      await record(keptExchange({ ...base, status: 400, timeMs: performance.now() - started, error: target.message }));
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(target.message);
      return;
    }
    const { url } = target;
    let upstream: Awaited<ReturnType<typeof requestThrough>>;
    let answer: Buffer;
    try {
      upstream = await requestThrough(poolFor(url.origin), {
        origin: url.origin,
        path: url.pathname + url.search,
        method: method,
        headers: forwardable(req.headers),
        ...(body.length > 0 ? { body } : {}),
      });
      answer = Buffer.from(await upstream.body.arrayBuffer());
    } catch (err) {
      const message = `the proxy's exchange with ${url.origin} failed: ${failureText(err, method, url)}`;
      await record(keptExchange({ ...base, status: 502, timeMs: performance.now() - started, error: message }));
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(message);
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(upstream.headers)) {
      if (value !== undefined && !TRANSPORT_HEADERS.has(name.toLowerCase())) headers[name] = value;
    }
    const contentType = String(upstream.headers['content-type'] ?? '');
    // Recorded before the application gets its answer, so the file is never behind what it has
    // seen; a recording that fails does not hold the answer back: the gateway acted on the request.
    await record(keptExchange({
      ...base,
      status: upstream.statusCode,
      responseHeaders: upstream.headers,
      responseBody: recordedBody(answer, contentType, upstream.headers['content-encoding']),
      timeMs: performance.now() - started,
    }));
    res.writeHead(upstream.statusCode, { ...headers, 'content-length': String(answer.length) });
    res.end(answer);
  };

  const server = createServer((req, res) => {
    const done = handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
    pending.add(done);
    void done.finally(() => pending.delete(done));
  });
  // Loopback only: the proxy carries the application's key and is never reachable from outside.
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e) => reject(listenFailure(e, '127.0.0.1', options.port)));
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    proxyUrl: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...pending]);
      await Promise.allSettled([...pools.values()].map((pool) => pool.close()));
    },
  };
}
