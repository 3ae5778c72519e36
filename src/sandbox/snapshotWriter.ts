// Writes a snapshot of the whole state without holding the sandbox's thread: the JSON text is
// made in slices of about a millisecond, each written to the temp file before the next starts,
// so requests are served between slices. One JSON.stringify of the whole state took ~0.6 s at
// 100k stored transactions, all of it one block.
//
// The state keeps changing while the slices are made, so the text is "fuzzy": each stored
// record is read whole (one JSON.stringify, between two requests), but records are read at
// different moments. That is enough because the journal saves whole records: the snapshot
// names the last journal record written before it began (`journalSeq`), and recovery applies
// every record after that one, each setting a record to its value at that time. A record the
// snapshot read later than `journalSeq` is set again by those records, in order, to its last
// value; a record it did not change since is as the snapshot read it.

import { performance } from 'node:perf_hooks';
import type { FileHandle } from 'node:fs/promises';
import type { SandboxState } from './state';

/** Longest a slice may take before it is written and the thread is let go. */
const SLICE_MS = 1;
/** A slice is written once it fills this buffer, whatever the time. */
const SLICE_BYTES = 256 * 1024;
/** How many pieces are made between two looks at the time (a piece is one stored record or less). */
const PIECES_PER_CHECK = 8;
/**
 * Containers shallower than a stored record (state → slices → module → collection) are written
 * entry by entry; a record and everything in it is one JSON.stringify. The journal saves
 * records at this depth, so a record is never read half before and half after a change.
 */
const SPLIT_DEPTH = 4;

type Obj = Record<string, unknown>;

function isPlainContainer(v: unknown): v is Obj | unknown[] {
  return typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

/** The JSON text of `value` in pieces; joined, the same text JSON.stringify makes. */
/** Lists a table's keys (the containers at TABLE_DEPTH); Object.keys unless the caller keeps them. */
type TableKeys = (table: object) => Iterable<string>;

/** `slices.cards.transactions`: one below a stored record, where the 100k-entry tables are. */
const TABLE_DEPTH = SPLIT_DEPTH - 1;

function* jsonPieces(value: unknown, depth: number, tableKeys: TableKeys): Generator<string, void, undefined> {
  if (depth >= SPLIT_DEPTH || !isPlainContainer(value)) {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    // The length read now: an array that changes meanwhile is saved again by the journal.
    const length = value.length;
    for (let i = 0; i < length; i++) {
      if (i > 0) yield ',';
      yield* jsonPieces(value[i], depth + 1, tableKeys);
    }
    yield ']';
    return;
  }
  const keys = depth === TABLE_DEPTH ? tableKeys(value) : Object.keys(value);
  yield '{';
  let first = true;
  for (const key of keys) {
    const entry = value[key];
    // As JSON.stringify: keys without a JSON value are left out (and one removed meanwhile).
    if (entry === undefined || !Object.prototype.hasOwnProperty.call(value, key) || typeof entry === 'function' || typeof entry === 'symbol') continue;
    yield first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`;
    first = false;
    yield* jsonPieces(entry, depth + 1, tableKeys);
  }
  yield '}';
}

async function writeWhole(handle: FileHandle, buffer: Buffer, length: number): Promise<void> {
  for (let offset = 0; offset < length;) {
    const { bytesWritten } = await handle.write(buffer, offset, length - offset);
    offset += bytesWritten;
  }
}

/**
 * Writes the snapshot text of `state` (holding the journal's records up to `journalSeq`) to
 * `handle`, a slice at a time, each slice's write awaited before the next is made. The text
 * is encoded into one reused buffer: a new buffer per slice is memory outside the heap that
 * the garbage collector only gives back in a full collection, and made them more frequent.
 * `tableKeys` lists the big tables' keys without an array of all of them (ChangeTracker.tableKeys).
 * Returns the number of bytes written.
 */
export async function writeSnapshotSliced(handle: FileHandle, state: SandboxState, journalSeq: number,
  tableKeys: TableKeys = Object.keys): Promise<number> {
  const pieces = jsonPieces({ ...state, journalSeq }, 0, tableKeys);
  const buffer = Buffer.allocUnsafe(SLICE_BYTES);
  let bytes = 0;
  for (;;) {
    let used = 0;
    let done = false;
    const deadline = performance.now() + SLICE_MS;
    for (let n = 1; ; n++) {
      const next = pieces.next();
      if (next.done) {
        done = true;
        break;
      }
      const piece = next.value;
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      if (used + 3 * piece.length > buffer.length) {
        await writeWhole(handle, buffer, used);
        bytes += used;
        used = 0;
        if (3 * piece.length > buffer.length) {
          const alone = Buffer.from(piece);
          await writeWhole(handle, alone, alone.length);
          bytes += alone.length;
          continue;
        }
      }
      used += buffer.write(piece, used);
      if (n % PIECES_PER_CHECK === 0 && performance.now() >= deadline) break;
    }
    if (used > 0) await writeWhole(handle, buffer, used);
    bytes += used;
    if (done) return bytes;
  }
}
