// A folder that arrives whole — moved or renamed into the workspace, unpacked elsewhere and moved
// in — brings the file watcher one event, for the folder, and none for the files inside it; a
// folder deleted whole, likewise (VS Code drops the events of a deleted folder's children). A
// `**/*.gwreq` watcher therefore never hears of those files. This watcher hears every path's
// creation and deletion, and reports the folders among the created ones (after a short pause, so
// that a burst of events — a checkout, a build, a copy — is looked at once: only its top-most
// paths, since a folder's search covers everything created below it) and every deleted path.
import * as vscode from 'vscode';

/** Paths whose events are never about request files a user keeps. */
const IGNORED = /[\\/](node_modules|\.git)([\\/]|$)/;
const SETTLE_MS = 200;

/** The created paths with no ancestor among the created ones: a copied tree costs one stat, not one per path. */
function topMost(created: Map<string, vscode.Uri>): vscode.Uri[] {
  return [...created.values()].filter((uri) => {
    for (let parent = vscode.Uri.joinPath(uri, '..'); parent.path !== '/'; parent = vscode.Uri.joinPath(parent, '..')) {
      if (created.has(parent.toString())) return false;
    }
    return true;
  });
}

export function watchWholeFolders(
  skip: (uri: vscode.Uri) => boolean,
  onFolderCreated: (folder: vscode.Uri) => void,
  onDeleted: (uri: vscode.Uri) => void,
): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher('**', false, true, false);
  const pending = new Map<string, vscode.Uri>();
  let timer: NodeJS.Timeout | undefined;
  const settle = async (): Promise<void> => {
    timer = undefined;
    const created = topMost(pending);
    pending.clear();
    for (const uri of created) {
      const stat = await vscode.workspace.fs.stat(uri).then((s) => s, () => undefined);
      if (stat && stat.type & vscode.FileType.Directory) onFolderCreated(uri);
    }
  };
  const relevant = (uri: vscode.Uri): boolean => uri.scheme === 'file' && !IGNORED.test(uri.path) && !skip(uri);
  return vscode.Disposable.from(
    watcher,
    watcher.onDidCreate((uri) => {
      if (!relevant(uri)) return;
      pending.set(uri.toString(), uri);
      timer ??= setTimeout(() => void settle(), SETTLE_MS);
    }),
    watcher.onDidDelete((uri) => {
      if (relevant(uri)) onDeleted(uri);
    }),
    { dispose: () => clearTimeout(timer) },
  );
}
