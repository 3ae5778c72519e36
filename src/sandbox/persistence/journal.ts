// Durable changes: one journal record per change, appended to `<data file>.journal` and on disk
// (O_DSYNC) before the answer that reports the change is sent. Records that arrive while a write
// is on its way go out together in the next write (group commit), so many clients share one
// disk flush. When the journal has grown past twice the snapshot, the state is written as a new
// snapshot, so a write costs the size of its change, amortised.
//
// The snapshot is written in slices while requests go on being served (snapshotWriter.ts), so
// the journal goes on too: when a snapshot begins, new records go to a new segment file
// (`<data file>.journal.1`, `.2`, …), and the snapshot holds every record of the older ones.
// Once it is on disk the older segments are removed and the newest is renamed back to
// `<data file>.journal`. Recovery applies the segments in order, after the snapshot's last
// record: a crash mid-snapshot leaves the old snapshot and every segment, which hold it all.
//
// Records and their sequence numbers are described in journalFormat.ts; reading them back at
// start, and telling a crash's torn tail from damage, in journalReplay.ts.

import { constants as fsConstants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ChangeTracker } from './changeTracking';
import { failedWritesLine, journalFileOf, recordLine, segmentFileOf, segmentsOf } from './journalFormat';
import { DataFileError, saveAtomically, syncDirectory } from './persistence';
import { writeSnapshotSliced } from './snapshotWriter';
import type { SandboxState } from '../domain/state';

/** The journal never waits for more than this before a snapshot, however small the state. */
const MIN_COMPACT_BYTES = 4 * 1024 * 1024;
/**
 * The journal's space is claimed ahead in zeros, this much at a time: a durable write that does
 * not grow the file has no size to record. PERF(bench/sandboxDurability.ts) Records never hold
 * a zero byte, so the first one ends them.
 */
const PREALLOCATE_BYTES = 1024 * 1024;
/**
 * The zeros that claim space, made once, not a new 1 MB Buffer.alloc at each claim (every new
 * segment, so every snapshot). PERF(bench/sandboxStored.ts) The writes only read it.
 */
let zeros: Buffer | undefined;

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

interface JournalOptions {
  /**
   * Journal bytes that start a snapshot. Default: twice the last snapshot, at least 4 MB.
   * Benches and tests set it low to have snapshots written while they watch.
   */
  snapshotAfterBytes?: number;
}

// O_DSYNC: each write returns once its data is on disk, in one call instead of write + fdatasync.
const SEGMENT_FLAGS = fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC | fsConstants.O_DSYNC;

export class Journal {
  private queue: string[] = [];
  private group: Deferred | undefined;
  /** Settles (never rejects) when the last record taken so far is written or has failed. */
  private pending: Promise<void> | undefined;
  private writing: Promise<void> | undefined;
  /** The snapshot being written, if any; records go on to the active segment meanwhile. */
  private snapshotting: Promise<void> | undefined;
  /** Where the next record goes in the active segment: the end of its whole records. */
  private bytes = 0;
  private allocated = 0;
  private compactAt = MIN_COMPACT_BYTES;
  /** The last record on disk (or failed): a snapshot begun now holds every record up to it. */
  private writtenSeq: number;
  /** The last record on disk: after failed writes, the next one says that it follows this one. */
  private chainEnd: number;

  private constructor(private readonly dataFile: string, private readonly tracker: ChangeTracker<SandboxState>,
    private handle: fs.FileHandle, private segment: number, private seq: number,
    private readonly log: (line: string) => void, private readonly options: JournalOptions) {
    this.writtenSeq = seq;
    this.chainEnd = seq;
  }

  /**
   * Writes a snapshot of the state as it is (holding records up to `seq`) and starts an empty
   * journal. Records go to a new segment from the start, so the segments a crash left stay
   * until the snapshot that holds them is on disk.
   */
  static async start(dataFile: string, tracker: ChangeTracker<SandboxState>, seq: number, log: (line: string) => void, options: JournalOptions = {}): Promise<Journal> {
    const existing = await segmentsOf(dataFile);
    const segment = existing.length ? existing[existing.length - 1] + 1 : 0;
    const handle = await fs.open(segmentFileOf(dataFile, segment), SEGMENT_FLAGS, 0o600);
    const journal = new Journal(dataFile, tracker, handle, segment, seq, log, options);
    await journal.claim(PREALLOCATE_BYTES);
    await syncDirectory(path.dirname(dataFile));
    await journal.snapshot(seq);
    return journal;
  }

