// A file a command writes to as it runs (run's --output report, proxy's --recording), checked
// before the command does anything else: a file it could not write to must stop it before it
// sends a request, not after. Nothing already there is lost by the check.

import { accessSync, constants, openSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { UsageError } from './cliCommand';

interface FileOption {
  /** The option that names the file, for the advice: `--output`. */
  option: string;
  /** A file name to suggest inside a folder given by mistake: `report.xml`. */
  example: string;
}

/** What to do about each code opening the file fails with; the rest keep Node's message. */
const WHY_NOT: Record<string, (file: string, o: FileOption) => string> = {
  ENOENT: (file, o) => `its folder ${path.dirname(path.resolve(file))} does not exist; create it first or choose another ${o.option}`,
  EISDIR: (file, o) => `it is a folder; name a file in it, such as ${path.join(file, o.example)}`,
  EACCES: (_file, o) => `no permission to write there; choose another ${o.option}`,
  EPERM: (_file, o) => `no permission to write there; choose another ${o.option}`,
  EROFS: (_file, o) => `it is on a read-only file system; choose another ${o.option}`,
  ENOSPC: (_file, o) => `the disk is full; free some space or choose another ${o.option}`,
  ENOTDIR: (file, o) => `part of its folder ${path.dirname(path.resolve(file))} is a file, not a folder; choose another ${o.option}`,
};

/** Why `file` cannot be written, in words a user can act on. */
export function whyNotWritable(file: string, err: NodeJS.ErrnoException, o: FileOption): string {
  const why = err.code === undefined ? undefined : WHY_NOT[err.code];
  return why ? why(file, o) : err.message;
}

function refused(file: string, refusal: string, err: unknown, o: FileOption): UsageError {
  return new UsageError(`${refusal} ${file}: ${whyNotWritable(file, err as NodeJS.ErrnoException, o)}`);
}

/**
 * `file` opened for appending (created when missing, nothing in it lost), or a usage error
 * starting with `refusal` (`cannot write the report to`) that says what to do.
 */
export function openToAppend(file: string, refusal: string, o: FileOption): number {
  try {
    return openSync(file, 'a');
  } catch (err) {
    throw refused(file, refusal, err, o);
  }
}

/**
 * Refuses, as openToAppend would, a `file` that could not be appended to, without creating it:
 * for a command that may still fail before it writes anything (a port already in use).
 */
export function checkAppendable(file: string, refusal: string, o: FileOption): void {
  try {
    const found = statSync(file, { throwIfNoEntry: false });
    if (found?.isDirectory()) throw Object.assign(new Error(`${file} is a folder`), { code: 'EISDIR' });
    if (found) {
      accessSync(file, constants.W_OK);
      return;
    }
    const folder = path.dirname(path.resolve(file));
    if (!statSync(folder).isDirectory()) throw Object.assign(new Error(`${folder} is not a folder`), { code: 'ENOTDIR' });
    accessSync(folder, constants.W_OK);
  } catch (err) {
    throw refused(file, refusal, err, o);
  }
}
