// Reading a seed: from a file (`--seed FILE`) or given as a parsed document (`startSandbox({ seed })`),
// into the state it makes and what a reset goes back to.

import { promises as fs } from 'node:fs';
import { parseWithoutPrototypes } from '../persistence/persistence';
import type { AnyModule } from '../domain/state';
import type { ResetPoint } from '../liveSandbox';
import { SEED_LIMITS, SeedError, type SeedDocument } from './seedDocument';
import { loadSeed, type LoadedSeed } from './seedLoader';

/** The parsed seed file, or a SeedError saying why there is none (path `$` for the file as a whole). */
export async function readSeedFile(file: string): Promise<unknown> {
  let stat;
  try {
    stat = await fs.stat(file);
  } catch (e) {
    throw new SeedError('$', `cannot read the seed file ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (e as Error).message}`);
  }
  if (!stat.isFile()) throw new SeedError('$', `the seed ${file} is not a file`);
  if (stat.size > SEED_LIMITS.fileBytes) throw new SeedError('$', `the seed file ${file} is ${stat.size} bytes; a seed is at most ${SEED_LIMITS.fileBytes}`);
  const text = await fs.readFile(file, 'utf8');
  try {
    return parseWithoutPrototypes(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new SeedError('$', `the seed file ${file} is not JSON: ${(e as Error).message}`);
  }
}

/** What a reset goes back to: the loaded state kept as text, so each reset gets its own copy. */
export function resetPointOf(loaded: LoadedSeed): ResetPoint {
  const text = JSON.stringify({ slices: loaded.slices, counters: loaded.counters });
  return {
    clockMs: loaded.clockMs,
    fresh: () => parseWithoutPrototypes(text) as ReturnType<ResetPoint['fresh']>,
  };
}

/** Loads a seed given as a file path or a document. */
export async function seedFrom(seed: SeedDocument | string, modules: readonly AnyModule[], timeZone: string, merchantId: string): Promise<LoadedSeed> {
  return loadSeed(typeof seed === 'string' ? await readSeedFile(seed) : ownCopy(seed), modules, timeZone, merchantId);
}

/** A document given in memory, copied without prototypes (and so that the caller's later changes are not the seed's). */
export function ownCopy(seed: SeedDocument): unknown {
  let text: string | undefined;
  try {
    text = JSON.stringify(seed);
  } catch (e) {
    throw new SeedError('$', `the seed is not JSON data: ${(e as Error).message}`);
  }
  if (text === undefined) throw new SeedError('$', 'a seed is a JSON object');
  if (text.length > SEED_LIMITS.fileBytes) throw new SeedError('$', `the seed is ${text.length} characters of JSON; a seed is at most ${SEED_LIMITS.fileBytes}`);
  return parseWithoutPrototypes(text);
}
