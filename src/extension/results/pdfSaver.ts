// A PDF result is not shown as text: it is saved where the user chooses, then offered to open.
// A statement holds merchant data, so the dialog proposes a folder outside the project (the
// user's Downloads folder, else the extension's own storage: statementFolder.ts), and a folder
// picked inside a git work tree is confirmed first (a modal: one Enter away from a commit).
// With the `gatewayWorkbench.documentsFolder` setting, it is saved there without a dialog (for
// scripted runs and tests, where no dialog can be answered): the user chose that folder once.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { decodePercentSafely } from '../../core/codecs/percentDecoding';
import type { GatewayResult } from '../../core/answers/result';
import { offerSavedPdf } from './savedPdfActions';
import { downloadsFolder, gitWorkTreeOf } from './statementFolder';

/** The file name from `Content-Disposition: attachment; filename="…"`, made safe for a path. */
function fileNameOf(result: GatewayResult, fallback: string): string {
  const header = result.headers['content-disposition'];
  const text = Array.isArray(header) ? header.join(';') : header ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(text);
  const name = match ? decodePercentSafely(match[1]) : fallback;
  return name.replace(/[\\/:*?"<>|\r\n]/g, '_') || fallback;
}

/** `storage` is the extension's global storage: the default when there is no Downloads folder. */
export async function savePdf(result: GatewayResult, title: string, storage: vscode.Uri): Promise<vscode.Uri | undefined> {
  const name = fileNameOf(result, `${title.replace(/\W+/g, '-')}.pdf`);
  const configured = configuredFolder(vscode.workspace.workspaceFolders?.[0]?.uri);
  if (configured) await vscode.workspace.fs.createDirectory(configured);
  const target = configured ? vscode.Uri.joinPath(configured, name) : await askWhere(name, title, storage);
  if (!target) return undefined;
  await vscode.workspace.fs.writeFile(target, result.rawBody);
  offerSavedPdf(target, title);
  return target;
}

/** The save dialog, starting outside the project; a pick inside a git work tree is confirmed. */
async function askWhere(name: string, title: string, storage: vscode.Uri): Promise<vscode.Uri | undefined> {
  const downloads = downloadsFolder();
  const folder = downloads ? vscode.Uri.file(downloads) : storage;
  if (!downloads) await vscode.workspace.fs.createDirectory(storage);
  const target = await vscode.window.showSaveDialog({
    title: `Where to save the PDF (${title})`,
    defaultUri: vscode.Uri.joinPath(folder, name),
    filters: { PDF: ['pdf'] },
  });
  if (!target || target.scheme !== 'file') return target;
  const workTree = gitWorkTreeOf(path.dirname(target.fsPath));
  if (!workTree) return target;
  const saveAnyway = 'Save Anyway';
  const picked = await vscode.window.showWarningMessage(
    `${path.dirname(target.fsPath)} is inside the git work tree ${workTree}; a statement holds merchant data — save anyway?`,
    { modal: true, detail: 'A file saved there is one "git add ." away from a commit. Downloads or a folder outside the project is safer.' },
    saveAnyway,
  );
  return picked === saveAnyway ? target : undefined;
}

/** The `gatewayWorkbench.documentsFolder` setting as a folder URI: absolute, or relative to the workspace. */
function configuredFolder(workspaceFolder: vscode.Uri | undefined): vscode.Uri | undefined {
  const setting = vscode.workspace.getConfiguration('gatewayWorkbench').get<string>('documentsFolder', '').trim();
  if (!setting) return undefined;
  if (/^([a-zA-Z]:)?[\\/]/.test(setting)) return vscode.Uri.file(setting);
  return workspaceFolder ? vscode.Uri.joinPath(workspaceFolder, setting) : undefined;
}
