// The seed the Local sandbox was last started from ("Local Sandbox: Start from Seed…"): its reset
// point lives only in the sandbox worker's memory, so it is also kept as a file next to the
// sandbox's data file. A later start of the Local sandbox (a reload, a port change) passes it again,
// so that Reset still goes back to it, and the examples' throwaway sandbox starts from it, so
// that examples reading seeded customers or tokens pass as they would on the Local sandbox.
// What is kept is the sandbox's snapshot of the seed it took (environmentStore.ts): checked, in
// record form, with no key and no full card or account number (the sandbox keeps the last four).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SeedDocument } from '../../sandbox/seeds/seedDocument';

const SEED_FILE = 'local-sandbox.seed.json';

export class LocalSandboxSeed {
  constructor(private readonly storageFolder: string) {}

  private get file(): string {
    return path.join(this.storageFolder, SEED_FILE);
  }

  /** The kept seed's path, when the Local sandbox was started from one. */
  current(): string | undefined {
    return fs.existsSync(this.file) ? this.file : undefined;
  }

  /** Keeps `seed` (one the sandbox took) in place of the one before: written aside, then renamed over it. */
  async keep(seed: SeedDocument): Promise<void> {
    await fs.promises.mkdir(this.storageFolder, { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    await fs.promises.writeFile(temp, JSON.stringify(seed));
    try {
      await fs.promises.rename(temp, this.file);
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  /** No kept seed (a seed that could not be kept: better none than the one before it). Best effort. */
  async forget(): Promise<void> {
    await fs.promises.rm(this.file, { force: true }).catch(() => undefined);
  }
}
