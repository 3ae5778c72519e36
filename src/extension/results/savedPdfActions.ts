// What the "Saved …" notification of a PDF offers. On a desktop VS Code with the files on this
// machine, "Open" hands the file to the system's viewer and "Reveal" shows it in the OS's file
// manager. In a browser-hosted VS Code (code-server, vscode.dev) or a remote window the file is
// on the server: the system's viewer cannot reach it (env.openExternal of a file URI did nothing
// and left the page unresponsive), so "Open" opens it in an editor tab and "Reveal in Explorer"
// shows it in the Explorer when it lies in the workspace.
import * as vscode from 'vscode';

/** Whether the files are out of the system viewer's reach: a browser-hosted or remote window. */
function filesOnAnotherMachine(): boolean {
  return vscode.env.uiKind === vscode.UIKind.Web || vscode.env.remoteName !== undefined;
}

export function offerSavedPdf(target: vscode.Uri, title: string): void {
  const remote = filesOnAnotherMachine();
  const inWorkspace = vscode.workspace.getWorkspaceFolder(target) !== undefined;
  const reveal = remote ? (inWorkspace ? 'Reveal in Explorer' : undefined) : 'Reveal';
  const buttons = ['Open', ...(reveal ? [reveal] : [])];
  void Promise.resolve(vscode.window.showInformationMessage(`Saved ${title} to ${target.fsPath}.`, ...buttons)).then((picked) => {
    if (picked === 'Open') void (remote ? vscode.commands.executeCommand('vscode.open', target) : vscode.env.openExternal(target));
    if (picked === 'Reveal') void vscode.commands.executeCommand('revealFileInOS', target);
    if (picked === 'Reveal in Explorer') void vscode.commands.executeCommand('revealInExplorer', target);
  });
}
