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

import { monotonicMs } from '../../core/http/monotonicClock';
import type { FileHandle } from 'node:fs/promises';
import type { SandboxState } from '../domain/state';

/**
 * Longest a slice may take before it is written and the thread is let go. A slice shares its
 * turn of the event loop with whatever else is ready then (a request, its answer, a young-
 * generation collection), and the whole turn is what blocks. PERF(bench/sandboxStored.ts)
 */
const SLICE_MS = 0.25;
/** A slice is written once it fills this buffer, whatever the time. */
const SLICE_BYTES = 256 * 1024;
/** How many records are written between two looks at the time. */
const RECORDS_PER_CHECK = 4;
/**
 * Containers shallower than a stored record (state → slices → module → collection) are written
 * entry by entry; a record and everything in it is one JSON.stringify. The journal saves
 * records at this depth, so a record is never read half before and half after a change.
 */
const SPLIT_DEPTH = 4;
/** `slices.cards.transactions`: one below a stored record, where the 100k-entry tables are. */
const TABLE_DEPTH = SPLIT_DEPTH - 1;

type Obj = Record<string, unknown>;

/** Lists a table's keys (the containers at TABLE_DEPTH); Object.keys unless the caller keeps them. */
type TableKeys = (table: object) => Iterable<string>;

function isPlainContainer(v: unknown): v is Obj | unknown[] {
  return typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

/** A container being written: its entries so far, and how to get the next. */
interface Frame {
  value: Obj | unknown[];
  depth: number;
  /** An object's keys; undefined for an array. */
  keys: Iterator<string> | undefined;
  /** An array's next index and its length when it was opened (one that changes meanwhile is saved again by the journal). */
  index: number;
  length: number;
  first: boolean;
  /** The entry nextEntry found: its key (objects only) and value. */
  key: string | undefined;
  entry: unknown;
}

/**
 * The JSON text of a value, written into a buffer a bounded amount at a time; the text is the
 * one JSON.stringify makes. It is written straight from an explicit stack of the open containers,
 * with two strings per stored record (its key's text and its own) and none for the punctuation: the generator this replaces
 * resumed five nested generators per piece and made three strings and their iterator results per
 * record. PERF(bench/sandboxStored.ts)
 */
class JsonText {
  private readonly stack: Frame[] = [];
  /** Text that did not fit in the buffer, written first into the next one; then the value it was the key of. */
  private pending: string | undefined;
  private pendingValue: { value: unknown; depth: number } | undefined;
  private started = false;

  constructor(private readonly root: unknown, private readonly tableKeys: TableKeys) {}

  get done(): boolean {
    return this.started && this.stack.length === 0 && !this.stalled;
  }

  /** Whether the buffer had no room for what comes next: it is left waiting for the next one. */
  private get stalled(): boolean {
    return this.pending !== undefined || this.pendingValue !== undefined;
  }

  /** Text that must go out alone: longer than a whole buffer can hold. */
  takeOversized(capacity: number): string | undefined {
    const text = this.pending;
    if (text === undefined || 3 * text.length <= capacity) return undefined;
    this.pending = undefined;
    return text;
  }

  /**
   * Writes into `buffer` from its start until it is full, `deadline` has passed or the text has
   * ended; returns where it stopped. Every write is checked for room first (UTF-8 takes at most
   * 3 bytes per UTF-16 unit): Buffer.write silently drops what does not fit.
   */
  fill(buffer: Buffer, deadline: number): number {
    let used = 0;
    if (this.pending !== undefined) {
      if (3 * this.pending.length > buffer.length) return used;
      used += buffer.write(this.pending, used, 'utf8');
      this.pending = undefined;
    }
    if (this.pendingValue !== undefined) {
      const { value, depth } = this.pendingValue;
      this.pendingValue = undefined;
      used = this.open(value, depth, buffer, used);
      if (this.stalled) return used;
    }
    if (!this.started) {
      this.started = true;
      used = this.open(this.root, 0, buffer, used);
      if (this.stalled) return used;
    }
    let records = 0;
    while (this.stack.length > 0) {
      // Room for the punctuation written before a key or value.
      if (used + 2 > buffer.length) return used;
      const frame = this.stack[this.stack.length - 1];
      if (!nextEntry(frame)) {
        used += buffer.write(frame.keys ? '}' : ']', used, 'latin1');
        this.stack.pop();
        continue;
      }
      const { key, entry } = frame;
      if (!frame.first) used += buffer.write(',', used, 'latin1');
      frame.first = false;
      if (key !== undefined) {
        const name = JSON.stringify(key);
        if (used + 3 * name.length + 1 > buffer.length) {
          this.pending = `${name}:`;
          this.pendingValue = { value: entry, depth: frame.depth + 1 };
          return used;
        }
        used += buffer.write(name, used, 'utf8');
        used += buffer.write(':', used, 'latin1');
      }
      used = this.open(entry, frame.depth + 1, buffer, used);
      if (this.stalled) return used;
      if (frame.depth + 1 >= SPLIT_DEPTH && ++records % RECORDS_PER_CHECK === 0 && monotonicMs() >= deadline) return used;
    }
    return used;
  }

  /** Starts a container (pushed, written entry by entry) or writes a value whole. */
  private open(value: unknown, depth: number, buffer: Buffer, used: number): number {
    if (depth < SPLIT_DEPTH && isPlainContainer(value)) {
      if (used + 1 > buffer.length) {
        this.pendingValue = { value, depth };
        return used;
      }
      const array = Array.isArray(value);
      this.stack.push({
        value, depth, first: true, index: 0, length: array ? value.length : 0, key: undefined, entry: undefined,
        keys: array ? undefined : (depth === TABLE_DEPTH ? this.tableKeys(value) : Object.keys(value))[Symbol.iterator](),
      });
      return used + buffer.write(array ? '[' : '{', used, 'latin1');
    }
    const text = JSON.stringify(value) ?? 'null';
    if (used + 3 * text.length > buffer.length) {
      this.pending = text;
      return used;
    }
    return used + buffer.write(text, used, 'utf8');
  }
}

/** Moves to the container's next entry (into frame.key and frame.entry); false at its end. */
function nextEntry(frame: Frame): boolean {
  if (!frame.keys) {
    if (frame.index >= frame.length) return false;
    frame.entry = (frame.value as unknown[])[frame.index++];
    return true;
  }
  const value = frame.value as Obj;
  for (;;) {
    const step = frame.keys.next();
    if (step.done) return false;
    const key = step.value;
    const entry = value[key];
    // As JSON.stringify: keys without a JSON value are left out (and one removed meanwhile).
    if (entry === undefined || !Object.prototype.hasOwnProperty.call(value, key) || typeof entry === 'function' || typeof entry === 'symbol') continue;
    frame.key = key;
    frame.entry = entry;
    return true;
  }
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
 * the garbage collector only gives back in a full collection. PERF(bench/sandboxStored.ts)
 * `tableKeys` lists the big tables' keys without an array of all of them (ChangeTracker.tableKeys).
 * Returns the number of bytes written.
 */
export async function writeSnapshotSliced(handle: FileHandle, state: SandboxState, journalSeq: number,
  tableKeys: TableKeys = Object.keys): Promise<number> {
  const text = new JsonText({ ...state, journalSeq }, tableKeys);
  const buffer = Buffer.allocUnsafe(SLICE_BYTES);
  let bytes = 0;
  while (!text.done) {
    const used = text.fill(buffer, monotonicMs() + SLICE_MS);
    if (used > 0) {
      await writeWhole(handle, buffer, used);
      bytes += used;
    }
    const alone = text.takeOversized(buffer.length);
    if (alone !== undefined) {
      const encoded = Buffer.from(alone);
      await writeWhole(handle, encoded, encoded.length);
      bytes += encoded.length;
    }
  }
  return bytes;
}
