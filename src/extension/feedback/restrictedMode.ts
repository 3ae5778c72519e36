// Restricted Mode (an untrusted workspace): requests go to the Local sandbox only (core's
// allowedInWorkspace), and with them the body files they read, the current settings a compare
// reads, and code generation, which would carry a request file's choices out of the editor. Each
// refusal is said the same way, with the button that lets the user trust the folder.
import * as vscode from 'vscode';
import { allowedInWorkspace } from '../../core/protection/guardPolicy';

const MANAGE_TRUST = 'Manage Workspace Trust';

/** Whether this window may send to `env` (any environment in a trusted workspace; the Local sandbox only in Restricted Mode). */
export function mayReach(env: { builtIn: boolean }): boolean {
  return allowedInWorkspace(env, vscode.workspace.isTrusted);
}

/** Says what Restricted Mode did not do (`message`), with a button that opens Manage Workspace Trust. */
export function showRestrictedMode(message: string): void {
  void vscode.window.showWarningMessage(message, MANAGE_TRUST).then((choice) => {
    if (choice === MANAGE_TRUST) void vscode.commands.executeCommand('workbench.trust.manage');
  });
}
