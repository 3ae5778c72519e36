// The language server's incremental diagnostics (src/language/documents/fileDiagnostics.ts) against a full
// analysis: after every edit of a random sequence (fixed seed), the diagnostics kept up to date
// block by block are exactly those of analysing the final text from scratch, and the parse joined
// from the blocks' parses is exactly the whole file's. Edits are the kind
// that move blocks (new lines, `###` typed or removed), rename requests, define and drop
// variables, paste keys, test cards and body files (`< ./sale.json`), switch line endings — on
// the examples users start from.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { AnalyzedDocument } from '../../src/language/documents/analyzedDocument';
import { parseRequestFile } from '../../src/core/requestFile';
import { diagnose } from '../../src/language/diagnostics/requestDiagnostics';
import { codeLensesOf } from '../../src/language/features/codeLenses';
import { formatBodies, type FormattingOptions } from '../../src/language/features/formatting';
import { symbolsOf } from '../../src/language/features/symbols';
import { documentTarget } from '../../src/language/documents/documentTarget';
import { blockStarts, FileDiagnostics } from '../../src/language/documents/fileDiagnostics';
import type { EnvironmentsParams } from '../../src/language/protocol';
import { Random } from './fuzz/random';
import { exampleFiles } from './fuzz/seedCorpus';
import { KEY_LIKE, NASTY_PIECES } from './fuzz/values';

// INCREMENTAL_SEED=<n> INCREMENTAL_SEQUENCES=<n> explore other sequences; the suite runs the fixed one.
const SEED = Number(process.env.INCREMENTAL_SEED ?? 0x1c_2e_13) >>> 0;
const SEQUENCES = Number(process.env.INCREMENTAL_SEQUENCES ?? 12);
const EDITS_PER_SEQUENCE = 40;
const ENVIRONMENTS: EnvironmentsParams = { active: 'Local sandbox', names: ['Local sandbox', 'Live'], production: ['Live'], local: 'Local sandbox' };

/** Text typed or pasted by the edits: what changes which blocks exist and what names mean. */
const PIECES: readonly string[] = [
  ...NASTY_PIECES, ...KEY_LIKE, '\n', '\n', '\r\n', '\n###\n', '### Sale\n', '\n### Refund', '# @name sale1\n', '# @name sale1', 'sale2',
  '@amount = 12.00\n', '@card = {{missing}}\n', '{{sale1.payload.transaction.id}}', '{{amount}}', '{{undefined}}', '{{nobody.id}}',
  '4111111111111111', '"amount": "0.21",\n', 'POST {{gatewayUrl}}/rest/v2/transactions/sale\n', 'GET {{gatewayUrl}}/rest/v2/transactions/sael\n',
  'Content-Type: application/xml\n', 'Authorization: Basic abc\n', '# Environment: Live. Send with the lens.\n', '# @expect status 200\n', 'x',
  '\n### From a file\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\n\n< ./sale.json\n###\n', '\n### Void\nPOST /rest/v2/transactions/void\n\n<@ bodies/void.json\n###',
];

function canonical(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => JSON.stringify([d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.code, d.severity, d.message, d.source, d.data ?? null])).sort();
}

function fullAnalysis(text: string): Diagnostic[] {
  const doc = new AnalyzedDocument(text);
  return diagnose(doc, documentTarget(doc, ENVIRONMENTS));
}

