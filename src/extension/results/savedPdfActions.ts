// What the "Saved …" notification of a PDF offers: "Open" hands the file to the system's viewer,
// "Reveal" shows it in the OS's file manager.
import * as vscode from 'vscode';

export function offerSavedPdf(target: vscode.Uri, title: string): void {
  void Promise.resolve(vscode.window.showInformationMessage(`Saved ${title} to ${target.fsPath}.`, 'Open', 'Reveal')).then((picked) => {
    if (picked === 'Open') void vscode.env.openExternal(target);
    if (picked === 'Reveal') void vscode.commands.executeCommand('revealFileInOS', target);
  });
}
