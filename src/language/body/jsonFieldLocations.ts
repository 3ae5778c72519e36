// A position-aware, forgiving JSON reader for request bodies. No installed library records key
// and value offsets for us (jsonc-parser is only a transitive dependency), and request bodies
// have a twist of their own: an unquoted `{{variable}}` is a value, filled at send time.
// It never throws: what it cannot read it skips, so completion works on half-typed bodies.
// Syntax errors are NOT reported from here; diagnostics use the codecs' parseJson for those.

export type JsonNodeKind = 'object' | 'array' | 'string' | 'number' | 'literal' | 'template' | 'word';

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

type TokenKind = '{' | '}' | '[' | ']' | ':' | ',' | 'string' | 'number' | 'literal' | 'template' | 'word';

interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  closed: boolean;
}

const MAX_DEPTH = 200;
const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Index of the next \n or \r from `from` (a `{{…}}` never spans lines), or -1. */
function nextLineBreak(text: string, from: number): number {
  const at = text.slice(from).search(/[\r\n]/);
  return at < 0 ? -1 : from + at;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++;
    } else if ('{}[]:,'.includes(ch)) {
      if (ch === '{' && text[i + 1] === '{') {
        const close = text.indexOf('}}', i + 2);
        const newline = nextLineBreak(text, i);
        if (close >= 0 && (newline < 0 || close < newline)) {
          tokens.push({ kind: 'template', start: i, end: close + 2, closed: true });
          i = close + 2;
          continue;
        }
      }
      tokens.push({ kind: ch as TokenKind, start: i, end: i + 1, closed: true });
      i++;
    } else if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && text[j] !== '\n' && text[j] !== '\r') j += text[j] === '\\' && text[j + 1] !== '\n' && text[j + 1] !== '\r' ? 2 : 1;
      const closed = j < text.length && text[j] === '"';
      tokens.push({ kind: 'string', start: i, end: closed ? j + 1 : Math.min(j, text.length), closed });
      i = closed ? j + 1 : Math.max(j, i + 1);
    } else {
      let j = i;
      while (j < text.length && !' \t\n\r{}[]:,"'.includes(text[j])) j++;
      const word = text.slice(i, j);
      const kind: TokenKind = NUMBER.test(word) ? 'number' : word === 'true' || word === 'false' || word === 'null' ? 'literal' : 'word';
      tokens.push({ kind, start: i, end: j, closed: true });
      i = j;
    }
  }
  return tokens;
}

function decodeString(raw: string, closed: boolean): string {
  if (closed) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  }
  return raw.slice(1);
}

class Reader {
  private i = 0;

  constructor(private readonly text: string, private readonly tokens: Token[], private readonly base: number) {}

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private leaf(t: Token): JsonNode {
    const raw = this.text.slice(t.start, t.end);
    const kind = t.kind as JsonNodeKind;
    return {
      kind, start: this.base + t.start, end: this.base + t.end, closed: t.closed, properties: [], items: [],
      text: kind === 'string' ? decodeString(raw, t.closed) : raw,
    };
  }

  value(depth: number): JsonNode | undefined {
    const t = this.peek();
    if (!t) return undefined;
    if (t.kind === '{' || t.kind === '[') {
      if (depth > MAX_DEPTH) {
        this.i = this.tokens.length;
        return undefined;
      }
      return t.kind === '{' ? this.object(depth) : this.array(depth);
    }
    if (t.kind === 'string' || t.kind === 'number' || t.kind === 'literal' || t.kind === 'template' || t.kind === 'word') {
      this.i++;
      return this.leaf(t);
    }
    return undefined;
  }

  private container(kind: 'object' | 'array', open: Token): JsonNode {
    return { kind, start: this.base + open.start, end: this.base + this.text.length, text: '', closed: false, properties: [], items: [] };
  }

  private close(node: JsonNode, t: Token): JsonNode {
    this.i++;
    node.end = this.base + t.end;
    node.closed = true;
    return node;
  }

  private object(depth: number): JsonNode {
    const node = this.container('object', this.tokens[this.i++]);
    while (this.i < this.tokens.length) {
      const t = this.tokens[this.i];
      if (t.kind === '}') return this.close(node, t);
      if (t.kind === ']') return node; // an unclosed object inside an array: let the array close
      if (t.kind === ',') {
        const last = node.properties[node.properties.length - 1];
        if (last && last.comma === undefined) last.comma = this.base + t.start;
        this.i++;
        continue;
      }
      if (t.kind === 'string' || t.kind === 'word' || t.kind === 'template' || t.kind === 'number' || t.kind === 'literal') {
        node.properties.push(this.property(depth));
        continue;
      }
      if (t.kind === '{' || t.kind === '[') {
        this.value(depth + 1); // a value with no key: read past it
        continue;
      }
      this.i++;
    }
    return node;
  }

  private property(depth: number): JsonProperty {
    const keyToken = this.tokens[this.i++];
    const raw = this.text.slice(keyToken.start, keyToken.end);
    const prop: JsonProperty = {
      key: keyToken.kind === 'string' ? decodeString(raw, keyToken.closed) : raw,
      keyStart: this.base + keyToken.start,
      keyEnd: this.base + keyToken.end,
      quoted: keyToken.kind === 'string',
      keyClosed: keyToken.kind === 'string' && keyToken.closed,
    };
    if (this.peek()?.kind !== ':') return prop;
    prop.colon = this.base + (this.tokens[this.i++]).start;
    const next = this.peek();
    if (next && next.kind !== ',' && next.kind !== '}' && next.kind !== ']' && next.kind !== ':') {
      const value = this.value(depth + 1);
      if (value) prop.value = value;
      else this.i++;
    }
    return prop;
  }

  private array(depth: number): JsonNode {
    const node = this.container('array', this.tokens[this.i++]);
    while (this.i < this.tokens.length) {
      const t = this.tokens[this.i];
      if (t.kind === ']') return this.close(node, t);
      if (t.kind === '}') return node;
      if (t.kind === ',' || t.kind === ':') {
        this.i++;
        continue;
      }
      const item = this.value(depth + 1);
      if (item) node.items.push(item);
      else this.i++;
    }
    return node;
  }
}

/** Reads a body's JSON with the offsets of every key and value; `base` is the body's offset. */
export function readJsonLocations(text: string, base = 0): JsonNode | undefined {
  const tokens = tokenize(text);
  if (tokens.length === 0) return undefined;
  return new Reader(text, tokens, base).value(0);
}

/**
 * The text with every unquoted `{{variable}}` replaced by a JSON string of the same length,
 * so JSON.parse (and its error positions) see what the gateway will see after substitution.
 */
export function maskJsonTemplates(text: string): string {
  let out = '';
  let i = 0;
  let inString = false;
  while (i < text.length) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') {
        out += text.slice(i, i + 2);
        i += 2;
        continue;
      }
      if (ch === '"' || ch === '\n' || ch === '\r') inString = false;
    } else if (ch === '"') {
      inString = true;
    } else if (ch === '{' && text[i + 1] === '{') {
      const close = text.indexOf('}}', i + 2);
      const newline = nextLineBreak(text, i);
      if (close >= 0 && (newline < 0 || close < newline)) {
        out += `"${'_'.repeat(close + 2 - i - 2)}"`;
        i = close + 2;
        continue;
      }
    }
    out += ch;
    i++;
  }
  return out;
}
