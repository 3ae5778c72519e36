// One fuzz case: its text (from the grammar or a mutated seed), the positions to ask about,
// and the run through the parser and every language-server handler with all invariants.
import { parseRequestFile } from '../../../src/core/requestFile';
import { analyzeDocument, languageHandlers } from '../../../src/language/handlers';
import { grammarFile } from './grammar';
import { checkCodeLenses, checkCompletion, checkDiagnostics, checkDocumentLinks, checkFormatting, checkHover, checkRange, checkSymbols, DocShape } from './invariants';
import { mutate } from './mutations';
import { caseRandom, type Random } from './random';
import { KEY_LIKE } from './values';

export type CaseKind = 'grammar' | 'mutation';

interface Pos { line: number; character: number }

/** The text of case `index`: even indexes come from the grammar, odd ones are mutated seeds. */
export function caseText(seed: number, index: number, seeds: readonly string[]): { kind: CaseKind; text: string } {
  const r = caseRandom(seed, index);
  if (index % 2 === 0) return { kind: 'grammar', text: grammarFile(r) };
  const base = r.chance(0.7) ? r.pick(seeds) : grammarFile(r);
  return { kind: 'mutation', text: mutate(r, base, r.pick(seeds)) };
}

function positionAt(text: string, offset: number): Pos {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** Start of file, end of file, past the end three ways, random spots and spots after syntax. */
function positions(r: Random, text: string, shape: DocShape): Pos[] {
  const last = shape.lineCount - 1;
  const out: Pos[] = [
    { line: 0, character: 0 },
    { line: last, character: shape.lineLengths[last] },
    { line: shape.lineCount + 3, character: 0 },
    { line: 0, character: 10_000 },
    { line: last, character: shape.lineLengths[last] + 1 },
  ];
  for (let i = 0; i < 3; i++) {
    const line = r.int(0, last);
    out.push({ line, character: r.int(0, shape.lineLengths[line]) });
  }
  for (const marker of ['{{', '"', ': ', '<', '/', '@']) {
    const at = text.indexOf(marker, r.int(0, text.length));
    if (at >= 0 && r.chance(0.5)) out.push(positionAt(text, at + marker.length));
  }
  return out;
}

const ENVIRONMENTS = [
  { active: 'Local sandbox', names: ['Local sandbox'] },
  { active: 'Staging', names: ['Local sandbox', 'Staging', 'Production', 'QA', 'Partner \u00e9'] },
  { active: '', names: [] },
];

/** Names the call in any error it throws, so a report says which handler failed and where. */
function call<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof Error) err.message = `${what}: ${err.message}`;
    throw err;
  }
}

/** Runs one text through everything; throws on an exception or a broken invariant. Returns the number of handler calls. */
export function runCase(text: string, seed: number, index: number): number {
  const r = caseRandom(seed ^ 0x5f3759df, index);
  const shape = new DocShape(text);
  call('parseRequestFile', () => {
    for (const d of parseRequestFile(text).diagnostics) {
      checkRange(shape, d.range, 'parse diagnostics');
      if (!(d.startOffset <= d.endOffset && d.endOffset <= text.length)) throw new Error(`offsets outside the text: ${JSON.stringify(d)}`);
    }
  });
  const doc = analyzeDocument(text, `file:///fuzz/case-${index}.gwreq`, 1);
  const h = languageHandlers;
  call('diagnostics', () => checkDiagnostics(shape, h.diagnostics(doc), KEY_LIKE));
  call('body file diagnostics', () => checkDiagnostics(shape, h.bodyFileDiagnostics(doc), KEY_LIKE));
  call('documentLinks', () => checkDocumentLinks(shape, h.documentLinks(doc)));
  const environments = r.pick(ENVIRONMENTS);
  call(`codeLenses(${JSON.stringify(environments.names)})`, () => checkCodeLenses(shape, h.codeLenses(doc, environments)));
  call('symbols', () => checkSymbols(shape, h.symbols(doc)));
  const options = { tabSize: r.pick([2, 4, 8]), insertSpaces: r.chance(0.8) };
  call(`formatting(${JSON.stringify(options)})`, () => checkFormatting(shape, h.formatting(doc, options)));
  const [from, to] = [r.int(0, shape.lineCount + 2), r.int(0, shape.lineCount + 2)].sort((a, b) => a - b);
  const range = { start: { line: from, character: 0 }, end: { line: to, character: r.int(0, 50) } };
  call(`range formatting(${JSON.stringify(range)})`, () => checkFormatting(shape, h.formatting(doc, options, range)));
  let calls = 7;
  for (const p of positions(r, text, shape)) {
    const inside = shape.contains(p) ? p : undefined;
    call(`completion at ${JSON.stringify(p)}`, () => checkCompletion(shape, h.completion(doc, p), inside));
    call(`hover at ${JSON.stringify(p)}`, () => checkHover(shape, h.hover(doc, p)));
    calls += 2;
  }
  return calls;
}
