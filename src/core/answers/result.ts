// What one exchange with the gateway produced: status, headers, timing, raw and parsed body,
// and the two values every gateway answer carries (exchange-id and payloadType).

import { ATTRIBUTE_PREFIX, type CodecError } from '../codecs/codecs';

export type ResultFormat = 'json' | 'xml' | 'pdf' | 'text' | 'binary';

export interface GatewayResult {
  operationId?: string;
  method: string;
  url: string;
  status: number;
  statusText: string;
  headers: Record<string, string | string[]>;
  timingMs: number;
  /** Of timingMs, the time until the status line and headers arrived (time to first byte); the rest read the body. */
  headersMs?: number;
  /** Attempts made, counting retries after 429/503 or a reset. */
  attempts: number;
  contentType: string;
  format: ResultFormat;
  rawBody: Buffer;
  bodyText?: string;
  parsed?: unknown;
  parseError?: CodecError;
  exchangeId?: string;
  payloadType?: string;
  /** On 429/503: how long the server asked to wait before retrying. */
  retryAfterMs?: number;
  /** On 429/503: the most the client would have waited in all, so a longer Retry-After was not waited out. */
  retryWaitBudgetMs?: number;
  /**
   * Why the body cannot be read as the gateway's answer (HTML, binary, undeclared gzip, cut off,
   * not parseable). A 2xx carrying it is an unknown outcome, never a success.
   */
  unreadable?: string;
  /** Set when the body was too large to parse: it is kept as raw bytes and text only. */
  notParsed?: string;
}

/** Content types by what they are; `+json` / `+xml` suffixes count as their base. */
const FORMAT_BY_TYPE: ReadonlyArray<{ test: RegExp; format: ResultFormat }> = [
  { test: /^application\/(.+\+)?json\b/, format: 'json' },
  { test: /^(application|text)\/(.+\+)?xml\b/, format: 'xml' },
  { test: /^application\/pdf\b/, format: 'pdf' },
  { test: /^text\//, format: 'text' },
];

export function formatOf(contentType: string, body: Buffer): ResultFormat {
  const type = contentType.toLowerCase().trim();
  const known = FORMAT_BY_TYPE.find((entry) => entry.test.test(type));
  if (known) return known.format;
  if (type) return 'binary';
  const start = body.subarray(0, 64).toString('utf8').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return 'json';
  if (start.startsWith('<')) return 'xml';
  return body.includes(0) ? 'binary' : 'text';
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

/** The single root element's content of a parsed XML document (skipping `?xml`). */
function xmlRoot(doc: Obj): Obj | undefined {
  const rootKey = Object.keys(doc).find((k) => !k.startsWith('?'));
  const root = rootKey === undefined ? undefined : doc[rootKey];
  return isObj(root) ? root : undefined;
}

/** exchange-id and payloadType from a JSON envelope or an XML `response` / `object` root. */
export function envelopeFields(format: ResultFormat, parsed: unknown): { exchangeId?: string; payloadType?: string } {
  if (format === 'json' && isObj(parsed)) {
    const payload = parsed.payload;
    return { exchangeId: str(parsed['exchange-id']), payloadType: isObj(payload) ? str(payload.payloadType) : undefined };
  }
  if (format === 'xml' && isObj(parsed)) {
    const root = xmlRoot(parsed);
    if (!root) return {};
    const payload = root.payload;
    const payloadType =
      str(root.payloadType) ??
      (isObj(payload) ? str(payload[`${ATTRIBUTE_PREFIX}type`]) ?? str(payload.payloadType) : undefined);
    return { exchangeId: str(root['exchange-id']), payloadType };
  }
  return {};
}

/** One line for status bars and logs: `200 OK · transaction · 34 ms · exchange-id …`. */
export function describeResult(result: GatewayResult): string {
  const parts = [`${result.status} ${result.statusText}`.trim()];
  if (result.unreadable) parts.push('the answer could not be read');
  if (result.payloadType) parts.push(result.payloadType);
  parts.push(`${Math.round(result.timingMs)} ms`);
  if (result.attempts > 1) parts.push(`${result.attempts} attempts`);
  if (result.exchangeId) parts.push(`exchange-id ${result.exchangeId}`);
  if (result.retryAfterMs !== undefined) parts.push(`retry after ${Math.ceil(result.retryAfterMs / 1000)} s`);
  return parts.join(' · ');
}
