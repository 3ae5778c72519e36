// Lets the host see every exchange the Local sandbox serves — whoever the client is: the
// extension, curl, the user's application or its test suite — for the editor's Traffic view.
// It watches the response go out (status, headers and the body handed to `end`) without
// changing it. The observer gets the raw exchange and must redact before keeping anything.

import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { monotonicMs } from '../../core/http/monotonicClock';

export interface SandboxExchange {
  at: Date;
  method: string;
  /** Path and query as the client sent them. */
  path: string;
  requestHeaders: IncomingMessage['headers'];
  requestBody?: Buffer;
  /** Undefined when the connection was dropped before an answer (a `reset` fault). */
  status?: number;
  responseHeaders: OutgoingHttpHeaders;
  responseBody?: Buffer;
  timeMs: number;
}

export type ExchangeObserver = (exchange: SandboxExchange) => void;

export function tapExchange(req: IncomingMessage, res: ServerResponse, requestBody: Buffer | undefined, observer: ExchangeObserver): void {
  const at = new Date();
  const started = monotonicMs();
  let responseBody: Buffer | undefined;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    const [chunk] = args;
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) responseBody = Buffer.from(chunk as string);
    return end(...args);
  }) as ServerResponse['end'];
  let told = false;
  const tell = (): void => {
    if (told) return;
    told = true;
    try {
      observer({
        at,
        method: (req.method ?? 'GET').toUpperCase(),
        path: req.url ?? '/',
        requestHeaders: req.headers,
        ...(requestBody && requestBody.length > 0 ? { requestBody } : {}),
        ...(res.headersSent ? { status: res.statusCode } : {}),
        responseHeaders: res.getHeaders(),
        ...(responseBody ? { responseBody } : {}),
        timeMs: monotonicMs() - started,
      });
    } catch {
      // An observer's failure must never break the sandbox's answer.
    }
  };
  res.once('finish', tell);
  res.once('close', tell);
}
