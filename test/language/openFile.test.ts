// The language server's open file (src/language/documents/openFile.ts) as the editor drives it: edits sent
// as LSP ranges (several between two analyses, now and then the whole text), its text kept in
// chunks and its analysis told only what the edits left unchanged. After each round its
// diagnostics, body files and laid-out document equal a full analysis of the same text — the
// check test/language/incremental.test.ts makes of whole texts, here for the edits' own path.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { AnalyzedDocument } from '../../src/language/documents/analyzedDocument';
import { parseRequestFile } from '../../src/core/requestFile';
import { diagnose } from '../../src/language/diagnostics/requestDiagnostics';
import { documentTarget } from '../../src/language/documents/documentTarget';
import { OpenFile } from '../../src/language/documents/openFile';
import { FileDiagnostics } from '../../src/language/documents/fileDiagnostics';
import type { EnvironmentsParams } from '../../src/language/protocol';
import { Random } from './fuzz/random';
import { exampleFiles } from './fuzz/seedCorpus';
import { KEY_LIKE, NASTY_PIECES } from './fuzz/values';

const SEED = Number(process.env.OPEN_FILE_SEED ?? 0x0f11e) >>> 0;
const SEQUENCES = Number(process.env.OPEN_FILE_SEQUENCES ?? 10);
const ROUNDS = 30;
const LIVE: EnvironmentsParams = { active: 'Local sandbox', names: ['Local sandbox', 'Live'], production: ['Live'], local: 'Local sandbox' };

/** What an editor types or pastes: pieces that make and break blocks, names, variables, keys and body files. */
const PIECES: readonly string[] = [
  ...NASTY_PIECES, ...KEY_LIKE, '\n', '\r\n', '\r', '\n###\n', '### Sale\n', '###', '# @name sale1\n', 'sale2', '@amount = 12.00\n', '@dir = bodies\n',
  '{{sale1.payload.transaction.id}}', '{{undefined}}', '4111111111111111', '"amount": "0.21",\n', 'POST {{gatewayUrl}}/rest/v2/transactions/sale\n',
  '# Environment: Live. Send with the lens.\n', 'x', '\n### From a file\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\n\n< ./{{dir}}/sale.json\n###\n',
];

function canonical(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => JSON.stringify([d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.code, d.severity, d.message, d.source, d.data ?? null])).sort();
}

/** One change as an editor sends it to `doc`: a range (sometimes past a line's end) and its new text, or now and then the whole text. */
function change(r: Random, doc: TextDocument): TextDocumentContentChangeEvent {
  const text = doc.getText();
  if (r.chance(0.03)) return { text: text.replace(/\r\n?/g, '\n') };
  const from = r.int(0, text.length);
  const to = r.chance(0.5) ? from : Math.min(text.length, from + r.int(1, r.chance(0.2) ? 500 : 40));
  const start = doc.positionAt(from);
  const end = doc.positionAt(to);
  if (r.chance(0.1)) end.character += r.int(1, 5);
  const inserted = r.chance(0.3) ? '' : r.pick(PIECES);
  return r.chance(0.5) ? { range: { start: end, end: start }, text: inserted } : { range: { start, end }, text: inserted };
}

describe('an open file, edited by ranges', () => {
  const examples = exampleFiles().map((e) => e.text);

  it(`after each of ${SEQUENCES} × ${ROUNDS} rounds of range edits, equals a full analysis of its text (seed ${SEED})`, () => {
    const r = new Random(SEED);
    let compared = 0;
    let withDiagnostics = 0;
    for (let s = 0; s < SEQUENCES; s++) {
      const initial = Array.from({ length: r.int(2, 6) }, () => r.pick(examples)).join(r.pick(['\n', '\n\n', '\r\n']));
      let reference = TextDocument.create('file:///open.gwreq', 'gateway-request', 1, initial);
      const file = new OpenFile('file:///open.gwreq', 'gateway-request', 1, initial);
      for (let round = 0; round < ROUNDS; round++) {
        const edits = r.int(1, 4);
        for (let e = 0; e < edits; e++) {
          const c = change(r, reference);
          reference = TextDocument.update(reference, [c], reference.version + 1);
          file.change([c], reference.version);
        }
        const text = reference.getText();
        const at = `sequence ${s}, round ${round}`;
        assert.equal(file.getText(), text, `${at}: the text`);
        const target = file.target(LIVE);
        assert.deepEqual(target, documentTarget({ text }, LIVE), `${at}: where it goes`);
        // Some rounds only read the document, as completion does between two publishes.
        if (r.chance(0.3)) {
          const laid = file.document(target);
          assert.deepEqual(laid.file, parseRequestFile(text), `${at}: the laid-out parse`);
          const line = r.int(0, laid.lineCount);
          assert.equal(laid.lineText(line), new AnalyzedDocument(text).lineText(line), `${at}: line ${line}`);
          continue;
        }
        const expected = canonical(diagnose(new AnalyzedDocument(text), target));
        assert.deepEqual(canonical(file.diagnostics(target)), expected, `${at}: the diagnostics differ from a full analysis of:\n${JSON.stringify(text.slice(0, 3000))}`);
        // The body files a fresh analysis of the whole text lists (their paths' variables filled in).
        assert.deepEqual(file.bodyFileRequests(target), new FileDiagnostics().bodyFileRequests(text, target), `${at}: the body files`);
        compared++;
        if (expected.length > 0) withDiagnostics++;
      }
    }
    assert.ok(compared > SEQUENCES * ROUNDS / 2 && withDiagnostics > compared / 2, `compared ${compared}, of them with diagnostics ${withDiagnostics}`);
  });

  it('keeps a version\'s document as it was when later edits come', () => {
    const text = '### Sale\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\n\n{"amount": "1.00"}\n';
    const file = new OpenFile('file:///kept.gwreq', 'gateway-request', 1, text);
    const first = file.document(file.target(LIVE));
    file.change([{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '@a = 1\n' }], 2);
    file.diagnostics(file.target(LIVE));
    assert.equal(first.text, text);
    assert.equal(first.lineText(1), 'POST {{gatewayUrl}}/rest/v2/transactions/sale');
    assert.equal(file.document(file.target(LIVE)).lineText(2), 'POST {{gatewayUrl}}/rest/v2/transactions/sale');
  });
});
