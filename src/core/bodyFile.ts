// A body read from a file: `< ./sale.json` in a request file (REST Client's and httpYac's
// syntax) sends that file's content as the body. Its path is relative to the request file's
// folder, as an editor's relative link is, so a folder of request files and bodies runs the
// same from the CLI, from VS Code and from CI wherever it is checked out.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { requestFileText } from './textFileDecoding';

/** The body file's text; throws a BodyFileError whose message says which file and what to do. */
export type BodyFileReader = (written: string) => string;

/** A body file that cannot be read: a problem with the request file's input, not a failure of ours. */
export class BodyFileError extends Error {}

/** A body the gateway would refuse long before this; a guard against naming a disk image. */
const MAX_BODY_FILE_BYTES = 32 * 1024 * 1024;

const NOT_READABLE: Record<string, string> = {
  ENOENT: 'it does not exist',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a folder on its path is a file',
};

/** `why` as the message a body file that cannot be read gets: which file, what is wrong, what to do. */
const refusal = (written: string, why: string): string => `cannot read the body file "${written}": ${why}`;

const notReadable = (file: string, err: unknown): string => `${file}: ${NOT_READABLE[(err as NodeJS.ErrnoException).code ?? ''] ?? (err as Error).message}`;

/** A body file that can be read: where it is, how big, when it last changed. */
interface BodyFileFound {
  file: string;
  size: number;
  mtimeMs: number;
}

/**
 * The body file `written` of a request file in `folder`, or why it cannot be read (the message
 * sending gives). One stat, no read: the language server asks this of every body file of a
 * document at each publish of its diagnostics. `missing`: nothing is there (a file the editor may create).
 */
export function bodyFileStat(folder: string | undefined, written: string): BodyFileFound | { problem: string; missing?: true } {
  if (!path.isAbsolute(written) && folder === undefined) {
    return { problem: refusal(written, 'its path is relative to the request file, which is not saved to disk: save it first, or write an absolute path') };
  }
  const file = path.resolve(folder ?? '', written);
  let stat: fs.Stats | undefined;
  try {
    // A missing file answered without an exception: the editor asks for every body file of a file at each publish.
    stat = fs.statSync(file, { throwIfNoEntry: false });
  } catch (err) {
    return { problem: refusal(written, notReadable(file, err)) };
  }
  if (!stat) return { problem: refusal(written, `${file}: ${NOT_READABLE.ENOENT}`), missing: true };
  if (stat.isDirectory()) return { problem: refusal(written, `${file} is a folder; name a file in it`) };
  if (stat.size > MAX_BODY_FILE_BYTES) return { problem: refusal(written, `${file} is ${(stat.size / 1024 / 1024).toFixed(0)} MB, more than a request body can be (${MAX_BODY_FILE_BYTES / 1024 / 1024} MB)`) };
  return { file, size: stat.size, mtimeMs: stat.mtimeMs };
}

/** Why the body file `written` cannot be read (bodyFileStat's problem), or undefined when it can. */
export function bodyFileProblem(folder: string | undefined, written: string): string | undefined {
  const found = bodyFileStat(folder, written);
  return 'problem' in found ? found.problem : undefined;
}

/**
 * Reads body files for the request files of `folder` (undefined for a request file not saved
 * yet, which can still name an absolute path).
 */
export function bodyFileReader(folder: string | undefined): BodyFileReader {
  return (written) => {
    const found = bodyFileStat(folder, written);
    if ('problem' in found) throw new BodyFileError(found.problem);
    const { file } = found;
    try {
      return requestFileText(fs.readFileSync(file));
    } catch (err) {
      throw new BodyFileError(refusal(written, notReadable(file, err)));
    }
  };
}
