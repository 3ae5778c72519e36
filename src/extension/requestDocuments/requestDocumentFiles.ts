// Where the request documents that commands open live: small files in the extension's global
// storage (`requests/sale-1.gwreq`), not untitled buffers. An untitled buffer is dirty from its
// first line, so every operation left one behind and closing the window asked to save them all;
// a file the user has not changed closes silently, and one they changed asks as any file does.
// Files of earlier sessions (a day old) are removed at activation.
import * as vscode from 'vscode';

const KEEP_MS = 24 * 60 * 60 * 1000;

/** `Update terminal settings` → `update-terminal-settings`. */
function fileSlug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'request';
}

export class RequestDocumentFiles {
  private count = 0;

  constructor(private readonly dir: vscode.Uri) {}

  /** Writes `content` to a new file named after `title` and returns its uri. */
  async create(title: string, content: string): Promise<vscode.Uri> {
    await vscode.workspace.fs.createDirectory(this.dir);
    for (;;) {
      this.count += 1;
      const uri = vscode.Uri.joinPath(this.dir, `${fileSlug(title)}-${this.count}.gwreq`);
      const taken = await vscode.workspace.fs.stat(uri).then(() => true, () => false);
      if (taken) continue;
      await vscode.workspace.fs.writeFile(uri, Buffer.from(content, 'utf8'));
      return uri;
    }
  }

  /** Removes request files older than a day (another window may still use newer ones). */
  async removeOld(now = Date.now()): Promise<void> {
    const entries = await vscode.workspace.fs.readDirectory(this.dir).then((e) => e, () => []);
    for (const [name, type] of entries) {
      if (type !== vscode.FileType.File || !name.endsWith('.gwreq')) continue;
      const uri = vscode.Uri.joinPath(this.dir, name);
      const stat = await vscode.workspace.fs.stat(uri).then((s) => s, () => undefined);
      if (stat && now - stat.mtime > KEEP_MS) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
    }
  }
}
