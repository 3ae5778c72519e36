// Reading the journal back at start: the records after the snapshot's `journalSeq`, from every
// segment, oldest first, applied to the snapshot's state.
//
// A crash can only cut short the last write, and it was never acknowledged (it had not
// returned): what it leaves is a last line without its newline, then nothing but the zeros of
// space claimed ahead. That line is dropped. Anything else that is not whole records in sequence
// is damage — a record changed, zeroed, removed or moved, bytes in the space claimed ahead, a
// sequence number that does not follow — and stops the start: what follows the damage may be
// acknowledged changes, and starting without them would lose them and hand their ids out again.

import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { applyChanges } from './changeTracking';
import { journalFileOf, parseRecordLine, segmentFileOf, segmentsOf, type JournalRecord } from './journalFormat';
import { DataFileError } from './persistence';
import type { SandboxState } from '../domain/state';

const NEWLINE = 0x0a;

interface Replayed {
  /** The last record the state now holds: the snapshot's, or the journal's last. */
  lastSeq: number;
  applied: number;
  /** The length of a last record cut short by a crash, dropped. */
  droppedBytes: number;
}

/** Where a segment is being read, for an error that names it. */
interface Place { dataFile: string; file: string; offset: number; line: number }

/** The records read so far, across segments. */
interface Chain {
  /** The snapshot holds every record up to this one. */
  readonly snapshotSeq: number;
  /** The sequence number of the last record read; undefined before the first. */
  last: number | undefined;
  applied: number;
}

/**
 * Applies the records after `afterSeq` of every segment, oldest first, to `state`; throws a
 * DataFileError naming the file, the byte and the record where the journal is damaged.
 */
export async function replayJournal(dataFile: string, state: SandboxState, afterSeq: number): Promise<Replayed> {
  const chain: Chain = { snapshotSeq: afterSeq, last: undefined, applied: 0 };
  let droppedBytes = 0;
  for (const segment of await segmentsOf(dataFile)) {
    droppedBytes += await replaySegment(dataFile, segmentFileOf(dataFile, segment), state, chain);
  }
  return { lastSeq: Math.max(afterSeq, chain.last ?? afterSeq), applied: chain.applied, droppedBytes };
}

/** Applies one segment's records; returns the length of a torn last line it dropped. */
async function replaySegment(dataFile: string, file: string, state: SandboxState, chain: Chain): Promise<number> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw new DataFileError(`Cannot read the sandbox journal ${file}: ${(e as Error).message}.`);
  }
  // Records hold no zero byte: the first one ends them, and claimed space is zeros to the end.
  const zeroAt = bytes.indexOf(0);
  const recordsEnd = zeroAt === -1 ? bytes.length : zeroAt;
  const place: Place = { dataFile, file, offset: 0, line: 1 };
  while (place.offset < recordsEnd) {
    const newline = bytes.indexOf(NEWLINE, place.offset);
    const whole = newline !== -1 && newline < recordsEnd;
    const lineEnd = whole ? newline : recordsEnd;
    const record = parseRecordLine(bytes.toString('utf8', place.offset, lineEnd));
    if (!record && whole) throw damaged(place, `record ${expectedNext(chain)} should be here, but this line is not a whole record (its checksum does not match)`);
    if (!record) {
      // A line cut short, as a crash leaves the last write: only zeros may follow it.
      checkClaimedSpace(bytes, recordsEnd, place, chain);
      return recordsEnd - place.offset;
    }
    follow(chain, record, place);
    if (record.s > chain.snapshotSeq) {
      applyChanges(state, record.c);
      chain.applied++;
    }
    place.offset = whole ? newline + 1 : recordsEnd;
    place.line++;
  }
  checkClaimedSpace(bytes, recordsEnd, place, chain);
  return 0;
}

function expectedNext(chain: Chain): number {
  return (chain.last ?? chain.snapshotSeq) + 1;
}

/**
 * Checks that `record` comes next: right after the one before it (or after the failed writes it
 * stands for), and, the first time it is one the snapshot does not hold, right after the snapshot.
 */
function follow(chain: Chain, record: JournalRecord, place: Place): void {
  const follows = record.after ?? record.s - 1;
  const expected = expectedNext(chain);
  if (chain.last === undefined ? record.s > chain.snapshotSeq && follows > chain.snapshotSeq : follows !== chain.last) {
    const since = chain.last === undefined ? `, right after the last one the data file holds (${chain.snapshotSeq})` : '';
    throw damaged(place, record.after === undefined
      ? `record ${expected} should be here${since}, but this is record ${record.s}`
      : `record ${expected} should be here${since}, but this record says the one before it is record ${record.after}`);
  }
  chain.last = record.s;
}

/**
 * Space claimed ahead is zeros to the end of the file; a byte that is not is damage. `from` is
 * where the zeros begin: where the line at `place` begins, or where it was cut short.
 */
function checkClaimedSpace(bytes: Buffer, from: number, place: Place, chain: Chain): void {
  for (let i = from; i < bytes.length; i++) {
    if (bytes[i] === 0) continue;
    const here = from === place.offset ? `record ${expectedNext(chain)} should begin here` : `record ${expectedNext(chain)} here is cut short at byte ${from}`;
    throw damaged(place, `${here}, but after the zeros from byte ${from} more data follows, at byte ${i}`);
  }
}

function damaged(place: Place, what: string): DataFileError {
  const journals = `${path.basename(journalFileOf(place.dataFile))}*`;
  return new DataFileError(
    `The sandbox journal ${place.file} is damaged at byte ${place.offset} (line ${place.line}): ${what}. ` +
    'The records from here on may hold acknowledged changes; starting without them would lose them and hand their ids out again, so the Local sandbox does not start. ' +
    `Restore ${place.dataFile} and its journal files (${journals}) from a backup, or move them away to start with a fresh sandbox (new state and keys).`);
}