/** One random edit: insert a piece, delete a span, move or copy a line or a block, or swap line endings. */
function edit(r: Random, text: string): string {
  const at = r.int(0, text.length);
  const kind = r.weighted<string>([[5, 'insert'], [3, 'delete'], [2, 'line'], [2, 'block'], [1, 'crlf']]);
  if (kind === 'insert') return text.slice(0, at) + r.pick(PIECES) + text.slice(at);
  if (kind === 'delete') return text.slice(0, at) + text.slice(Math.min(text.length, at + r.int(1, r.chance(0.2) ? 400 : 30)));
  if (kind === 'block') {
    // Cut, copy or drop a whole `###` block, as with a selection of lines.
    const blocks = text.split(/(?=^###)/m);
    const [taken] = blocks.splice(r.int(0, blocks.length - 1), 1);
    if (r.chance(0.7)) blocks.splice(r.int(0, blocks.length), 0, taken);
    if (r.chance(0.3)) blocks.splice(r.int(0, blocks.length), 0, taken);
    return blocks.join('');
  }
  if (kind === 'crlf') return r.chance(0.5) ? text.replace(/\r?\n/g, '\r\n') : text.replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  const line = lines[r.int(0, lines.length - 1)];
  const to = r.int(0, lines.length);
  lines.splice(to, 0, line);
  if (r.chance(0.5)) lines.splice(r.int(0, lines.length - 1), 1);
  return lines.join('\n');
}

describe('incremental diagnostics (the language server\'s, block by block)', () => {
  const examples = exampleFiles().map((e) => e.text);

  it('finds the blocks the parser reads: a ### line after \\n, \\r\\n or a lone \\r, not ### inside a line', () => {
    assert.deepEqual(blockStarts('a\n###x\r\n### y\r###\nb ### c\n####'), [0, 2, 8, 14, 26]);
    assert.deepEqual(blockStarts('### first\nGET /x'), [0]);
  });

  it(`after each of ${SEQUENCES} × ${EDITS_PER_SEQUENCE} random edits, equal the full analysis of the text (seed ${SEED})`, () => {
    assert.ok(examples.length >= 3, 'the examples folder has the request files the edits start from');
    const r = new Random(SEED);
    let compared = 0;
    let nonEmpty = 0;
    let withBodyFiles = 0;
    for (let s = 0; s < SEQUENCES; s++) {
      let text = Array.from({ length: r.int(1, 4) }, () => r.pick(examples)).join(r.pick(['\n', '\n\n', '\r\n']));
      const file = new FileDiagnostics();
      for (let e = 0; e <= EDITS_PER_SEQUENCE; e++) {
        if (e > 0) text = edit(r, text);
        const incremental = file.update(text, documentTarget({ text }, ENVIRONMENTS));
        const expected = canonical(fullAnalysis(text));
        assert.deepEqual(canonical(incremental), expected, `sequence ${s}, edit ${e}: the incremental diagnostics differ from a full analysis of:\n${JSON.stringify(text.slice(0, 3000))}`);
        // The parse other features use, joined from the blocks' parses: the whole file's, exactly.
        const joined = file.document(text, 'file:///incremental.gwreq', e, documentTarget({ text }, ENVIRONMENTS));
        const whole = new AnalyzedDocument(text);
        const parsed = parseRequestFile(text);
        assert.deepEqual(joined.file, parsed, `sequence ${s}, edit ${e}: the joined parse differs`);
        // The body files the server checks on disk at each publish, where the full parse has them.
        const bodyFiles = parsed.requests.flatMap((request) => (request.body?.file ? [request.body.file] : []));
        assert.deepEqual(file.bodyFiles(text, documentTarget({ text }, ENVIRONMENTS)), bodyFiles, `sequence ${s}, edit ${e}: the body files differ`);
        withBodyFiles += bodyFiles.length > 0 ? 1 : 0;
        assert.deepEqual([joined.lineStarts, joined.lineEnds], [whole.lineStarts, whole.lineEnds], `sequence ${s}, edit ${e}: line offsets differ`);
        compared++;
        if (expected.length > 0) nonEmpty++;
      }
    }
    // The comparison means something only if the edits produced diagnostics to compare.
    assert.ok(nonEmpty > compared / 2, `only ${nonEmpty} of ${compared} texts had diagnostics`);
    assert.ok(withBodyFiles > 40, `only ${withBodyFiles} of ${compared} texts had body files`);
  });

  it(`after each of ${SEQUENCES} × ${EDITS_PER_SEQUENCE} random edits, the laid-out document answers as a parse of the whole text does, reading only some blocks (seed ${SEED})`, () => {
    const r = new Random(SEED);
    // Which requests a version reads: most versions read a few, so many blocks are moved into
    // place only versions after they last were (src/language/documents/laidOutBlocks.ts).
    const reads = new Random(SEED ^ 0x5eed);
    let placedLater = 0;
    for (let s = 0; s < SEQUENCES; s++) {
      let text = Array.from({ length: r.int(1, 4) }, () => r.pick(examples)).join(r.pick(['\n', '\n\n', '\r\n']));
      const file = new FileDiagnostics();
      for (let e = 0; e <= EDITS_PER_SEQUENCE; e++) {
        if (e > 0) text = edit(r, text);
        const target = documentTarget({ text }, ENVIRONMENTS);
        if (reads.chance(0.5)) file.update(text, target);
        const laid = file.document(text, 'file:///laid-out.gwreq', e, target);
        const whole = new AnalyzedDocument(text);
        const at = `sequence ${s}, edit ${e}`;
        assert.equal(laid.lineCount, whole.lineCount, `${at}: line count`);
        for (let line = -1; line <= whole.lineCount; line++) {
          assert.equal(laid.lineText(line), whole.lineText(line), `${at}: text of line ${line}`);
          assert.equal(laid.lineStart(line), whole.lineStart(line), `${at}: start of line ${line}`);
          assert.deepEqual(laid.blockAt(line), whole.blockAt(line), `${at}: block of line ${line}`);
          assert.equal(laid.requestIndexAt(line), whole.requestIndexAt(line), `${at}: request of line ${line}`);
          assert.equal(laid.offsetAt({ line, character: 3 }), whole.offsetAt({ line, character: 3 }), `${at}: offset in line ${line}`);
        }
        for (let offset = -1; offset <= text.length + 1; offset += reads.int(1, 7)) {
          assert.deepEqual(laid.positionAt(offset), whole.positionAt(offset), `${at}: position of offset ${offset}`);
        }
        assert.equal(laid.requestCount, whole.requestCount, `${at}: request count`);
        assert.deepEqual(laid.namedRequests, whole.namedRequests, `${at}: named requests`);
        assert.deepEqual(laid.namedRequestIndexes, whole.namedRequestIndexes, `${at}: named request indexes`);
        for (let i = 0; i < whole.requestCount; i++) {
          assert.equal(laid.requestNameAt(i), whole.requestNameAt(i), `${at}: name of request ${i}`);
          if (!reads.chance(0.3)) continue;
          placedLater++;
          assert.deepEqual(laid.request(i), whole.request(i), `${at}: request ${i}`);
          assert.equal(laid.operationOf(i)?.op?.id, whole.operationOf(i)?.op?.id, `${at}: operation of request ${i}`);
        }
        if (reads.chance(0.3)) assert.deepEqual(laid.variables, whole.variables, `${at}: file variables`);
        if (reads.chance(0.2)) {
          assert.deepEqual(laid.separatorLines, whole.separatorLines, `${at}: ### lines`);
          assert.deepEqual(laid.file, whole.file, `${at}: the whole parse`);
          assert.deepEqual([laid.lineStarts, laid.lineEnds], [whole.lineStarts, whole.lineEnds], `${at}: line offsets`);
        }
      }
    }
    assert.ok(placedLater > 100, `only ${placedLater} requests were read one by one`);
  });

  it(`after each of ${SEQUENCES} × ${EDITS_PER_SEQUENCE} random edits, the outline, the lenses and the formatting kept block by block equal a whole-file computation (seed ${SEED})`, () => {
    const r = new Random(SEED ^ 0x0071e);
    // Versions that ask nothing: the answers kept in the blocks then move by several edits at once.
    const asks = new Random(SEED ^ 0xa5c);
    const OPTIONS: FormattingOptions[] = [{ tabSize: 2, insertSpaces: true }, { tabSize: 4, insertSpaces: true }, { tabSize: 4, insertSpaces: false }];
    let symbols = 0;
    let movedSymbols = 0;
    let edits = 0;
    for (let s = 0; s < SEQUENCES; s++) {
      let text = Array.from({ length: r.int(1, 4) }, () => r.pick(examples)).join(r.pick(['\n', '\n\n', '\r\n']));
      const file = new FileDiagnostics();
      const lastLine = new Map<string, number>();
      for (let e = 0; e <= EDITS_PER_SEQUENCE; e++) {
        if (e > 0) text = edit(r, text);
        const target = documentTarget({ text }, ENVIRONMENTS);
        const laid = file.document(text, 'file:///outline.gwreq', e, target);
        const whole = new AnalyzedDocument(text, 'file:///outline.gwreq', e);
        const at = `sequence ${s}, edit ${e}`;
        if (asks.chance(0.6)) {
          const outline = symbolsOf(laid);
          assert.deepEqual(outline, symbolsOf(whole), `${at}: the outline differs`);
          symbols += outline.length;
          // A symbol whose name was seen on another line before: its block moved and kept its answer.
          for (const symbol of outline) {
            const seen = lastLine.get(symbol.name);
            if (seen !== undefined && seen !== symbol.range.start.line) movedSymbols++;
            lastLine.set(symbol.name, symbol.range.start.line);
          }
        }
        if (asks.chance(0.6)) assert.deepEqual(codeLensesOf(laid, ENVIRONMENTS), codeLensesOf(whole, ENVIRONMENTS), `${at}: the lenses differ`);
        if (asks.chance(0.6)) {
          const options = asks.pick(OPTIONS);
          const wanted = formatBodies(whole, options);
          assert.deepEqual(formatBodies(laid, options), wanted, `${at}: the formatting differs`);
          edits += wanted.length;
          const line = asks.int(0, whole.lineCount);
          const range = { start: { line, character: 0 }, end: { line: line + asks.int(0, 30), character: 0 } };
          assert.deepEqual(formatBodies(laid, options, range), formatBodies(whole, options, range), `${at}: the formatting of lines ${range.start.line}–${range.end.line} differs`);
        }
      }
    }
    // The comparisons mean something only with symbols that moved and bodies left to format.
    assert.ok(symbols > 1000 && movedSymbols > 100, `symbols compared: ${symbols}, of them moved: ${movedSymbols}`);
    assert.ok(edits > 20, `formatting edits compared: ${edits}`);
  });

  it('keeps each block\'s symbol and body edit while its text is the same: an edit makes the edited block\'s again, and moves the ones below', () => {
    const block = (name: string, amount: string) => `### ${name}\n# @name ${name}\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{"amount":"${amount}"}\n`;
    const file = new FileDiagnostics();
    const options = { tabSize: 2, insertSpaces: true };
    const v1 = block('a', '1.00') + block('b', '2.00') + block('c', '3.00');
    const [s1, f1] = [symbolsOf(file.document(v1, 'file:///kept.gwreq', 1)), formatBodies(file.document(v1, 'file:///kept.gwreq', 1), options)];
    const v2 = block('a', '1.00') + block('b', '2.50') + block('c', '3.00');
    const doc2 = file.document(v2, 'file:///kept.gwreq', 2);
    const [s2, f2] = [symbolsOf(doc2), formatBodies(doc2, options)];
    assert.deepEqual([s2[0] === s1[0], s2[1] === s1[1], s2[2] === s1[2]], [true, false, true], 'only the edited block\'s symbol is made again');
    assert.deepEqual([f2[0] === f1[0], f2[1] === f1[1], f2[2] === f1[2]], [true, false, true], 'only the edited block\'s body is formatted again');
    const v3 = block('a', '1.00').replace('\n', '\n\n') + block('b', '2.50') + block('c', '3.00');
    const s3 = symbolsOf(file.document(v3, 'file:///kept.gwreq', 3));
    assert.deepEqual(s3.map((symbol) => symbol.range.start.line), s2.map((symbol) => symbol.range.start.line + 1));
    assert.deepEqual(s3.slice(1), symbolsOf(new AnalyzedDocument(v3)).slice(1), 'the blocks below moved a line, their symbols with them');
    assert.equal(s2[1].range.start.line, 7, 'the answers handed out before are left as they were');
  });

  it('follows a block that moves: its diagnostics move with it, analysed once', () => {
    const bad = ['### Sale', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '', '{"amount": "25.00", "card": "4111111111111112", "exp-date": "1230"}'].join('\n');
    const file = new FileDiagnostics();
    const before = file.update(bad);
    assert.ok(before.some((d) => d.code === 'invalid-value' && d.range.start.line === 4));
    const moved = file.update(`@amount = 1\n\n${bad}`);
    assert.deepEqual(canonical(moved), canonical(fullAnalysis(`@amount = 1\n\n${bad}`)));
    assert.ok(moved.some((d) => d.code === 'invalid-value' && d.range.start.line === 6));
  });

  it('re-checks unchanged blocks when a name they use appears or goes away elsewhere', () => {
    const use = '### Capture\nPUT {{gatewayUrl}}/rest/v2/transactions/{{sale1.payload.transaction.id}}/capture\n';
    const sale = '### Sale\n# @name sale1\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{"amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}\n';
    const file = new FileDiagnostics();
    assert.ok(file.update(use).some((d) => d.code === 'unknown-request'));
    assert.ok(!file.update(sale + use).some((d) => d.code === 'unknown-request'));
    assert.ok(file.update(sale.replace('sale1', 'sale2') + use).some((d) => d.code === 'unknown-request'));
  });
});
