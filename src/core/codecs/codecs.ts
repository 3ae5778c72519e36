// XML and JSON codecs on fast-xml-parser and JSON. Values stay strings ("000", "25.00" survive),
// attributes are kept (`<payload type="transaction">` → `payload['@_type']`), and no entity
// beyond the five predefined XML ones is ever expanded.

import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { jsonErrorOffset } from './jsonErrorLocator';

export interface CodecError {
  message: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** Same as `column` (the shorter spelling some callers use). */
  col: number;
}

export type CodecResult<T> = { ok: true; value: T } | { ok: false; error: CodecError };

export const ATTRIBUTE_PREFIX = '@_';

function failure(message: string, line: number, column: number): { ok: false; error: CodecError } {
  return { ok: false, error: { message, line, column, col: column } };
}

/** 1-based line and column of a string offset. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: offset - lastBreak };
}

/**
 * `make()`'s value, made on the first call. The XML parsers and builders are made when XML is
 * first met, not when this module loads: an answer in JSON (the default) never needs them.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const parser = onFirstUse(() => new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
}));

/**
 * fast-xml-parser expands entities declared in a DOCTYPE; the gateway never sends one, so a
 * document declaring entities is refused rather than expanded (no "billion laughs").
 */
function entityDeclarationOffset(text: string): number {
  const doctype = text.indexOf('<!DOCTYPE');
  return doctype < 0 ? -1 : text.indexOf('<!ENTITY', doctype);
}

/** Validates, then parses XML into plain objects with string leaves and `@_`-prefixed attributes. */
export function parseXml(text: string): CodecResult<Record<string, unknown>> {
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) {
    return failure(`XML is not well-formed: ${verdict.err.msg}`, verdict.err.line, verdict.err.col);
  }
  const entity = entityDeclarationOffset(text);
  if (entity >= 0) {
    const at = positionOf(text, entity);
    return failure('XML declares entities in a DOCTYPE: entity expansion is refused; remove the DOCTYPE', at.line, at.column);
  }
  try {
    return { ok: true, value: parser().parse(text) as Record<string, unknown> };
  } catch (err) {
    return failure(`XML could not be parsed: ${(err as Error).message}`, 1, 1);
  }
}

/** V8's own position and source snippet; replaced by our line and column. */
const V8_LOCATION = /,\s*(?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$|(?: in JSON)? at position \d+$/s;

/** Parses JSON; a failure carries the line and column of the first syntax error. */
export function parseJson(text: string): CodecResult<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const found = jsonErrorOffset(text);
    const at = positionOf(text, found < 0 ? text.length : found);
    const reason = (err as Error).message.replace(V8_LOCATION, '');
    return failure(`JSON is not valid: ${reason} (line ${at.line}, column ${at.column})`, at.line, at.column);
  }
}

// Pretty-printing keeps the document as written: order, comments and entity text untouched.
const orderedParser = onFirstUse(() => new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  commentPropName: '#comment',
  trimValues: true,
}));
const orderedBuilder = onFirstUse(() => new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
  processEntities: false,
  commentPropName: '#comment',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
}));
const objectBuilder = onFirstUse(() => new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
}));

/** Two-space indented XML; text that is not well-formed XML is returned unchanged. */
export function prettyXml(textOrObject: string | Record<string, unknown>): string {
  if (typeof textOrObject !== 'string') return String(objectBuilder().build(textOrObject)).trim();
  if (XMLValidator.validate(textOrObject) !== true) return textOrObject;
  return String(orderedBuilder().build(orderedParser().parse(textOrObject))).trim();
}

/** Two-space indented JSON; text that is not valid JSON is returned unchanged. */
export function prettyJson(textOrValue: unknown): string {
  if (typeof textOrValue !== 'string') return JSON.stringify(textOrValue, null, 2);
  const parsed = parseJson(textOrValue);
  return parsed.ok ? JSON.stringify(parsed.value, null, 2) : textOrValue;
}

/** `<root>…</root>` from an object (attributes as `@_name` keys), two-space indented. */
export function buildXml(rootName: string, obj: Record<string, unknown>): string {
  return String(objectBuilder().build({ [rootName]: obj })).trim();
}