  private async claim(bytes: number): Promise<void> {
    zeros ??= Buffer.alloc(PREALLOCATE_BYTES);
    for (let claimed = 0; claimed < bytes;) {
      const length = Math.min(zeros.length, bytes - claimed);
      await this.writeWhole(zeros, length, this.allocated + claimed);
      claimed += length;
    }
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
    this.queue.push(recordLine(json));
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
      const group = this.group!;
      // Every queued record has a sequence number up to this one.
      const upTo = this.seq;
      const first = upTo - this.queue.length + 1;
      // After failed writes, a record first that says which ones are missing, and why that is no damage.
      const text = Buffer.from(first === this.chainEnd + 1 ? this.queue.join('') : failedWritesLine(first - 1, this.chainEnd) + this.queue.join(''));
      this.queue = [];
      this.group = undefined;
      try {
        if (this.bytes + text.length > this.allocated) await this.claim(Math.max(PREALLOCATE_BYTES, text.length));
        await this.writeWhole(text, text.length, this.bytes);
        this.bytes += text.length;
        this.chainEnd = upTo;
        group.resolve();
      } catch (e) {
        // Zero whatever part of the group reached the file, so later records follow whole ones.
        await this.handle.write(Buffer.alloc(text.length), 0, text.length, this.bytes).catch(() => undefined);
        group.reject(new DataFileError(`Could not save to the sandbox journal ${segmentFileOf(this.dataFile, this.segment)}: ${(e as Error).message}.`));
      }
      this.writtenSeq = upTo;
      if (!this.snapshotting && this.bytes >= (this.options.snapshotAfterBytes ?? this.compactAt)) {
        try {
          await this.nextSegment();
          this.snapshotting = this.snapshot(upTo)
            .catch(e => this.log(`Could not write the sandbox data file ${this.dataFile}: ${(e as Error).message}.`))
            .finally(() => {
              this.snapshotting = undefined;
            });
        } catch (e) {
          this.log(`Could not start a new sandbox journal segment next to ${this.dataFile}: ${(e as Error).message}.`);
        }
      }
    }
    this.writing = undefined;
  }

  /**
   * Writes `length` bytes of `buffer` at `position`, or fails: a write the disk takes only in part
   * (full, or past a file size limit) returns without an error, and must not be acknowledged.
   */
  private async writeWhole(buffer: Buffer, length: number, position: number): Promise<void> {
    const { bytesWritten } = await this.handle.write(buffer, 0, length, position);
    if (bytesWritten !== length) throw new Error(`only ${bytesWritten} of ${length} bytes could be written at byte ${position} (is the disk full?)`);
  }

  /** From now on records go to a new segment; the ones before it are all written. */
  private async nextSegment(): Promise<void> {
    const segment = this.segment + 1;
    const handle = await fs.open(segmentFileOf(this.dataFile, segment), SEGMENT_FLAGS, 0o600);
    const previous = this.handle;
    this.handle = handle;
    this.segment = segment;
    this.bytes = 0;
    this.allocated = 0;
    try {
      await this.claim(PREALLOCATE_BYTES);
      // The new file's name must survive a crash before a record in it is acknowledged.
      await syncDirectory(path.dirname(this.dataFile));
    } finally {
      await previous.close();
    }
  }

  /**
   * Writes a snapshot holding every record up to `upTo` (the older segments), without
   * holding the thread; then removes the older segments and makes the active one the journal.
   * After a failure the segments stay, and the next snapshot folds them in.
   */
  private async snapshot(upTo: number): Promise<void> {
    const bytes = await saveAtomically(this.dataFile, handle => writeSnapshotSliced(handle, this.tracker.raw, upTo, table => this.tracker.tableKeys(table)));
    for (const older of await segmentsOf(this.dataFile)) {
      if (older < this.segment) await fs.rm(segmentFileOf(this.dataFile, older), { force: true });
    }
    if (this.segment !== 0) {
      await fs.rename(segmentFileOf(this.dataFile, this.segment), journalFileOf(this.dataFile));
      this.segment = 0;
    }
    await syncDirectory(path.dirname(this.dataFile));
    this.compactAt = Math.max(MIN_COMPACT_BYTES, 2 * bytes);
  }

  /** Saves what is pending, writes a final snapshot and closes the journal. */
  async close(): Promise<void> {
    void this.commit(); // awaited just below, through this.writing
    while (this.writing || this.snapshotting) {
      await this.writing;
      await this.snapshotting;
    }
    try {
      await this.snapshot(this.writtenSeq);
      // Stopped cleanly: everything is in the snapshot, no space needs claiming.
      if (this.segment === 0) await this.handle.truncate(0);
    } finally {
      await this.handle.close();
    }
  }
}
