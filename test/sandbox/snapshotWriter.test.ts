// The sliced snapshot writes the same text JSON.stringify makes of the whole state, whatever the
// shapes at the depths it splits (empty containers, arrays, missing values, non-ASCII text), and
// pieces larger than its buffer.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, open, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeSnapshotSliced } from '../../src/sandbox/snapshotWriter';
import type { SandboxState } from '../../src/sandbox/state';

async function written(state: SandboxState, seq: number): Promise<{ text: string; bytes: number }> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'gw-snapwriter-')), 'snap.json');
  const handle = await open(file, 'w');
  try {
    const bytes = await writeSnapshotSliced(handle, state, seq);
    return { text: await readFile(file, 'utf8'), bytes };
  } finally {
    await handle.close();
  }
}

describe('sliced snapshot', () => {
  it('writes exactly JSON.stringify of the state with its journal sequence', async () => {
    const transactions: Record<string, unknown> = Object.create(null);
    for (let i = 0; i < 5000; i++) transactions[String(100001 + i)] = { id: String(100001 + i), note: i % 7 ? 'plain' : 'Zürich “quoted” 東京 \u2028', childIds: [], gone: undefined };
    const state = {
      version: 1,
      keys: { apiKey: 'a', accessKey: 'b', merchantId: '8000', minted: Object.create(null) },
      clockOffsetMs: -12.5,
      counters: { 'card.transaction': 105000 },
      slices: {
        cards: { transactions, empty: {}, list: [1, 'two', null, { three: 3 }], big: { text: 'x'.repeat(400_000) } },
        vault: { tokens: {} },
        missing: undefined,
        batches: { closed: [] },
      },
    } as unknown as SandboxState;
    const { text, bytes } = await written(state, 42);
    assert.equal(text, JSON.stringify({ ...state, journalSeq: 42 }));
    assert.equal(bytes, Buffer.byteLength(text));
  });
});
