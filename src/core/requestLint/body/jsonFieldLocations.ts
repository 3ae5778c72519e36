// Where each key and value of a request body's JSON is, read with jsonc-parser (Microsoft's
// error-tolerant parser, the one VS Code's JSON support uses on half-typed JSON), so completion
// works on half-typed bodies too. Request bodies have a twist of their own: an unquoted
// `{{variable}}` is a value, filled at send time; the masking pre-pass turns each into a JSON
// string of the same length first, so every offset still points into the text as written.
// Syntax errors are NOT reported from here; diagnostics use the codecs' parseJson for those.

import { createScanner, visit, type ParseErrorCode, type SyntaxKind } from 'jsonc-parser';

// jsonc-parser's SyntaxKind and ParseErrorCode values used here (const enums its typings
// declare, which isolated modules cannot read).
const OPEN_BRACE_TOKEN = 1 as SyntaxKind;
const EOF_TOKEN = 17 as SyntaxKind;
const INVALID_SYMBOL = 1 as ParseErrorCode;

type JsonNodeKind = 'object' | 'array' | 'string' | 'number' | 'literal' | 'template' | 'word';

export interface JsonNode {
  kind: JsonNodeKind;
  /** Offsets in the document (the body's offset is added). */
  start: number;
  end: number;
  /** Decoded string, or the raw text of a number, literal, template or bare word. */
  text: string;
  /** False for an object, array or string that the text ends inside. */
  closed: boolean;
  properties: JsonProperty[];
  items: JsonNode[];
}

export interface JsonProperty {
  key: string;
  keyStart: number;
  /** Just past the key token (its closing quote, when it has one). */
  keyEnd: number;
  quoted: boolean;
  /** A quoted key whose closing quote is written. */
  keyClosed: boolean;
  colon?: number;
  value?: JsonNode;
  /** Offset of the `,` after this property, when there is one. */
  comma?: number;
}

/** Index of the next \n or \r from `from` (a `{{…}}` never spans lines), or -1. */
function nextLineBreak(text: string, from: number): number {
  const at = text.slice(from).search(/[\r\n]/);
  return at < 0 ? -1 : from + at;
}

/**
 * The text with every unquoted `{{variable}}` replaced by a JSON string of the same length,
 * so JSON.parse (and its error positions) see what the gateway will see after substitution.
 * jsonc-parser's scanner tells strings (where `{{` is text) from structure.
 */
export function maskJsonTemplates(text: string): string {
  if (!text.includes('{{')) return text;
  const scanner = createScanner(text, true);
  let out = '';
  let copied = 0;
  for (let token = scanner.scan(); token !== EOF_TOKEN; token = scanner.scan()) {
    if (token !== OPEN_BRACE_TOKEN) continue;
    const at = scanner.getTokenOffset();
    if (text[at + 1] !== '{') continue;
    const close = text.indexOf('}}', at + 2);
    const newline = nextLineBreak(text, at);
    if (close < 0 || (newline >= 0 && close > newline)) continue;
    out += `${text.slice(copied, at)}"${'_'.repeat(close - at)}"`;
    copied = close + 2;
    scanner.setPosition(copied);
  }
  return out + text.slice(copied);
}

interface Open {
  node: JsonNode;
  /** The object's property whose value comes next. */
  pending?: JsonProperty;
}

const leaf = (kind: JsonNodeKind, start: number, end: number, text: string, closed = true): JsonNode =>
  ({ kind, start, end, text, closed, properties: [], items: [] });

/** Reads a body's JSON with the offsets of every key and value; `base` is the body's offset. */
export function readJsonLocations(text: string, base = 0): JsonNode | undefined {
  const masked = maskJsonTemplates(text);
  const stack: Open[] = [];
  let root: JsonNode | undefined;
  const top = (): Open | undefined => stack[stack.length - 1];
  const isTemplate = (offset: number): boolean => text.startsWith('{{', offset);

  /** A value goes into the array, or to the property waiting for it; a value with no key is read past. */
  const place = (value: JsonNode): void => {
    const open = top();
    if (!open) {
      root ??= value;
    } else if (open.node.kind === 'array') {
      open.node.items.push(value);
    } else if (open.pending && !open.pending.value) {
      open.pending.value = value;
      open.pending = undefined;
    }
  };
  const begin = (kind: 'object' | 'array', offset: number): void => {
    const node = leaf(kind, base + offset, base + text.length, '', false);
    place(node);
    stack.push({ node });
  };
  const end = (offset: number, length: number, close: string): void => {
    const open = stack.pop();
    if (!open) return;
    if (length > 0 && masked[offset] === close) {
      open.node.end = base + offset + length;
      open.node.closed = true;
    }
  };
  const property = (key: string, offset: number, length: number, quoted: boolean): void => {
    const open = top();
    if (open?.node.kind !== 'object') return;
    const raw = masked.slice(offset, offset + length);
    const prop: JsonProperty = {
      key, keyStart: base + offset, keyEnd: base + offset + length, quoted,
      keyClosed: quoted && raw.length >= 2 && raw.endsWith('"'),
    };
    open.node.properties.push(prop);
    open.pending = prop;
  };

  try {
    visit(masked, {
      onObjectBegin: (offset) => begin('object', offset),
      onObjectEnd: (offset, length) => end(offset, length, '}'),
      onArrayBegin: (offset) => begin('array', offset),
      onArrayEnd: (offset, length) => end(offset, length, ']'),
      onObjectProperty: (key, offset, length) => {
        if (isTemplate(offset)) property(text.slice(offset, offset + length), offset, length, false);
        else property(key, offset, length, true);
      },
      onSeparator: (character, offset) => {
        const open = top();
        if (open?.node.kind !== 'object') return;
        if (character === ':') {
          if (open.pending && open.pending.colon === undefined) open.pending.colon = base + offset;
          return;
        }
        const last = open.node.properties[open.node.properties.length - 1];
        if (last && last.comma === undefined) last.comma = base + offset;
        open.pending = undefined;
      },
      onLiteralValue: (value: unknown, offset, length) => {
        const raw = masked.slice(offset, offset + length);
        if (isTemplate(offset)) place(leaf('template', base + offset, base + offset + length, text.slice(offset, offset + length)));
        else if (typeof value === 'string') place(leaf('string', base + offset, base + offset + length, value, raw.length >= 2 && raw.endsWith('"')));
        else place(leaf(typeof value === 'number' ? 'number' : 'literal', base + offset, base + offset + length, raw));
      },
      onError: (error, offset, length) => {
        // A bare word: an unquoted key being typed, or a value that is not JSON yet.
        if (error !== INVALID_SYMBOL || length === 0) return;
        const open = top();
        const word = masked.slice(offset, offset + length);
        if (open?.node.kind === 'object' && (!open.pending || open.pending.colon === undefined)) property(word, offset, length, false);
        else place(leaf('word', base + offset, base + offset + length, word));
      },
    }, { allowTrailingComma: true, disallowComments: true });
  } catch {
    // Nesting deeper than the call stack: what was read so far stands.
  }
  return root;
}
