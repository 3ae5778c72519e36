// The longest piece of a sliced snapshot of a 100k-record transactions table, in the main
// thread's own CPU time (Linux schedstat; a busy machine stretches wall time with waiting for a
// CPU): the table's keys listed by Object.keys (the baseline, one call for all 100k keys) against
// the change tracker's key set (iterated across slices). A piece is what runs between two writes
// to the snapshot file. Part of `npm run bench -- stored`.
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ChangeTracker } from '../src/sandbox/persistence/changeTracking';
import { writeSnapshotSliced } from '../src/sandbox/persistence/snapshotWriter';
import { emptyTable, type SandboxState } from '../src/sandbox/domain/state';
import { threadCpuMs } from './stats';
import { generateHppKeyPair } from '../src/sandbox/domain/answerSignature';

const STORED = 100_000;
const SNAPSHOTS = 5;

function storedState(): SandboxState {
  const transactions = emptyTable<unknown>();
  for (let i = 0; i < STORED; i++) {
    const id = String(100001 + i);
    transactions[id] = { id, type: 'SALE', amountCents: 2500, card: { brand: 'VISA', last4: '1111', expDate: '1230' }, childIds: [], references: { invoice: `INV-${i}` } };
  }
  return {
    version: 1, keys: { apiKey: 'a', accessKey: 'b', merchantId: '8', minted: emptyTable() , hpp: generateHppKeyPair() }, clockOffsetMs: 0,
    counters: emptyTable(), slices: Object.assign(emptyTable<unknown>(), { cards: { transactions } }),
  };
}

/** The most CPU time spent between two writes of the snapshot file, over SNAPSHOTS snapshots after one unmeasured. */
async function longestPieceMs(tableKeys: ((table: object) => Iterable<string>) | undefined, tracker: ChangeTracker<SandboxState>, file: string): Promise<number> {
  let longest = 0;
  for (let round = 0; round <= SNAPSHOTS; round++) {
    const handle = await open(file, 'w');
    const write = handle.write.bind(handle) as (...args: unknown[]) => Promise<unknown>;
    let last = threadCpuMs();
    (handle as unknown as { write: (...args: unknown[]) => Promise<unknown> }).write = async (...args) => {
      if (round > 0) longest = Math.max(longest, threadCpuMs() - last);
      const written = await write(...args);
      last = threadCpuMs();
      return written;
    };
    try {
      await writeSnapshotSliced(handle, tracker.raw, 1, tableKeys);
    } finally {
      await handle.close();
    }
  }
  return longest;
}

export async function snapshotPieceCpu(): Promise<{ objectKeysMs: number; trackerKeysMs: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gw-slice-'));
  try {
    const tracker = new ChangeTracker(storedState());
    const file = path.join(dir, 'snapshot.json');
    const objectKeysMs = await longestPieceMs(undefined, tracker, file);
    const trackerKeysMs = await longestPieceMs(table => tracker.tableKeys(table), tracker, file);
    return { objectKeysMs, trackerKeysMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
