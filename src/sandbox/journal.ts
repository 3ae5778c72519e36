// Durable changes: one journal record per change, appended to `<data file>.journal` and on disk
// (O_DSYNC) before the answer that reports the change is sent. Records that arrive while a write
// is on its way go out together in the next write (group commit), so many clients share one
// disk flush. When the journal has grown past twice the snapshot, the state is written as a new
// snapshot and the journal starts over, so a write costs the size of its change, amortised.
//
// A record is one line: `<hash> {"s":<seq>,"c":[changes]}`; zeros after the last one are space
// claimed ahead. The hash tells a line cut short by a crash (never acknowledged: its write had
// not returned) from one that is whole; a cut line can only be the last, and is dropped.
// Sequence numbers let a snapshot say which records it holds.

import { createHash } from 'node:crypto';
import { constants as fsConstants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { applyChanges, type Change, type ChangeTracker } from './changeTracking';
import { DataFileError, parseWithoutPrototypes, saveStateAtomically, snapshotText, syncDirectory } from './persistence';
import type { SandboxState } from './state';

/** The journal never waits for more than this before a snapshot, however small the state. */
const MIN_COMPACT_BYTES = 4 * 1024 * 1024;
/**
 * The journal's space is claimed ahead in zeros, this much at a time: a durable write that does
 * not grow the file has no size to record, and takes about half as long (measured 2.1 ms
 * against 3.7–5 ms on ext4). Reading stops at the first zero byte where a record would start.
 */
const PREALLOCATE_BYTES = 1024 * 1024;

export function journalFileOf(dataFile: string): string {
  return `${dataFile}.journal`;
}

function hashOf(json: string): string {
  return createHash('sha1').update(json).digest('hex').slice(0, 12);
}

interface Deferred { promise: Promise<void>; resolve(): void; reject(e: Error): void }

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Whoever waits sees the failure; nobody waiting is not an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

interface Replayed { lastSeq: number; applied: number; droppedBytes: number }

/**
 * Applies the records after `afterSeq` to `state`. A torn last line is cut off the file; a bad
 * line with whole lines after it means the file was damaged, and stops the start.
 */
export async function replayJournal(dataFile: string, state: SandboxState, afterSeq: number): Promise<Replayed> {
  const file = journalFileOf(dataFile);
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { lastSeq: afterSeq, applied: 0, droppedBytes: 0 };
    throw new DataFileError(`Cannot read the sandbox journal ${file}: ${(e as Error).message}.`);
  }
  let offset = 0;
  let lastSeq = afterSeq;
  let applied = 0;
  let badAt: { line: number; offset: number } | undefined;
  let line = 0;
  while (offset < bytes.length && bytes[offset] !== 0) {
    const end = bytes.indexOf(0x0a, offset);
    line++;
    const record = end === -1 ? undefined : parseRecord(bytes.subarray(offset, end).toString('utf8'));
    if (!record) {
      badAt ??= { line, offset };
      if (end === -1) break;
    } else if (badAt) {
      throw new DataFileError(
        `The sandbox journal ${file} is damaged at line ${badAt.line} (whole records follow it, so it is not an interrupted write). ` +
        'Move the data file and its journal away to start with a fresh sandbox.');
    } else {
      if (record.s > lastSeq) {
        applyChanges(state, record.c);
        lastSeq = record.s;
        applied++;
      }
    }
    offset = end === -1 ? bytes.length : end + 1;
  }
  const claimedFrom = badAt ? bytes.indexOf(0, badAt.offset) : -1;
  const droppedBytes = badAt ? (claimedFrom === -1 ? bytes.length : claimedFrom) - badAt.offset : 0;
  if (badAt) await fs.truncate(file, badAt.offset);
  return { lastSeq, applied, droppedBytes };
}

function parseRecord(text: string): { s: number; c: Change[] } | undefined {
  const space = text.indexOf(' ');
  if (space === -1) return undefined;
  const json = text.slice(space + 1);
  if (hashOf(json) !== text.slice(0, space)) return undefined;
  try {
    const record = parseWithoutPrototypes(json) as { s: number; c: Change[] };
    return typeof record.s === 'number' && Array.isArray(record.c) ? record : undefined;
  } catch {
    return undefined;
  }
}

