// Exchanges (the Traffic view's, History's) as an HTTP Archive 1.2 document that browsers'
// devtools, proxies and `gateway-workbench import` read. Redacted again here whatever the source
// did: no key or credential header, card and account numbers to their last four, CSC hidden.

import { isAuthHeader } from '../protection/authHeaders';
import { redact } from '../protection/redaction';

export interface HarExchange {
  /** ISO time the request started. */
  at: string;
  method: string;
  /** Absolute URL. */
  url: string;
  requestHeaders?: Readonly<Record<string, string>>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Readonly<Record<string, string>>;
  responseBody?: string;
  timeMs?: number;
  /** Where it came from (`Local sandbox`, a recording, History · Staging). */
  comment?: string;
}

interface NameValue { name: string; value: string }

const headerList = (headers: Readonly<Record<string, string>> | undefined, secrets: readonly string[]): NameValue[] =>
  Object.entries(headers ?? {}).filter(([name]) => !isAuthHeader(name)).map(([name, value]) => ({ name, value: redact(String(value), secrets) }));

const mimeOf = (headers: readonly NameValue[], body: string | undefined): string =>
  headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? (body === undefined ? '' : /^\s*</.test(body) ? 'application/xml' : 'application/json');

function queryOf(url: string): NameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function entryOf(e: HarExchange, secrets: readonly string[]): object {
  const url = redact(e.url, secrets);
  const requestHeaders = headerList(e.requestHeaders, secrets);
  const responseHeaders = headerList(e.responseHeaders, secrets);
  const requestBody = e.requestBody === undefined ? undefined : redact(e.requestBody, secrets);
  const responseBody = e.responseBody === undefined ? undefined : redact(e.responseBody, secrets);
  const time = Math.max(0, e.timeMs ?? 0);
  return {
    startedDateTime: e.at,
    time,
    request: {
      method: e.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: requestHeaders,
      queryString: queryOf(url),
      ...(requestBody !== undefined ? { postData: { mimeType: mimeOf(requestHeaders, requestBody), text: requestBody } } : {}),
      headersSize: -1,
      bodySize: requestBody === undefined ? 0 : Buffer.byteLength(requestBody),
    },
    response: {
      // HAR's way of saying "no answer" (a lost connection, or not recorded, as History's bodies are not).
      status: e.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: responseHeaders,
      content: { size: responseBody === undefined ? 0 : Buffer.byteLength(responseBody), mimeType: mimeOf(responseHeaders, responseBody), ...(responseBody !== undefined ? { text: responseBody } : {}) },
      redirectURL: '',
      headersSize: -1,
      bodySize: responseBody === undefined ? -1 : Buffer.byteLength(responseBody),
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
    ...(e.comment ? { comment: e.comment } : {}),
  };
}

/** The HAR document, as JSON text, oldest exchange first. `secrets`: key values to remove besides the credential fields. */
export function harText(exchanges: readonly HarExchange[], creator: { name: string; version: string }, secrets: readonly string[] = []): string {
  const ordered = [...exchanges].sort((a, b) => a.at.localeCompare(b.at));
  return `${JSON.stringify({ log: { version: '1.2', creator, entries: ordered.map((e) => entryOf(e, secrets)) } }, null, 2)}\n`;
}
