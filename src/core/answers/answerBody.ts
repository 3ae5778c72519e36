// Whether an answer's body can be trusted as the gateway's answer. A 200 whose body is an HTML
// page, binary data, compressed without saying so, cut off or unparseable is an unknown
// outcome, not a success: the gateway may or may not have done the work. Judged here once, so
// the client's result, the run engine, the CLI reports and the extension agree.

import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Operation } from '../../catalog/types';
import type { CodecError } from '../codecs/codecs';
import type { ResultFormat } from './result';

/**
 * Bodies above this many bytes are kept as received (raw bytes and text) and not parsed: a tree
 * of a body that large costs seconds and many times its size. PERF(bench/largeAnswer.ts) A full search page (100 transactions) is about 100 KB, so no
 * gateway answer a user reads comes near it. Expectations on body values cannot see into them.
 */
export const MAX_PARSED_BODY_BYTES = 4 * 1024 * 1024;

type Decoder = (raw: Buffer, opts: { maxOutputLength: number }) => Buffer;

const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: (raw, opts) => gunzipSync(raw, opts),
  'x-gzip': (raw, opts) => gunzipSync(raw, opts),
  deflate: (raw, opts) => inflateSync(raw, opts),
  br: (raw, opts) => brotliDecompressSync(raw, opts),
};

/** The body with a declared Content-Encoding undone, or why it cannot be. */
export function decodeContentEncoding(raw: Buffer, encoding: string | string[] | undefined, maxBytes: number): { body: Buffer; problem?: string } {
  if (encoding === undefined || raw.length === 0) return { body: raw };
  const declared = (Array.isArray(encoding) ? encoding.join(',') : encoding ?? '').toLowerCase().split(',').map((e) => e.trim()).filter((e) => e && e !== 'identity');
  if (declared.length === 0 || raw.length === 0) return { body: raw };
  let body = raw;
  // Encodings are listed in the order they were applied: undo them last first.
  for (const name of [...declared].reverse()) {
    const decode = DECODERS[name];
    if (!decode) return { body: raw, problem: `it is compressed with "${name}", which the client cannot read` };
    try {
      body = decode(body, { maxOutputLength: maxBytes });
    } catch {
      return { body: raw, problem: `it says it is ${name}-compressed, but it does not decompress` };
    }
  }
  return { body };
}

const LESS_THAN = 0x3c;

/** The first byte that is not ASCII whitespace (or a UTF-8 byte order mark), or -1. */
function firstByte(body: Buffer): number {
  for (let i = 0; i < body.length && i < 256; i++) {
    const b = body[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0xef && b !== 0xbb && b !== 0xbf) return b;
  }
  return -1;
}

function looksLikeHtml(contentType: string, body: Buffer): boolean {
  if (/^\s*text\/html\b/i.test(contentType)) return true;
  // Only a body starting with "<" can be a page; most answers start with "{" and are done here.
  if (firstByte(body) !== LESS_THAN) return false;
  const start = body.subarray(0, 256).toString('utf8').trimStart().toLowerCase();
  return start.startsWith('<!doctype html') || start.startsWith('<html');
}

function isGzip(body: Buffer): boolean {
  return body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b;
}

interface ReceivedAnswer {
  status: number;
  contentType: string;
  contentEncoding?: string | string[];
  format: ResultFormat;
  body: Buffer;
  /** Asked only when nothing before it (cut off, compressed, an HTML page) already says why: it may parse the body. */
  parseError: () => CodecError | undefined;
  operation?: Operation;
  /** Why the transfer ended early (the connection closed, the body stalled), when it did. */
  cutOff?: string;
  /** Why a declared Content-Encoding could not be undone. */
  encodingProblem?: string;
}

/** Plain-language reason the answer cannot be read as the gateway's answer, or undefined when it can. */
export function unreadableReason(answer: ReceivedAnswer): string | undefined {
  const { body, format, operation } = answer;
  if (answer.cutOff) return answer.cutOff;
  if (answer.encodingProblem) return answer.encodingProblem;
  if (!answer.contentEncoding && isGzip(body)) return 'it is gzip-compressed but does not say so (no Content-Encoding header)';
  if (body.length > 0 && looksLikeHtml(answer.contentType, body)) {
    return 'it is an HTML page, not a gateway answer — something other than the gateway answered (a proxy, a captive portal or a login page)';
  }
  // The codec's message names the format and where it breaks ("JSON is not valid: … (line 1, column 14)").
  const parseError = answer.parseError();
  if (parseError) return `it does not parse: ${parseError.message}`;
  const expected = operation?.responseFormat;
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok && format === 'binary' && expected !== 'pdf') {
    return `it is binary data (${answer.contentType || 'no content type'}), not the ${expected === 'xml' ? 'XML' : 'JSON'} the gateway answers`;
  }
  if (ok && format === 'text' && expected && expected !== 'pdf' && body.length > 0) {
    return `it is plain text (${answer.contentType || 'no content type'}), not the ${expected === 'xml' ? 'XML' : 'JSON'} the gateway answers`;
  }
  if (ok && answer.status !== 204 && body.length === 0 && expected && operation?.payloadType) return 'it was empty';
  return undefined;
}
