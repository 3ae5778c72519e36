// A `.env` file, read as REST Client and the dotenv package read one (dotenv's own parser): for
// `{{$dotenv NAME}}` (outsideValues.ts). On its own because it brings a third-party module: the
// extension reaches it through its runtime bundle, never the activation bundle.
import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { parse as parseDotenv } from 'dotenv';

/** A `.env` file where one is looked for: its values when it was read, or why it could not be. */
export interface DotenvFile {
  path: string;
  /** Undefined when there is no such file (or it could not be read: `problem`). */
  values?: ReadonlyMap<string, string>;
  problem?: string;
}

/** Larger than any `.env` a person writes: a bigger one is not read (a stranger's repository could hold anything). */
const MAX_DOTENV_BYTES = 1024 * 1024;

/** The `.env` file at `file`, parsed by dotenv's own parser; a missing file is no problem. */
export function readDotenvFile(file: string): DotenvFile {
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return { path: file, problem: 'it is not a file' };
    if (stat.size > MAX_DOTENV_BYTES) return { path: file, problem: `it is larger than ${MAX_DOTENV_BYTES / 1024 / 1024} MB` };
    // Own properties only, into a Map: names come from the file.
    return { path: file, values: new Map(Object.entries(parseDotenv(readFileSync(file)))) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { path: file };
    return { path: file, problem: (err as Error).message };
  }
}

/** The `.env` files of a request file, in the order they are read: beside it, then at `root` (each once). */
export function dotenvPlaces(requestFileFolder: string | undefined, root: string | undefined): string[] {
  const places = [requestFileFolder, root].filter((p): p is string => p !== undefined).map((folder) => path.join(path.resolve(folder), '.env'));
  return [...new Set(places)];
}

