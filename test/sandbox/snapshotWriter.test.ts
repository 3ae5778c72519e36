// The sliced snapshot writes the same text JSON.stringify makes of the whole state, whatever the
// shapes at the depths it splits (empty containers, arrays, missing values, non-ASCII text), and
// pieces larger than its buffer. A snapshot taken while records are added, changed and removed
// (between its slices), plus the journal's changes after it, is the state at the end; the
// tracker's table keys follow every key added or removed.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, open, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { applyChanges, ChangeTracker, type Change } from '../../src/sandbox/persistence/changeTracking';
import { writeSnapshotSliced } from '../../src/sandbox/persistence/snapshotWriter';
import { emptyTable, type SandboxState } from '../../src/sandbox/domain/state';
import { generateHppKeyPair } from '../../src/sandbox/domain/answerSignature';

async function written(state: SandboxState, seq: number, tableKeys?: (table: object) => Iterable<string>): Promise<{ text: string; bytes: number }> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'gw-snapwriter-')), 'snap.json');
  const handle = await open(file, 'w');
  try {
    const bytes = await writeSnapshotSliced(handle, state, seq, tableKeys);
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

  it('writes every key, value and bracket whole wherever the 256 KB buffer fills up', async () => {
    // Keys and values of every length from short to longer than the buffer, in 3-byte UTF-8
    // characters too, so that each kind of piece (a key, a record, an opening bracket after a
    // key, a piece written alone) lands on a buffer's end somewhere: Buffer.write drops what
    // does not fit without a word, so a missed room check would show as a text that differs.
    const table: Record<string, unknown> = Object.create(null);
    for (let i = 0; i < 3000; i++) {
      const key = `${i}-${(i % 5 === 0 ? '東' : 'k').repeat((i * 97) % 1500)}`;
      table[key] = { id: i, text: (i % 3 ? 'v' : '€').repeat((i * 131) % 2000), childIds: [] };
    }
    const longKey = '鍵'.repeat(100_000);
    const state = {
      version: 1,
      keys: { apiKey: 'a', accessKey: 'b', merchantId: '8000', minted: Object.create(null) },
      clockOffsetMs: 0,
      counters: {},
      slices: {
        cards: { transactions: table, [longKey]: { nested: { deeper: ['x'] } }, after: { [longKey]: 1, tail: '末'.repeat(90_000) } },
        [`${'m'.repeat(200_000)}`]: { list: [[], {}, [1, [2]], 'end'] },
        vault: { tokens: {} },
      },
    } as unknown as SandboxState;
    const { text, bytes } = await written(state, 9);
    assert.equal(text, JSON.stringify({ ...state, journalSeq: 9 }));
    assert.equal(bytes, Buffer.byteLength(text));
  });
});

function storedState(count: number): SandboxState {
  const transactions = emptyTable<unknown>();
  for (let i = 0; i < count; i++) transactions[String(100001 + i)] = { id: String(100001 + i), amountCents: i, note: 'x'.repeat(200) };
  return {
    version: 1,
    keys: { apiKey: 'a', accessKey: 'b', merchantId: '8000', minted: emptyTable() , hpp: generateHppKeyPair() },
    clockOffsetMs: 0,
    counters: Object.assign(emptyTable<number>(), { 'card.transaction': 100000 + count }),
    slices: Object.assign(emptyTable<unknown>(), { cards: { transactions }, vault: { tokens: emptyTable() } }),
  };
}

describe('snapshot while records change', () => {
  it('snapshot + the changes made during it = the state at the end (inserts, updates, deletes between slices)', async () => {
    const tracker = new ChangeTracker(storedState(20_000));
    const table = (tracker.root.slices.cards as { transactions: Record<string, { amountCents: number }> }).transactions;
    const tokens = (tracker.root.slices.vault as { tokens: Record<string, unknown> }).tokens;
    let next = 120_001;
    let writing = true;
    let changesDuringSnapshot = 0;
    const after: Change[] = [];
    // Each turn of the event loop while the snapshot is written: a sale added, one changed, one
    // removed (from the front, the middle and keys added during this snapshot), a token added.
    const churn = (): void => {
      if (!writing) return;
      const id = String(next++);
      table[id] = { amountCents: next };
      // (one removed by an earlier turn is skipped: how many turns a snapshot takes depends on the machine)
      const changed = table[String(100001 + (changesDuringSnapshot * 37) % 20_000)];
      if (changed) changed.amountCents += 1;
      delete table[String(100001 + changesDuringSnapshot * 2)];
      delete table[String(119_999 - changesDuringSnapshot)];
      if (changesDuringSnapshot % 3 === 2) delete table[String(next - 2)];
      tokens[`tok-${changesDuringSnapshot}`] = { last4: '1111' };
      changesDuringSnapshot++;
      after.push(...tracker.take());
      setImmediate(churn);
    };
    // An earlier snapshot made the key list; keys added and removed since are held by the next one only.
    await written(tracker.raw, 6, t => tracker.tableKeys(t));
    for (let i = 0; i < 50; i++) table[String(next++)] = { amountCents: i };
    for (let i = 0; i < 50; i++) delete table[String(110_001 + i)];
    tracker.take();
    setImmediate(churn);
    const { text } = await written(tracker.raw, 7, t => tracker.tableKeys(t));
    writing = false;
    after.push(...tracker.take());
    assert.ok(changesDuringSnapshot >= 3, `only ${changesDuringSnapshot} turns of changes while the snapshot was written: it did not let go of the thread`);

    const recovered = JSON.parse(text) as SandboxState & { journalSeq?: number };
    assert.equal(recovered.journalSeq, 7);
    delete recovered.journalSeq;
    applyChanges(recovered, JSON.parse(JSON.stringify(after)) as Change[]);
    assert.deepEqual(recovered, JSON.parse(JSON.stringify(tracker.raw)));
  });

  it('lists a table\'s keys as they are added, replaced, defined and removed', () => {
    const tracker = new ChangeTracker(storedState(10));
    const raw = tracker.raw.slices.cards as { transactions: object };
    const table = (tracker.root.slices.cards as { transactions: Record<string, unknown> }).transactions;
    assert.deepEqual([...tracker.tableKeys(raw.transactions)], Object.keys(raw.transactions));
    table['200000'] = { id: '200000' };
    table['100001'] = { id: 'replaced' };
    delete table['100002'];
    delete table['no-such-key'];
    Object.defineProperty(table, '__proto__', { value: { id: 'odd' }, enumerable: true, writable: true, configurable: true });
    table['100002'] = { id: 'again' };
    assert.deepEqual([...tracker.tableKeys(raw.transactions)].sort(), Object.keys(raw.transactions).sort());
    assert.equal(Object.keys(raw.transactions).length, 12);
  });
});
