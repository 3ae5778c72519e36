// The data file (a snapshot of the whole state) and its rules. A crash mid-write must never
// leave a half-written data file, so snapshots go to a temp file in the same directory, are
// fsynced, then renamed over the target (rename is atomic within one file system). Changes
// between snapshots live in the journal next to it (journal.ts).

import { promises as fs } from 'node:fs';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { MAX_CLOCK_AHEAD_MS } from '../domain/clock';
import { STATE_VERSION, type SandboxState } from '../domain/state';

export class DataFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFileError';
  }
}

/**
 * Why a data file (or the journal beside it) cannot be used, saying what to do: the raw error
 * ("ENOENT: no such file or directory, open '…/state.json.journal'") names neither.
 */
export function unusableDataFile(file: string, err: unknown): DataFileError {
  if (err instanceof DataFileError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const folder = path.dirname(path.resolve(file));
  const why =
    code === 'ENOENT' ? `the folder ${folder} does not exist; create it, or keep the data file in a folder that does` :
    code === 'EISDIR' ? 'it is a folder, not a file; move the folder away (the file is created when missing) or keep the state in another file' :
    code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? `this process may not write in ${folder}; keep the data file in a folder it can write to` :
    code === 'ENOSPC' || code === 'EDQUOT' ? 'the disk is full; free some space' :
    (err as Error).message;
  return new DataFileError(`Cannot keep the sandbox's state in ${file}: ${why}.`);
}

/** A loaded snapshot and the last journal record it already holds. */
export interface Snapshot { state: SandboxState; journalSeq: number }

/**
 * JSON.parse with every object made prototype-free: ids from requests index these objects,
 * and `__proto__` or `constructor` must be ordinary (absent) keys, not Object.prototype.
 * (JSON.parse itself makes a `__proto__` key an own property.) The parsed object loses its
 * prototype in place: copying it into `Object.create(null)` made every record a hash table.
 * PERF(bench/sandboxStored.ts)
 */
export function parseWithoutPrototypes(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) Object.setPrototypeOf(value, null);
    return value;
  });
}

/** The saved snapshot, or `undefined` when the file does not exist yet. */
export async function loadState(file: string): Promise<Snapshot | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw unusableDataFile(file, e);
  }
  let parsed: unknown;
  try {
    parsed = parseWithoutPrototypes(text);
  } catch (e) {
    throw new DataFileError(
      `The sandbox data file ${file} is not valid JSON (${(e as Error).message}). ` +
      'Fix it, or move it away to start with a fresh sandbox.');
  }
  const s = parsed as (Partial<SandboxState> & { journalSeq?: unknown }) | null;
  const shapeOk = s !== null && typeof s === 'object' && typeof s.version === 'number' &&
    typeof s.keys?.apiKey === 'string' && typeof s.keys.accessKey === 'string' && typeof s.keys.merchantId === 'string' &&
    typeof s.clockOffsetMs === 'number' && Number.isFinite(s.clockOffsetMs) && typeof s.counters === 'object' && s.counters !== null &&
    typeof s.slices === 'object' && s.slices !== null;
  if (!shapeOk) {
    throw new DataFileError(
      `The sandbox data file ${file} is not a sandbox state (missing version, keys, clockOffsetMs, counters or slices). ` +
      'Point --data at another file, or move this one away.');
  }
  if (Math.abs(s.clockOffsetMs as number) > MAX_CLOCK_AHEAD_MS) {
    throw new DataFileError(
      `The sandbox data file ${file} has clockOffsetMs ${s.clockOffsetMs}, more than 50 years: no valid clock. ` +
      'Set clockOffsetMs to 0 in the file, or move it away to start with a fresh sandbox.');
  }
  if (s.version !== STATE_VERSION) {
    throw new DataFileError(`The sandbox data file ${file} has version ${s.version}; this sandbox reads version ${STATE_VERSION}.`);
  }
  const journalSeq = typeof s.journalSeq === 'number' ? s.journalSeq : 0;
  delete s.journalSeq;
  const state = s as SandboxState;
  state.keys.minted ??= Object.create(null) as SandboxState['keys']['minted'];
  return { state, journalSeq };
}

function tempPrefix(file: string): string {
  return `.${path.basename(file)}.`;
}

/** Temp files a crash left behind (a snapshot being written is never the data file itself). */
export async function removeLeftoverTemps(file: string): Promise<string[]> {
  const dir = path.dirname(file);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const leftovers = names.filter(n => n.startsWith(tempPrefix(file)) && n.endsWith('.tmp'));
  await Promise.all(leftovers.map(n => fs.rm(path.join(dir, n), { force: true })));
  return leftovers;
}

/** Makes a rename or a new file in `dir` durable (its directory entry is on disk too). */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes a new data file through `write`, which gets an open temp file in the same directory;
 * the temp file is fsynced and renamed over `file` only once `write` has finished, so a crash
 * at any moment leaves the old data file or the new one, whole. Returns what `write` returns.
 */
export async function saveAtomically<T>(file: string, write: (handle: fs.FileHandle) => Promise<T>): Promise<T> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `${tempPrefix(file)}${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await fs.open(temp, 'w', 0o600);
    let result: T;
    try {
      result = await write(handle);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
    await syncDirectory(dir);
    return result;
  } catch (e) {
    await fs.rm(temp, { force: true });
    throw e;
  }
}
