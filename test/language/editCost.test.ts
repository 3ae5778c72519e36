// A one-line edit of an open request file costs what the edit touches, not what the file holds
// (issue 32 §5: 1.5 / 3.9 / 10.6 ms at 5k / 20k / 50k lines over a real stdio session): the
// server's own work for it — the editor's change applied to the open file, then its diagnostics —
// at 50,000 lines within 2× the same edit at 5,000, in CPU time, the sizes taken in turn in one run.
// The full measurement, over LSP: `npm run bench:lsp` (bench/lsp.ts), which prints the same ratio.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { OpenFile } from '../../src/language/documents/openFile';
import { benchDocument } from '../../bench/lspDocument';

const TARGET = { active: 'Local sandbox', names: ['Local sandbox'] };

/** An open file of `lines` lines and a function that makes one more edit of its amount line and returns its CPU time in ms. */
function editing(lines: number): () => number {
  const bench = benchDocument(lines);
  const file = new OpenFile(`file:///edit-cost-${lines}.gwreq`, 'gateway-request', 1, bench.text);
  file.diagnostics(file.target(TARGET));
  const { line, text } = bench.editLine;
  let current = text.replace('{{amount}}', '25.00');
  let version = 1;
  file.change([{ range: { start: { line, character: 0 }, end: { line, character: text.length } }, text: current }], ++version);
  return () => {
    // Every third edit changes the line's length, so the blocks after it move, as typing does.
    const next = text.replace('{{amount}}', version % 3 === 0 ? `7.${version % 10}0` : `${10 + (version % 80)}.00`);
    const c0 = process.cpuUsage();
    file.change([{ range: { start: { line, character: 0 }, end: { line, character: current.length } }, text: next }], ++version);
    const found = file.diagnostics(file.target(TARGET));
    const c = process.cpuUsage(c0);
    assert.ok(Array.isArray(found));
    current = next;
    return (c.user + c.system) / 1000;
  };
}

/** Edits of one size in a row, before the other size's turn. */
const EDITS_PER_TURN = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('the cost of a one-line edit', () => {
  test('at 50,000 lines at most 2× the same edit at 5,000 (the language server\'s work, CPU time)', () => {
    const small = editing(5000);
    const large = editing(50000);
    const smallMs: number[] = [];
    const largeMs: number[] = [];
    // Warm-up, then rounds that alternate the sizes, a few edits of one size at a time (as typing
    // makes them), so that load on the machine hits both and each size's edits run warm.
    for (let round = 0; round < 24; round++) {
      for (let i = 0; i < EDITS_PER_TURN; i++) {
        const ms = small();
        if (round >= 4) smallMs.push(ms);
      }
      for (let i = 0; i < EDITS_PER_TURN; i++) {
        const ms = large();
        if (round >= 4) largeMs.push(ms);
      }
    }
    const ratio = median(largeMs) / median(smallMs);
    assert.ok(ratio <= 2, `a one-line edit at 50,000 lines took ${ratio.toFixed(1)}× the CPU of the same edit at 5,000 (median ${median(largeMs).toFixed(2)} vs ${median(smallMs).toFixed(2)} ms)`);
  });
});
