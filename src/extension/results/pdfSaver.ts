// A PDF result is not shown as text: it is saved where the user chooses, then offered to open
// with the system's viewer or to reveal.
// With the `gatewayWorkbench.documentsFolder` setting, it is saved there without a dialog (for
// scripted runs and tests, where no dialog can be answered).
import * as vscode from 'vscode';
import { decodePercentSafely } from '../../core/codecs/percentDecoding';
import type { GatewayResult } from '../../core/answers/result';

/** The file name from `Content-Disposition: attachment; filename="…"`, made safe for a path. */
function fileNameOf(result: GatewayResult, fallback: string): string {
  const header = result.headers['content-disposition'];
  const text = Array.isArray(header) ? header.join(';') : header ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(text);
  const name = match ? decodePercentSafely(match[1]) : fallback;
  return name.replace(/[\\/:*?"<>|\r\n]/g, '_') || fallback;
}

export async function savePdf(result: GatewayResult, title: string): Promise<vscode.Uri | undefined> {
  const name = fileNameOf(result, `${title.replace(/\W+/g, '-')}.pdf`);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const configured = configuredFolder(folder);
  if (configured) await vscode.workspace.fs.createDirectory(configured);
  const target = configured ? vscode.Uri.joinPath(configured, name) : await vscode.window.showSaveDialog({
    title: `Where to save the PDF (${title})`,
    defaultUri: folder ? vscode.Uri.joinPath(folder, name) : vscode.Uri.file(name),
    filters: { PDF: ['pdf'] },
  });
  if (!target) return undefined;
  await vscode.workspace.fs.writeFile(target, result.rawBody);
  // A PDF read as text is noise: "Open" hands it to the system's viewer, "Reveal" shows the file.
  void Promise.resolve(vscode.window.showInformationMessage(`Saved ${title} to ${target.fsPath}.`, 'Open', 'Reveal')).then((picked) => {
    if (picked === 'Open') void vscode.env.openExternal(target);
    if (picked === 'Reveal') void vscode.commands.executeCommand('revealFileInOS', target);
  });
  return target;
}

/** The `gatewayWorkbench.documentsFolder` setting as a folder URI: absolute, or relative to the workspace. */
function configuredFolder(workspaceFolder: vscode.Uri | undefined): vscode.Uri | undefined {
  const setting = vscode.workspace.getConfiguration('gatewayWorkbench').get<string>('documentsFolder', '').trim();
  if (!setting) return undefined;
  if (/^([a-zA-Z]:)?[\\/]/.test(setting)) return vscode.Uri.file(setting);
  return workspaceFolder ? vscode.Uri.joinPath(workspaceFolder, setting) : undefined;
}
