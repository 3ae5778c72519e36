// The workspace folders the editor told the server of (at initialize, then in
// workspace/didChangeWorkspaceFolders), as paths on this disk. A request file's body files must be
// inside the one that holds it (bodyFiles.ts), as the extension requires when it sends them; a
// folder that is not on this disk (a virtual workspace) holds nothing the server could read.
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** By uri, as the editor names them (a removal names the same uri). */
const folders = new Map<string, string>();

function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;   // a file uri naming another host (file://server/share)
  }
}

/** The editor's workspace folders now: `added` (uris) come, `removed` go. */
export function changeWorkspaceFolders(added: readonly string[], removed: readonly string[] = []): void {
  for (const uri of removed) folders.delete(uri);
  for (const uri of added) {
    const folder = pathOf(uri);
    if (folder !== undefined) folders.set(uri, folder);
  }
}

/** The innermost workspace folder that holds `file` (as VS Code's getWorkspaceFolder picks one), or undefined. */
export function workspaceFolderOf(file: string): string | undefined {
  let found: string | undefined;
  for (const folder of folders.values()) {
    const relative = path.relative(folder, file);
    const inside = relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
    if (inside && (found === undefined || folder.length > found.length)) found = folder;
  }
  return found;
}
