// Turns a raw request body into the plain object handlers read, by Content-Type. XML is
// validated and parsed by the core codecs (no entity expansion); errors name line and column.

import type { IncomingHttpHeaders } from 'node:http';
import type { BodyFormat, Operation } from '../../catalog/types';
import { parseJson, parseXml } from '../../core/codecs/codecs';
import { jsonCostProblem, xmlCostProblem } from './bodyCost';

type DecodedBody =
  | { ok: true; body: Record<string, unknown> | undefined; format: BodyFormat }
  | { ok: false; status: 400 | 415; resultCode: string; message: string };

const FIELD_VALIDATION = '041';

type MediaFormat = 'json' | 'xml' | undefined;

function formatOfType(contentType: string): MediaFormat {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml';
  return undefined;
}

// Asked twice per request, of the same few header values; bounded so odd values cannot grow it.
const formatByType = new Map<string, MediaFormat>();

/** `json`, `xml`, or undefined when the media type is neither. */
export function mediaFormat(contentType: string | undefined): MediaFormat {
  const key = contentType ?? '';
  if (formatByType.has(key)) return formatByType.get(key);
  const format = formatOfType(key);
  if (formatByType.size >= 64) formatByType.clear();
  formatByType.set(key, format);
  return format;
}

function bad(message: string): DecodedBody {
  return { ok: false, status: 400, resultCode: FIELD_VALIDATION, message };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** XML leaves arrive as strings whatever the parser made of them ("10.00" must stay "10.00"). */
function stringLeaves(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stringLeaves);
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, stringLeaves(x)]));
  return v === null || v === undefined ? '' : String(v);
}

/** The children of the document's root element; `<object>` wrapping one element is unwrapped. */
function xmlRootChildren(doc: unknown): Record<string, unknown> | string {
  if (!isPlainObject(doc)) return 'the XML body has no root element';
  const roots = Object.keys(doc).filter(k => !k.startsWith('?') && !k.startsWith('#'));
  if (roots.length !== 1) return `the XML body must have exactly one root element, found ${roots.length}`;
  let content: unknown = doc[roots[0]];
  if (roots[0] === 'object' && isPlainObject(content)) {
    const inner = Object.keys(content).filter(k => !k.startsWith('@_') && k !== 'payloadType');
    if (inner.length === 1 && (isPlainObject(content[inner[0]]) || content[inner[0]] === '')) content = content[inner[0]];
  }
  if (content === '' || content === undefined || content === null) return {};
  if (!isPlainObject(content)) return 'the XML root element must contain child elements, not text';
  return stringLeaves(content) as Record<string, unknown>;
}

export function decodeBody(op: Operation, headers: IncomingHttpHeaders, raw: Buffer): DecodedBody {
  const text = raw.toString('utf8');
  if (!/\S/.test(text)) return { ok: true, body: undefined, format: 'none' };
  // Real clients send bodies on DELETE (a production platform voids ACH transactions with a
  // JSON body); the gateway's DELETEs take none, so whatever is sent is ignored.
  if (op.method === 'DELETE') return { ok: true, body: undefined, format: 'none' };
  if (op.bodyFormat === 'none') {
    return bad(`${op.method} ${op.path} takes no body: this operation takes no body. Remove the body and send the request again.`);
  }
  const format = mediaFormat(headers['content-type']);
  if (!format || !op.acceptedBodyFormats.includes(format)) {
    const accepted = op.acceptedBodyFormats.filter(f => f !== 'none');
    const wanted = accepted.map(f => (f === 'json' ? 'application/json' : 'application/xml')).join(' or ');
    return {
      ok: false, status: 415, resultCode: FIELD_VALIDATION,
      message: `Unsupported Content-Type "${headers['content-type'] ?? '(none)'}" for ${op.id}: send ${wanted}.`,
    };
  }
  const tooCostly = format === 'json' ? jsonCostProblem(text) : xmlCostProblem(text);
  if (tooCostly) return bad(`Refused before parsing: ${tooCostly}`);
  if (format === 'json') {
    const parsed = parseJson(text);
    if (!parsed.ok) {
      const { message, line, col } = parsed.error;
      const reason = message.replace(/\s*\(line \d+, column \d+\)$/, '');
      return bad(`Malformed JSON body at line ${line}, column ${col}: ${reason}. Fix the JSON and send it again.`);
    }
    if (!isPlainObject(parsed.value)) return bad('The JSON body must be an object ({ ... }), not an array or a single value.');
    return { ok: true, body: parsed.value, format };
  }
  const parsed = parseXml(text);
  if (!parsed.ok) {
    const { message, line, col } = parsed.error;
    return bad(`Malformed XML body at line ${line}, column ${col}: ${message}. Fix the XML and send it again.`);
  }
  const children = xmlRootChildren(parsed.value);
  if (typeof children === 'string') return bad(`Unusable XML body: ${children}.`);
  return { ok: true, body: children, format };
}
