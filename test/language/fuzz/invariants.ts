// What every handler answer must satisfy, whatever the input: positions inside the document,
// ranges ordered, edits that do not overlap, symbols whose selection lies inside them, and no
// secret or full card number echoed into a diagnostic. Each check throws a plain Error naming
// the handler and the offending value; the fuzz test catches it like any handler exception.
import { luhnValid } from '../../../src/core/checks/inputChecks';

interface Pos { line: number; character: number }
interface Rng { start: Pos; end: Pos }

/** The document as LSP and our parser count it: lines end at "\n", "\r\n" or a lone "\r". */
export class DocShape {
  readonly lineLengths: number[];

  constructor(readonly text: string) {
    this.lineLengths = text.split(/\r\n|\r|\n/).map((l) => l.length);
  }

  get lineCount(): number {
    return this.lineLengths.length;
  }

  contains(p: Pos): boolean {
    return p.line < this.lineCount && p.character <= this.lineLengths[p.line];
  }
}

function fail(where: string, what: string, value: unknown): never {
  throw new Error(`${where}: ${what}: ${JSON.stringify(value)?.slice(0, 300)}`);
}

function isPos(p: unknown): p is Pos {
  const q = p as Pos;
  return !!q && Number.isInteger(q.line) && Number.isInteger(q.character) && q.line >= 0 && q.character >= 0;
}

const before = (a: Pos, b: Pos) => a.line < b.line || (a.line === b.line && a.character <= b.character);

export function checkRange(doc: DocShape, range: unknown, where: string): Rng {
  const r = range as Rng;
  if (!r || !isPos(r.start) || !isPos(r.end)) fail(where, 'not a range of non-negative integers', range);
  if (!before(r.start, r.end)) fail(where, 'range ends before it starts', range);
  if (!doc.contains(r.start) || !doc.contains(r.end)) {
    fail(where, `range outside the document (${doc.lineCount} lines; line ${r.end.line} has ${doc.lineLengths[r.end.line]} chars)`, range);
  }
  return r;
}

function list(value: unknown, where: string): unknown[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) fail(where, 'expected an array', value);
  return value;
}

/** 13-19 digit runs that pass Luhn: full card numbers, which must never be echoed. */
function fullCardNumber(text: string): string | undefined {
  return (text.match(/\d{13,19}/g) ?? []).find((d) => luhnValid(d));
}

export function checkDiagnostics(doc: DocShape, value: unknown, secrets: readonly string[]): void {
  for (const d of list(value, 'diagnostics') as { range: unknown; message: unknown; severity?: unknown }[]) {
    checkRange(doc, d.range, 'diagnostics');
    if (typeof d.message !== 'string' || d.message.trim() === '') fail('diagnostics', 'empty message', d);
    if (d.severity !== undefined && ![1, 2, 3, 4].includes(d.severity as number)) fail('diagnostics', 'bad severity', d);
    const message = d.message;
    if (fullCardNumber(message)) fail('diagnostics', 'message shows a full card number (mask to the last four)', message);
    if (secrets.some((s) => message.includes(s))) fail('diagnostics', 'message shows a key-like literal', message);
  }
}

type Edit = { range: Rng; newText: string };

function checkCompletionEdit(doc: DocShape, edit: unknown, at: Pos | undefined): void {
  const e = edit as { range?: unknown; insert?: unknown; replace?: unknown; newText?: unknown };
  if (typeof e.newText !== 'string') fail('completion', 'textEdit without newText', edit);
  const ranges = e.range !== undefined ? [e.range] : [e.insert, e.replace];
  for (const range of ranges) {
    const r = checkRange(doc, range, 'completion textEdit');
    // LSP: a completion edit is single-line and contains the position asked about.
    if (r.start.line !== r.end.line) fail('completion', 'textEdit spans lines', edit);
    if (at && !(before(r.start, at) && before(at, r.end))) fail('completion', `textEdit does not contain the position ${JSON.stringify(at)}`, edit);
  }
}

/** `at`: the position asked about, when it lies inside the document. */
export function checkCompletion(doc: DocShape, value: unknown, at: Pos | undefined): void {
  const items = Array.isArray(value) ? value : value && typeof value === 'object' ? (value as { items?: unknown }).items : value;
  for (const item of list(items, 'completion') as { label?: unknown; textEdit?: unknown; additionalTextEdits?: unknown }[]) {
    if (typeof item.label !== 'string' || item.label === '') fail('completion', 'item without a label', item);
    if (item.textEdit !== undefined) checkCompletionEdit(doc, item.textEdit, at);
    for (const extra of list(item.additionalTextEdits, 'completion additionalTextEdits') as Edit[]) checkRange(doc, extra.range, 'completion additionalTextEdits');
  }
}

export function checkHover(doc: DocShape, value: unknown): void {
  if (value === null || value === undefined) return;
  const hover = value as { contents?: unknown; range?: unknown };
  if (hover.contents === undefined) fail('hover', 'hover without contents', value);
  if (hover.range !== undefined) checkRange(doc, hover.range, 'hover');
}

export function checkCodeLenses(doc: DocShape, value: unknown): void {
  for (const lens of list(value, 'codeLenses') as { range: unknown; command?: { title?: unknown } }[]) {
    checkRange(doc, lens.range, 'codeLenses');
    if (lens.command && (typeof lens.command.title !== 'string' || lens.command.title === '')) fail('codeLenses', 'command without a title', lens);
  }
}

export function checkDocumentLinks(doc: DocShape, value: unknown): void {
  for (const link of list(value, 'documentLinks') as { range: unknown; target?: unknown }[]) {
    checkRange(doc, link.range, 'documentLinks');
    if (typeof link.target !== 'string' || !link.target.startsWith('file:')) fail('documentLinks', 'link without a file uri', link);
  }
}

export function checkSymbols(doc: DocShape, value: unknown, where = 'symbols'): void {
  for (const s of list(value, where) as { name?: unknown; range?: Rng; selectionRange?: Rng; location?: { range: unknown }; children?: unknown }[]) {
    if (typeof s.name !== 'string' || s.name.trim() === '') fail(where, 'symbol without a name (VS Code rejects it)', s);
    if (s.location) {
      checkRange(doc, s.location.range, where);
      continue;
    }
    const full = checkRange(doc, s.range, where);
    const sel = checkRange(doc, s.selectionRange, `${where} selectionRange`);
    // VS Code rejects a DocumentSymbol whose selectionRange is not inside its range.
    if (!before(full.start, sel.start) || !before(sel.end, full.end)) fail(where, 'selectionRange outside range', s);
    checkSymbols(doc, s.children, `${where} children`);
  }
}

export function checkFormatting(doc: DocShape, value: unknown): void {
  const edits = (list(value, 'formatting') as Edit[]).map((e) => {
    if (typeof e.newText !== 'string') fail('formatting', 'edit without newText', e);
    return { ...e, range: checkRange(doc, e.range, 'formatting') };
  });
  const sorted = [...edits].sort((a, b) => (before(a.range.start, b.range.start) ? -1 : 1));
  for (let i = 1; i < sorted.length; i++) {
    // LSP: edits of one request never overlap (touching is fine).
    if (!before(sorted[i - 1].range.end, sorted[i].range.start)) fail('formatting', 'overlapping edits', [sorted[i - 1], sorted[i]]);
  }
}
