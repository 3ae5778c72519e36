// Loading and atomically saving the state file. A crash mid-write must never leave a
// half-written data file, so writes go to a temp file in the same directory, are fsynced,
// then renamed over the target (rename is atomic within one file system).

import { promises as fs } from 'node:fs';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { STATE_VERSION, type SandboxState } from './state';

export class DataFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFileError';
  }
}

/** The saved state, or `undefined` when the file does not exist yet. */
export async function loadState(file: string): Promise<SandboxState | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new DataFileError(`Cannot read the sandbox data file ${file}: ${(e as Error).message}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new DataFileError(
      `The sandbox data file ${file} is not valid JSON (${(e as Error).message}). ` +
      'Fix it, or move it away to start with a fresh sandbox.');
  }
  const s = parsed as Partial<SandboxState> | null;
  const shapeOk = s !== null && typeof s === 'object' && typeof s.version === 'number' &&
    typeof s.keys?.apiKey === 'string' && typeof s.keys.accessKey === 'string' && typeof s.keys.merchantId === 'string' &&
    typeof s.clockOffsetMs === 'number' && typeof s.counters === 'object' && s.counters !== null &&
    typeof s.slices === 'object' && s.slices !== null;
  if (!shapeOk) {
    throw new DataFileError(
      `The sandbox data file ${file} is not a sandbox state (missing version, keys, clockOffsetMs, counters or slices). ` +
      'Point --data at another file, or move this one away.');
  }
  if (s.version !== STATE_VERSION) {
    throw new DataFileError(`The sandbox data file ${file} has version ${s.version}; this sandbox reads version ${STATE_VERSION}.`);
  }
  const state = s as SandboxState;
  state.keys.minted ??= {};
  return state;
}

export async function saveStateAtomically(file: string, state: SandboxState): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const text = JSON.stringify(state, null, 1);
  try {
    const handle = await fs.open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (e) {
    await fs.rm(temp, { force: true });
    throw e;
  }
}

/**
 * Coalesces bursts of mutations into few writes: at most one write in flight and at most one
 * more queued behind it, always of the latest state.
 */
export class PersistScheduler {
  private running: Promise<void> | undefined;
  private again = false;
  private lastError: Error | undefined;

  constructor(private readonly file: string, private readonly snapshot: () => SandboxState,
    private readonly onError: (e: Error) => void) {}

  schedule(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await saveStateAtomically(this.file, this.snapshot());
        this.lastError = undefined;
      } catch (e) {
        this.lastError = e as Error;
        this.onError(new DataFileError(`Could not save the sandbox data file ${this.file}: ${(e as Error).message}.`));
      }
    } while (this.again);
    this.running = undefined;
  }

  /** Waits for pending writes, then writes once more so the file holds the final state. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    await saveStateAtomically(this.file, this.snapshot());
  }

  get error(): Error | undefined {
    return this.lastError;
  }
}
