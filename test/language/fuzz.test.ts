// Fuzz: at least 10,000 random and mutated request files through the parser and every
// language-server handler, with zero exceptions and every answer inside the document.
// Reproducible: FUZZ_SEED=<n|random> FUZZ_COUNT=<n> (total cases), FUZZ_INDEX=<i> (replay one).
// A failure prints the seed, the case index and a shrunk reproduction of the file.
import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { operations } from '../../src/catalog';
import { caseText, runCase, type CaseKind } from './fuzz/fuzzCase';
import { checkFormatting, checkRange, checkSymbols, DocShape } from './fuzz/invariants';
import { seedCorpus } from './fuzz/seedCorpus';
import { shrink } from './fuzz/shrink';

const DEFAULT_SEED = 0x6a7e_2024;
const SEED = process.env.FUZZ_SEED === 'random'
  ? Math.floor(Math.random() * 2 ** 32)
  : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED) >>> 0;
const COUNT = Number(process.env.FUZZ_COUNT ?? 10_000);
const ONLY = process.env.FUZZ_INDEX === undefined ? undefined : Number(process.env.FUZZ_INDEX);
/** A case slower than this is a hang (catastrophic backtracking, a loop), not noise. */
const CASE_BUDGET_MS = Number(process.env.FUZZ_CASE_BUDGET_MS ?? 5000);
const MAX_SHRUNK = 3;
const SHOWN_CHARS = 1500;

/** One case, failing also when it blows the time budget. */
function runTimed(text: string, index: number): { ms: number; calls: number } {
  const t0 = performance.now();
  const calls = runCase(text, SEED, index);
  const ms = performance.now() - t0;
  if (ms > CASE_BUDGET_MS) throw new Error(`budget: the parser and handlers took ${ms.toFixed(0)} ms on a ${text.length}-character file (budget ${CASE_BUDGET_MS} ms)`);
  return { ms, calls };
}

interface Failure { index: number; kind: CaseKind; signature: string; message: string; text: string }

/** Same failure, whatever the values in it: "Error: handler at position: check: what", digits blurred. */
function signature(err: unknown): string {
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return message.split(': ').slice(0, 4).join(': ').replace(/\d+/g, '#').slice(0, 200);
}

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const frame = err.stack?.split('\n').find((l) => l.includes('/src/'))?.trim();
  return `${err.name}: ${err.message.slice(0, 400)}${frame ? `\n    ${frame}` : ''}`;
}

function report(failures: Failure[], total: number): string {
  const lines = [`${failures.length} of ${total} cases failed (FUZZ_SEED=${SEED}).`];
  const shown = new Set<string>();
  for (const f of failures) {
    if (shown.has(f.signature) || shown.size >= MAX_SHRUNK) continue;
    shown.add(f.signature);
    const small = shrink(f.text, (candidate) => {
      try { runTimed(candidate, f.index); return false; } catch (err) { return signature(err) === f.signature; }
    });
    const json = JSON.stringify(small);
    let shrunkMessage = '';
    try { runTimed(small, f.index); } catch (err) { shrunkMessage = describeError(err); }
    lines.push(
      `\n[${f.kind} #${f.index}] ${f.message}`,
      `  replay: FUZZ_SEED=${SEED} FUZZ_INDEX=${f.index} node --import tsx --test test/language/fuzz.test.ts`,
      `  shrunk from ${f.text.length} to ${small.length} chars: ${json.length > SHOWN_CHARS ? json.slice(0, SHOWN_CHARS) + '…(truncated)' : json}`,
      `  which fails with: ${shrunkMessage}`,
    );
  }
  const others = failures.filter((f) => !shown.has(f.signature)).length;
  if (others > 0) lines.push(`\n(${others} more failures with other or repeated signatures not shown)`);
  return lines.join('\n');
}

