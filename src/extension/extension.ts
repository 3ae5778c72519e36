// Extension entry point. The commands, tree, environments and result editors arrive with the
// extension issue; until then activation only records that it happened.
import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.window.createOutputChannel('Gateway', { log: true }));
}

export function deactivate(): void {}
