// The one splitter both request-file parsers read through (src/core/requestFile/blockSplitter.ts),
// against a plain reading of the text written here: lines ended by \n, \r\n or a lone \r (as LSP
// counts them), a block ended by each line that starts with `###` unless it holds U+2028/U+2029,
// its title what follows the `###`. Random texts of the pieces that make splitting hard, cut into
// random chunks (a \r\n cut in two among them).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BlockSplitter, type Line } from '../../src/core/requestFile/blockSplitter';

interface Block { lines: Line[]; title: string | undefined }

const PIECES = ['GET {{gatewayUrl}}/x', '###', '### Sale ', '####', ' ###', 'a###', '\n', '\n', '\r\n', '\r', '\u2028', '\u2029', '', 'x', '{"a": 1}'];

/** The text's blocks, read plainly: every line listed first, then grouped. */
function expectedBlocks(text: string): Block[] {
  const lines: Line[] = [];
  let offset = 0;
  for (const [index, lineText] of text.split(/\r\n|\r|\n/).entries()) {
    lines.push({ index, text: lineText, offset });
    offset += lineText.length;
    offset += text.startsWith('\r\n', offset) ? 2 : offset < text.length ? 1 : 0;
  }
  const blocks: Block[] = [];
  let current: Block = { lines: [], title: undefined };
  for (const line of lines) {
    if (line.text.startsWith('###') && !/[\u2028\u2029]/.test(line.text)) {
      blocks.push(current);
      current = { lines: [], title: line.text.slice(3).trim() || undefined };
    } else {
      current.lines.push(line);
    }
  }
  blocks.push(current);
  return blocks;
}

function split(text: string, chunks: readonly string[]): Block[] {
  const blocks: Block[] = [];
  const splitter = new BlockSplitter((lines, title) => blocks.push({ lines, title }));
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  assert.equal(chunks.join(''), text);
  return blocks;
}

/** A seeded generator (the suite runs the same texts every time). */
function generator(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

describe('the request-file block splitter', () => {
  it('splits 2,000 random texts, whole or in random chunks, as a plain reading of the text does', () => {
    const random = generator(0x5b1173);
    let separators = 0;
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: random(40) }, () => PIECES[random(PIECES.length)]).join('');
      const expected = expectedBlocks(text);
      separators += expected.length - 1;
      assert.deepEqual(split(text, [text]), expected, `whole: ${JSON.stringify(text)}`);
      const chunks: string[] = [];
      for (let at = 0; at < text.length;) {
        const size = 1 + random(6);
        chunks.push(text.slice(at, at + size));
        at += size;
      }
      assert.deepEqual(split(text, chunks), expected, `in chunks ${JSON.stringify(chunks)}`);
    }
    assert.ok(separators > 1000, `the texts hold separators to split at (${separators})`);
  });

  it('hands out a block as soon as the separator after it has arrived, and refuses text after the end', () => {
    const blocks: Block[] = [];
    const splitter = new BlockSplitter((lines, title) => blocks.push({ lines, title }));
    splitter.push('GET /a\n### Second\nGET /b\r');
    assert.deepEqual(blocks, [{ lines: [{ index: 0, text: 'GET /a', offset: 0 }], title: undefined }]);
    splitter.push('\n###');
    assert.equal(blocks.length, 1, 'the last line may go on: the block waits for its line break');
    splitter.end();
    assert.deepEqual(blocks.slice(1), [
      { lines: [{ index: 2, text: 'GET /b', offset: 18 }], title: 'Second' },
      { lines: [], title: undefined },
    ]);
    assert.throws(() => splitter.push('GET /c'), /already ended/);
  });
});