function fuzz(t: TestContext, kind: CaseKind): void {
  const { files, exampleCount } = seedCorpus();
  const indexes = ONLY !== undefined ? [ONLY] : Array.from({ length: COUNT }, (_, i) => i);
  const failures: Failure[] = [];
  const started = Date.now();
  let cases = 0;
  let calls = 0;
  let chars = 0;
  const slowest: { ms: number; index: number; chars: number }[] = [];
  for (const index of indexes) {
    const c = caseText(SEED, index, files);
    if (c.kind !== kind) continue;
    cases++;
    chars += c.text.length;
    try {
      const { ms, calls: made } = runTimed(c.text, index);
      calls += made;
      slowest.push({ ms, index, chars: c.text.length });
      slowest.sort((a, b) => b.ms - a.ms).splice(3);
    } catch (err) {
      failures.push({ index, kind, signature: signature(err), message: describeError(err), text: c.text });
    }
  }
  t.diagnostic(`${kind}: ${cases} files (${(chars / 1024).toFixed(0)} KB), ${calls} handler calls, ${Date.now() - started} ms; ` +
    `seed ${SEED}; seed corpus ${files.length} files incl. ${exampleCount} examples`);
  t.diagnostic(`${kind}: slowest cases: ${slowest.map((s) => `#${s.index} ${s.ms.toFixed(0)} ms (${s.chars} chars)`).join(', ')}`);
  if (failures.length > 0) assert.fail(report(failures, cases));
  if (ONLY === undefined) assert.ok(cases >= Math.floor(COUNT / 2), `only ${cases} ${kind} cases ran`);
}

describe('language server fuzz', () => {
  it(`random files from the request-file grammar (half of ${COUNT})`, (t) => fuzz(t, 'grammar'));
  it(`mutated examples, operation files and catalog samples (half of ${COUNT})`, (t) => fuzz(t, 'mutation'));
});

describe('language server fuzz: the corpus itself', () => {
  const { files } = seedCorpus();
  const sample = Array.from({ length: 600 }, (_, i) => caseText(SEED, i, files).text);
  const share = (test: (text: string) => boolean) => sample.filter(test).length / sample.length;

  it('is the same for the same seed and differs for another', () => {
    assert.equal(caseText(SEED, 17, files).text, caseText(SEED, 17, files).text);
    assert.notEqual(caseText(SEED, 17, files).text, caseText(SEED + 1, 17, files).text);
  });

  it('reaches the pieces the handlers branch on', () => {
    const wanted: [string, (text: string) => boolean, number][] = [
      ['JSON bodies', (s) => /^\s*\{\s*$|^\{"/m.test(s), 0.3],
      ['XML bodies', (s) => /<\/[\w-]+>/.test(s), 0.1],
      ['variable references', (s) => s.includes('{{'), 0.5],
      ['@expect lines', (s) => s.includes('@expect'), 0.2],
      ['CRLF or lone CR', (s) => s.includes('\r'), 0.05],
      ['lone surrogate halves', (s) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s), 0.01],
      ['lines over 2,000 characters', (s) => s.split('\n').some((l) => l.length > 2000), 0.01],
      ['auth headers', (s) => /^(api-key|AccessKey|Authorization):/im.test(s), 0.02],
    ];
    for (const [what, test, min] of wanted) assert.ok(share(test) >= min, `${what}: ${(share(test) * 100).toFixed(1)}% of cases, want ≥ ${min * 100}%`);
    const prefixes = new Set(operations.map((op) => op.path.split('{')[0]));
    const seen = [...prefixes].filter((p) => sample.some((s) => s.includes(p)));
    assert.ok(seen.length >= prefixes.size * 0.9, `only ${seen.length} of ${prefixes.size} catalog paths appear`);
  });

  it('has invariant checks that reject what a handler must never answer', () => {
    const shape = new DocShape('GET /x\n\n{}');
    assert.throws(() => checkRange(shape, { start: { line: 3, character: 0 }, end: { line: 3, character: 1 } }, 't'), /outside the document/);
    assert.throws(() => checkRange(shape, { start: { line: 0, character: 4 }, end: { line: 0, character: 2 } }, 't'), /ends before it starts/);
    assert.throws(() => checkRange(shape, { start: { line: 0, character: 7 }, end: { line: 0, character: 7 } }, 't'), /outside the document/);
    const r = (a: number, b: number) => ({ start: { line: 2, character: a }, end: { line: 2, character: b } });
    assert.throws(() => checkFormatting(shape, [{ range: r(0, 2), newText: '' }, { range: r(1, 2), newText: '' }]), /overlapping/);
    assert.throws(() => checkSymbols(shape, [{ name: 'x', range: r(0, 1), selectionRange: r(0, 2) }]), /selectionRange outside/);
  });
});
