// Where a downloaded statement goes by default, and whether a folder is inside a git work tree.
// A statement holds merchant data: its default is outside any project (the user's Downloads
// folder, else the extension's own storage), never the workspace where it is one Enter away
// from a commit. Plain Node (no vscode), so the git walk is tested in test/extension-rules.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** `~/Downloads` when it is a folder, else undefined (the caller falls back to its own storage). */
export function downloadsFolder(home = os.homedir()): string | undefined {
  const downloads = path.join(home, 'Downloads');
  try {
    return fs.statSync(downloads).isDirectory() ? downloads : undefined;
  } catch {
    return undefined;
  }
}

/** The git work tree holding `folder` (the nearest ancestor with a `.git` folder or file), or undefined. */
export function gitWorkTreeOf(folder: string): string | undefined {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    // A `.git` file is a linked worktree's or a submodule's pointer: a work tree too.
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}
