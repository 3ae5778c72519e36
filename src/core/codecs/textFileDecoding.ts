// The text of a file we read from disk: a request file read by the command line, a body file
// (`< ./sale.json`) read by any run. They are UTF-8, but Windows PowerShell 5.1 writes `>`
// redirections as UTF-16 (and some editors save "Unicode" so): read as UTF-8 such a file is
// every other byte NUL and fails to parse on every line. A file starting with a UTF-16 byte order
// mark is decoded as UTF-16 instead. (In VS Code the editor decodes request files itself.)

import { TextDecoder } from 'node:util';

/** The encoding a file's first bytes name: a UTF-16 byte order mark, else UTF-8. */
function encodingOf(start: Uint8Array): 'utf-16le' | 'utf-16be' | 'utf-8' {
  if (start[0] === 0xff && start[1] === 0xfe) return 'utf-16le';
  if (start[0] === 0xfe && start[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/**
 * A streaming decoder for a request file whose first chunk is `first` (at least two bytes, or
 * the whole file): characters cut by a chunk's end are held until the next chunk completes them.
 * The byte order mark itself is dropped.
 */
export function requestFileDecoder(first: Uint8Array): TextDecoder {
  return new TextDecoder(encodingOf(first));
}

/** The whole file's text. */
export function requestFileText(bytes: Uint8Array): string {
  return requestFileDecoder(bytes).decode(bytes);
}
