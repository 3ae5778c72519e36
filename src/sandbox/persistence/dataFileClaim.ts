// One Local sandbox per data file. Two on one file (two terminals, two VS Code windows, whose
// extension hosts share the global storage) would each hand out the same transaction ids and
// overwrite each other's journal and snapshots: at the next start half of what both had
// acknowledged would be gone. A sandbox claims its data file with `FILE.lock`, created only if
// absent, naming its process; a claim whose process is gone (kill -9, a crash) is taken over.

import { open, readFile, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { DataFileError } from './persistence';

/** The code of the error a claimed data file is refused with (kept across the worker boundary). */
const DATA_FILE_IN_USE = 'EDATAFILEINUSE';

interface ClaimHolder { pid: number; hostname: string; token: string }

export interface DataFileClaim {
  /** Lets go of the file, if the claim is still this one's. */
  release(): Promise<void>;
}

const claimFileOf = (dataFile: string): string => `${dataFile}.lock`;

/** Whether process `pid` on this machine is running (EPERM: it is, and belongs to someone else). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function holderOf(lock: string): Promise<ClaimHolder | undefined> {
  try {
    const held = JSON.parse(await readFile(lock, 'utf8')) as Partial<ClaimHolder>;
    return typeof held.pid === 'number' && typeof held.hostname === 'string' && typeof held.token === 'string' ? held as ClaimHolder : undefined;
  } catch {
    return undefined;   // gone since, or not a claim of ours: nothing holds the file through it
  }
}

function inUse(dataFile: string, holder: ClaimHolder): DataFileError {
  const who = holder.pid === process.pid && holder.hostname === hostname() ? `this process, ${holder.pid}` :
    holder.hostname === hostname() ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.hostname}`;
  const error = new DataFileError(
    `The sandbox data file ${dataFile} is in use by another Local sandbox (${who}): two sandboxes on one file would hand out the same ids and lose each other's changes. ` +
    `Stop that one, or keep this one's state in another file. (If that process is no Local sandbox, delete ${claimFileOf(dataFile)}.)`);
  return Object.assign(error, { code: DATA_FILE_IN_USE });
}

/**
 * Whether `holder` still holds the file. Another machine's process cannot be asked (a data file
 * on a shared drive), so its claim stands. A claim of this very process was left by a sandbox
 * that stopped without closing (a worker thread that ended): it is taken over.
 */
function stillHeld(holder: ClaimHolder): boolean {
  if (holder.hostname !== hostname()) return true;
  return holder.pid !== process.pid && running(holder.pid);
}

/**
 * The claims this thread holds, by lock file: a second sandbox on the same file in this thread is
 * refused like one in another process. (A claim of this process that no thread here holds was
 * left by a worker thread that ended: stillHeld lets it be taken over.)
 */
const heldHere = new Set<string>();

/** How often a start waiting for the file (`waitMs`) looks again. */
const WAIT_STEP_MS = 100;

/**
 * Claims `dataFile` for this sandbox, or refuses with who holds it, once the holder has kept it
 * for `waitMs` more (0: at once).
 */
export async function claimDataFile(dataFile: string, waitMs = 0): Promise<DataFileClaim> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await claimOnce(dataFile);
    } catch (e) {
      if ((e as { code?: unknown }).code !== DATA_FILE_IN_USE || Date.now() >= deadline) throw e;
      await delay(WAIT_STEP_MS);
    }
  }
}

async function claimOnce(dataFile: string): Promise<DataFileClaim> {
  const lock = resolve(claimFileOf(dataFile));
  const mine: ClaimHolder = { pid: process.pid, hostname: hostname(), token: randomUUID() };
  if (heldHere.has(lock)) throw inUse(dataFile, mine);
  // Twice at most: once more after clearing a claim left behind; losing that race to another
  // sandbox starting at the same moment means it holds the file now.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(lock, 'wx');
      try {
        await file.writeFile(JSON.stringify(mine));
      } finally {
        await file.close();
      }
      heldHere.add(lock);
      return { release: () => release(lock, mine.token) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    // Unreadable for a moment while a sandbox starting at the same moment writes its claim: read again.
    const holder = (await holderOf(lock)) ?? (await delay(50), await holderOf(lock));
    if (holder && stillHeld(holder)) throw inUse(dataFile, holder);
    await unlink(lock).catch((e: NodeJS.ErrnoException) => { if (e.code !== 'ENOENT') throw e; });
  }
  // Lost the race to a sandbox starting at the same moment: it holds the file now.
  throw inUse(dataFile, (await holderOf(lock)) ?? mine);
}

async function release(lock: string, token: string): Promise<void> {
  heldHere.delete(lock);
  if ((await holderOf(lock))?.token !== token) return;   // taken over meanwhile: not ours to remove
  await unlink(lock).catch(() => undefined);
}
