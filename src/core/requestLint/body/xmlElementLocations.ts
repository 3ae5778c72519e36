// A light, forgiving scan of an XML body for element offsets: names, open and close tags and
// text content. Well-formedness errors come from fast-xml-parser's XMLValidator (through the
// codecs); this scan only says where things are, also in half-typed bodies. Never throws.

export interface XmlElement {
  name: string;
  /** Offsets in the document (the body's offset is added). */
  start: number;
  nameStart: number;
  nameEnd: number;
  /** Just past the `>` of the open tag (or the name, when the tag is unfinished). */
  openEnd: number;
  /** Start of the close tag; the end of the text when the element is never closed. */
  closeStart: number;
  end: number;
  closed: boolean;
  selfClosing: boolean;
  children: XmlElement[];
  /** Trimmed text content of an element without child elements. */
  text: string;
  textStart: number;
  textEnd: number;
}

/** Deeper nesting is read as text: no request body needs it, and recursion stays bounded. */
const MAX_DEPTH = 200;
const NAME = /[A-Za-z_:{][\w:.\-{}]*/y;
const SPECIAL: ReadonlyArray<{ open: string; close: string }> = [
  { open: '<!--', close: '-->' },
  { open: '<![CDATA[', close: ']]>' },
  { open: '<?', close: '?>' },
  { open: '<!', close: '>' },
];

/** Every root-level element (a well-formed body has one), with descendants. */
export function readXmlLocations(text: string, base = 0): XmlElement[] {
  const roots: XmlElement[] = [];
  const stack: XmlElement[] = [];
  /** Where each open element's content starts (its text is read when it closes). */
  const contentStart = new Map<XmlElement, number>();
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    const special = SPECIAL.find((s) => text.startsWith(s.open, lt));
    if (special) {
      const close = text.indexOf(special.close, lt + special.open.length);
      i = close < 0 ? text.length : close + special.close.length;
      continue;
    }
    if (text[lt + 1] === '/') {
      NAME.lastIndex = lt + 2;
      const name = NAME.exec(text)?.[0] ?? '';
      const gt = text.indexOf('>', lt);
      const end = gt < 0 ? text.length : gt + 1;
      const at = stack.map((e) => e.name).lastIndexOf(name);
      if (at >= 0) {
        while (stack.length > at + 1) stack.pop();
        const element = stack.pop() as XmlElement;
        element.closeStart = base + lt;
        element.end = base + end;
        element.closed = true;
        const from = contentStart.get(element);
        if (element.children.length === 0 && from !== undefined) setText(element, text, from, lt, base);
      }
      i = end;
      continue;
    }
    NAME.lastIndex = lt + 1;
    const name = NAME.exec(text)?.[0];
    if (!name || stack.length >= MAX_DEPTH) {
      i = lt + 1;
      continue;
    }
    const gt = findTagEnd(text, lt + 1 + name.length);
    const openEnd = gt < 0 ? lt + 1 + name.length : gt + 1;
    const selfClosing = gt > 0 && text[gt - 1] === '/';
    const element: XmlElement = {
      name, start: base + lt, nameStart: base + lt + 1, nameEnd: base + lt + 1 + name.length, openEnd: base + openEnd,
      closeStart: base + text.length, end: base + text.length, closed: selfClosing, selfClosing, children: [],
      text: '', textStart: base + openEnd, textEnd: base + openEnd,
    };
    if (selfClosing) element.closeStart = element.end = base + openEnd;
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else roots.push(element);
    if (!selfClosing && gt >= 0) {
      stack.push(element);
      contentStart.set(element, openEnd);
    }
    i = gt < 0 ? text.length : openEnd;
  }
  return roots;
}

/** Index of the `>` closing an open tag, skipping quoted attribute values; -1 when unfinished. */
function findTagEnd(text: string, from: number): number {
  let quote: string | undefined;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '>') {
      return i;
    } else if (ch === '<') {
      return -1;
    }
  }
  return -1;
}

function setText(element: XmlElement, text: string, from: number, to: number, base: number): void {
  const raw = text.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  const trimmed = raw.trim();
  element.text = decodeEntities(trimmed);
  element.textStart = base + from + lead;
  element.textEnd = base + from + lead + trimmed.length;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_m, name: string) => ENTITIES[name] ?? _m);
}

/** The innermost element whose span holds `offset`, with its ancestors (outermost first). */
export function xmlElementChain(roots: readonly XmlElement[], offset: number): XmlElement[] {
  const chain: XmlElement[] = [];
  let level: readonly XmlElement[] = roots;
  for (;;) {
    const inner = level.find((e) => e.start < offset && (offset < e.end || (!e.closed && offset <= e.end)));
    if (!inner) return chain;
    chain.push(inner);
    level = inner.children;
  }
}
