// The language server's text of an open file (src/language/documents/editedText.ts), kept in chunks of
// lines, against vscode-languageserver-textdocument's, which kept it before: the same edits give
// the same text, the same offsets for every position (past a line's end, past the last line,
// inside a \r\n), and what it says is unchanged since an earlier edit is unchanged. Chunks of a
// few characters here, so that edits cross and join their boundaries all the time.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { EditedText } from '../../src/language/documents/editedText';

/** Text rich in what an edit can break: line ends of every kind, `###`, and plain characters. */
const piece = fc.constantFrom('\n', '\r\n', '\r', '###', '### Sale\n', '#', 'a', 'GET /x', ' ', '{{', '}}', 'é', '\u2028');
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));
const position = fc.record({ line: fc.integer({ min: -1, max: 30 }), character: fc.integer({ min: -1, max: 12 }) });
/**
 * A change: a range (its lines taken modulo the document's line count when it is applied, as an
 * editor sends only lines that exist: past the last line, vscode-languageserver-textdocument's
 * own line table goes wrong) and its new text, or a whole new text.
 */
const change = fc.oneof(
  { weight: 9, arbitrary: fc.record({ range: fc.record({ start: position, end: position }), text }) },
  { weight: 1, arbitrary: fc.record({ text }) },
);
type Change = typeof change extends fc.Arbitrary<infer C> ? C : never;

/** `changes` as an editor would send them to `doc`: lines that exist. */
function sent(changes: readonly Change[], doc: TextDocument): TextDocumentContentChangeEvent[] {
  const inside = (p: { line: number; character: number }) => ({ line: Math.abs(p.line) % doc.lineCount, character: p.character });
  return changes.map((c) => ('range' in c ? { range: { start: inside(c.range.start), end: inside(c.range.end) }, text: c.text } : c));
}

describe('an open file\'s text, kept in chunks', () => {
  it('edits to the same text and offsets as vscode-languageserver-textdocument', () => {
    fc.assert(fc.property(text, fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { maxLength: 12 }), fc.integer({ min: 1, max: 9 }), fc.array(position, { maxLength: 8 }),
      (initial, edits, chunkSize, asked) => {
        let reference = TextDocument.create('file:///t.gwreq', 'gateway-request', 1, initial);
        const edited = new EditedText(initial, chunkSize);
        edits.forEach((changes, i) => {
          for (const p of asked) assert.equal(edited.offsetAt(p), reference.offsetAt(p), `offset of ${JSON.stringify(p)} before edit ${i}`);
          const before = reference.getText();
          const count = edited.editCount;
          // One change at a time, each on the document as the one before left it.
          for (const one of changes) {
            const [c] = sent([one], reference);
            reference = TextDocument.update(reference, [c], i + 2);
            edited.change([c]);
          }
          const after = reference.getText();
          assert.equal(edited.getText(), after, `text after edit ${i}`);
          assert.equal(edited.length, after.length);
          const kept = edited.unchangedSince(count);
          assert.ok(kept, 'the last edits are remembered');
          assert.ok(kept.head + kept.tail <= Math.min(before.length, after.length), `head ${kept.head} + tail ${kept.tail} fit both texts`);
          assert.equal(after.slice(0, kept.head), before.slice(0, kept.head), 'the head said unchanged is');
          assert.equal(after.slice(after.length - kept.tail), before.slice(before.length - kept.tail), 'the tail said unchanged is');
        });
      }), { numRuns: 400 });
  });

  it('reads a part, the head up to the first ###, and a version after later edits, from the chunks', () => {
    fc.assert(fc.property(text, fc.array(change, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 9 }), fc.nat(), fc.nat(),
      (initial, changes, chunkSize, a, b) => {
        const edited = new EditedText(initial, chunkSize);
        let reference = TextDocument.create('file:///t.gwreq', 'gateway-request', 1, initial);
        for (const one of changes) {
          const [c] = sent([one], reference);
          reference = TextDocument.update(reference, [c], 2);
          edited.change([c]);
        }
        const whole = reference.getText();
        const snapshot = edited.snapshot();
        const [from, to] = [a % (whole.length + 1), b % (whole.length + 1)].sort((x, y) => x - y);
        assert.equal(edited.slice(from, to), whole.slice(from, to));
        const head = edited.head();
        assert.ok(whole.startsWith(head), 'the head is the start of the text');
        const first = whole.indexOf('###');
        assert.ok(first < 0 ? head === whole : head.length >= first + 3, 'the head holds the first ### (or is the whole text)');
        edited.change([{ text: 'something else' }]);
        assert.equal(snapshot(), whole, 'a snapshot keeps its version');
      }), { numRuns: 400 });
  });

  it('rebuilds only the chunk an edit touches: a 50,000-line text is not joined by a one-line edit', () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => `"amount": "${i}.00",`);
    const edited = new EditedText(lines.join('\n'));
    edited.change([{ range: { start: { line: 25_000, character: 11 }, end: { line: 25_000, character: 19 } }, text: '7.50' }]);
    assert.equal(edited.slice(edited.offsetAt({ line: 25_000, character: 0 }), edited.offsetAt({ line: 25_000, character: 99 })), '"amount": "7.50",');
    assert.deepEqual(edited.unchangedSince(0), { head: edited.offsetAt({ line: 25_000, character: 11 }), tail: lines.slice(25_001).join('\n').length + 1 + '",'.length });
    lines[25_000] = '"amount": "7.50",';
    assert.equal(edited.getText(), lines.join('\n'));
  });
});
