// The files the editor says were created, changed or deleted (workspace/didChangeWatchedFiles),
// as a question the server asks of each body file a document names: did this one change? An
// `npm install` reports thousands of files at once; the answer costs one set lookup per folder
// above the body file, however many were reported, so documents are re-checked only when one of
// their own body files is among them.

import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Paths as the file system compares them: Windows' and macOS's ignore case by default. */
const comparable: (file: string) => string = process.platform === 'win32' || process.platform === 'darwin' ? (file) => file.toLowerCase() : (file) => file;

/**
 * Whether an absolute path is one of `uris` or inside one of them: a folder deleted, created or
 * renamed arrives as one event for the folder, not one per file in it.
 */
export function changedFiles(uris: readonly string[]): (file: string) => boolean {
  const changed = new Set<string>();
  for (const uri of uris) {
    if (!uri.startsWith('file:')) continue;
    try {
      changed.add(comparable(path.resolve(fileURLToPath(uri))));
    } catch {
      // A file on another host (file://server/share): no body file of ours is there.
    }
  }
  return (file) => {
    if (changed.size === 0) return false;
    for (let at = comparable(file); ; at = path.dirname(at)) {
      if (changed.has(at)) return true;
      if (path.dirname(at) === at) return false;
    }
  };
}