export class Journal {
  private queue: string[] = [];
  private group: Deferred | undefined;
  /** Settles (never rejects) when the last record taken so far is written or has failed. */
  private pending: Promise<void> | undefined;
  private writing: Promise<void> | undefined;
  /** Where the next record goes: the end of the whole records. */
  private bytes = 0;
  private allocated = 0;
  private compactAt = MIN_COMPACT_BYTES;

  private constructor(private readonly dataFile: string, private readonly tracker: ChangeTracker<SandboxState>,
    private handle: fs.FileHandle, private seq: number, private readonly log: (line: string) => void) {}

  /** Writes a snapshot of the state as it is (holding records up to `seq`), then starts an empty journal. */
  static async start(dataFile: string, tracker: ChangeTracker<SandboxState>, seq: number, log: (line: string) => void): Promise<Journal> {
    const snapshot = snapshotText(tracker.raw, seq);
    await saveStateAtomically(dataFile, snapshot);
    // O_DSYNC: each write returns once its data is on disk, in one call instead of write + fdatasync.
    const flags = fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC | fsConstants.O_DSYNC;
    const handle = await fs.open(journalFileOf(dataFile), flags, 0o600);
    const journal = new Journal(dataFile, tracker, handle, seq, log);
    // As after any snapshot: a large state is not written again after only 4 MB of changes.
    journal.compactAt = Math.max(MIN_COMPACT_BYTES, 2 * snapshot.length);
    await journal.startOver();
    await syncDirectory(path.dirname(dataFile));
    return journal;
  }

  /** Empties the journal and claims its first stretch of space. */
  private async startOver(): Promise<void> {
    await this.handle.truncate(0);
    this.bytes = 0;
    this.allocated = 0;
    await this.claim(PREALLOCATE_BYTES);
    await this.handle.sync();
  }

  private async claim(bytes: number): Promise<void> {
    await this.handle.write(Buffer.alloc(bytes), 0, bytes, this.allocated);
    this.allocated += bytes;
  }

  /**
   * Records what changed since the last call. The promise settles once the change (and every
   * change before it) is on disk; `undefined` when there is nothing to wait for.
   */
  commit(): Promise<void> | undefined {
    // Reads wait for what is pending; a failed write is answered by the requests that made it.
    if (!this.tracker.changed) return this.pending;
    const seq = ++this.seq;
    const json = JSON.stringify({ s: seq, c: this.tracker.take() });
    this.queue.push(`${hashOf(json)} ${json}\n`);
    this.group ??= deferred();
    const mine = this.group.promise;
    const settled = mine.then(() => undefined, () => undefined);
    this.pending = settled;
    void settled.then(() => {
      if (this.pending === settled) this.pending = undefined;
    });
    this.writing ??= this.writeLoop();
    return mine;
  }

  private async writeLoop(): Promise<void> {
    while (this.queue.length > 0) {
      const text = Buffer.from(this.queue.join(''));
      const group = this.group!;
      this.queue = [];
      this.group = undefined;
      try {
        if (this.bytes + text.length > this.allocated) await this.claim(Math.max(PREALLOCATE_BYTES, text.length));
        await this.handle.write(text, 0, text.length, this.bytes);
        this.bytes += text.length;
        group.resolve();
      } catch (e) {
        // Zero whatever part of the group reached the file, so later records follow whole ones.
        await this.handle.write(Buffer.alloc(text.length), 0, text.length, this.bytes).catch(() => undefined);
        group.reject(new DataFileError(`Could not save to the sandbox journal ${journalFileOf(this.dataFile)}: ${(e as Error).message}.`));
      }
      if (this.bytes >= this.compactAt) {
        await this.compact().catch(e => this.log(`Could not write the sandbox data file ${this.dataFile}: ${(e as Error).message}.`));
      }
    }
    this.writing = undefined;
  }

  private async compact(): Promise<void> {
    const text = snapshotText(this.tracker.raw, this.seq);
    await saveStateAtomically(this.dataFile, text);
    await this.startOver();
    this.compactAt = Math.max(MIN_COMPACT_BYTES, 2 * text.length);
  }

  /** Saves what is pending, writes a final snapshot and closes the journal. */
  async close(): Promise<void> {
    void this.commit(); // awaited just below, through this.writing
    while (this.writing) await this.writing;
    try {
      await this.compact();
      // Stopped cleanly: everything is in the snapshot, no space needs claiming.
      await this.handle.truncate(0);
    } finally {
      await this.handle.close();
    }
  }
}
