// Where the journal's records live and how each one is written, for the writer (journal.ts) and
// the reader (journalReplay.ts) alike.
//
// A record is one line: `<hash> {"s":<seq>,"c":[changes]}`. The hash tells a line cut short by a
// crash from a whole one; the sequence numbers follow one another without a gap, across
// segments, so a record lost or moved anywhere shows. After writes that failed (answered with an
// error, so never acknowledged), the next write begins with a record that says so:
// `{"s":<seq of the last failed record>,"c":[],"after":<seq of the last record written>}`.

import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Change } from './changeTracking';
import { parseWithoutPrototypes } from './persistence';

export interface JournalRecord {
  s: number;
  c: Change[];
  /** Only on the record that follows failed writes: the last record written before them. */
  after?: number;
}

export function journalFileOf(dataFile: string): string {
  return `${dataFile}.journal`;
}

/** Segment 0 is the journal itself; later ones take records while a snapshot is written. */
export function segmentFileOf(dataFile: string, segment: number): string {
  return segment === 0 ? journalFileOf(dataFile) : `${journalFileOf(dataFile)}.${segment}`;
}

/** The journal segments on disk, oldest first. */
export async function segmentsOf(dataFile: string): Promise<number[]> {
  const base = path.basename(journalFileOf(dataFile));
  let names: string[];
  try {
    names = await fs.readdir(path.dirname(dataFile));
  } catch {
    return [];
  }
  const segments: number[] = [];
  for (const name of names) {
    if (name === base) segments.push(0);
    else if (name.startsWith(`${base}.`) && /^[1-9][0-9]{0,8}$/.test(name.slice(base.length + 1))) segments.push(Number(name.slice(base.length + 1)));
  }
  return segments.sort((a, b) => a - b);
}

function hashOf(json: string): string {
  return createHash('sha1').update(json).digest('hex').slice(0, 12);
}

/** The line of one record, given as its JSON text. */
export function recordLine(json: string): string {
  return `${hashOf(json)} ${json}\n`;
}

/** The line that stands for failed writes: records `after` + 1 to `seq` are not in the journal. */
export function failedWritesLine(seq: number, after: number): string {
  return recordLine(JSON.stringify({ s: seq, c: [], after }));
}

/** The record of one line (without its newline); undefined when it is not a whole record. */
export function parseRecordLine(text: string): JournalRecord | undefined {
  const space = text.indexOf(' ');
  if (space === -1) return undefined;
  const json = text.slice(space + 1);
  if (hashOf(json) !== text.slice(0, space)) return undefined;
  try {
    const record = parseWithoutPrototypes(json) as JournalRecord;
    const afterOk = record.after === undefined || (Number.isSafeInteger(record.after) && record.after < record.s);
    return Number.isSafeInteger(record.s) && Array.isArray(record.c) && afterOk ? record : undefined;
  } catch {
    return undefined;
  }
}
