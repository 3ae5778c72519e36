// A body read from a file: `< ./sale.json` in a request file (REST Client's and httpYac's
// syntax) sends that file's content as the body. Its path is relative to the request file's
// folder, as an editor's relative link is, so a folder of request files and bodies runs the
// same from the CLI, from VS Code and from CI wherever it is checked out. It must be inside the
// root its front end gives (bodyFileRoot.ts decides), and it is read through the real path that
// decision checked.
import * as fs from 'node:fs';
import { requestFileText } from '../codecs/textFileDecoding';
import { bodyFileRefusal, confineBodyFile, errnoWords, type BodyFilePlace } from './bodyFileRoot';

/** The body file's text; throws a BodyFileError whose message says which file and what to do. */
export type BodyFileReader = (written: string) => string;

/** A body file that cannot be read: a problem with the request file's input, not a failure of ours. */
export class BodyFileError extends Error {}

/** A body the gateway would refuse long before this; a guard against naming a disk image. */
const MAX_BODY_FILE_BYTES = 32 * 1024 * 1024;

/** A body file that can be read: its real path (inside its root), how big, when it last changed. */
interface BodyFileFound {
  file: string;
  size: number;
  mtimeMs: number;
}

/** Why a body file cannot be read; `missing`: nothing is there (a file the editor may create); `outside`: it is outside its root. */
interface BodyFileProblem {
  problem: string;
  missing?: true;
  outside?: true;
}

const tooLarge = (file: string, size: number): string => `${file} is ${(size / 1024 / 1024).toFixed(0)} MB, more than a request body can be (${MAX_BODY_FILE_BYTES / 1024 / 1024} MB)`;
const notAFile = (file: string): string => `${file} is not a file (a device, a pipe or a socket)`;

/**
 * The body file `written` of a request file at `place` (undefined: not saved to disk), or why it
 * cannot be read (the message sending gives). No read, and nothing at all outside the root: the
 * language server asks this of every body file of a document at each publish of its diagnostics.
 */
export function bodyFileStat(place: BodyFilePlace | undefined, written: string): BodyFileFound | BodyFileProblem {
  const confined = confineBodyFile(place, written);
  if (!confined.ok) return { problem: confined.problem, ...(confined.outside ? { outside: confined.outside } : {}) };
  const { resolved, real } = confined;
  let stat: fs.Stats | undefined;
  try {
    // A missing file answered without an exception: the editor asks for every body file of a file at each publish.
    stat = fs.statSync(real, { throwIfNoEntry: false });
  } catch (err) {
    return { problem: bodyFileRefusal(written, `${resolved}: ${errnoWords(err)}`) };
  }
  if (!stat) return { problem: bodyFileRefusal(written, `${resolved}: ${errnoWords({ code: 'ENOENT' })}`), missing: true };
  if (stat.isDirectory()) return { problem: bodyFileRefusal(written, `${resolved} is a folder; name a file in it`) };
  if (!stat.isFile()) return { problem: bodyFileRefusal(written, notAFile(resolved)) };
  if (stat.size > MAX_BODY_FILE_BYTES) return { problem: bodyFileRefusal(written, tooLarge(resolved, stat.size)) };
  return { file: real, size: stat.size, mtimeMs: stat.mtimeMs };
}

// Opened through the real path that was checked, never following a link there (a file swapped
// for a link since is refused by the open), and without waiting on a pipe put in its place. A
// folder on that path swapped for a link in the instant between check and open is not caught:
// only a process running beside us could do that, and it could read the file itself.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);

/** The bytes of a body file bodyFileStat found; throws (an fs error, or one saying why) when it is no longer a file it may read. */
export function readFoundBodyFile(found: BodyFileFound): Buffer {
  const fd = fs.openSync(found.file, OPEN_FLAGS);
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new Error(notAFile(found.file));
    if (stat.size > MAX_BODY_FILE_BYTES) throw new Error(tooLarge(found.file, stat.size));
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Reads body files for the request files at `place` (undefined for a request file not saved yet: it reads none). */
export function bodyFileReader(place: BodyFilePlace | undefined): BodyFileReader {
  return (written) => {
    const found = bodyFileStat(place, written);
    if ('problem' in found) throw new BodyFileError(found.problem);
    try {
      return requestFileText(readFoundBodyFile(found));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new BodyFileError(bodyFileRefusal(written, code ? `${found.file}: ${errnoWords(err)}` : (err as Error).message));
    }
  };
}
