// Where the keys are kept, said where they are typed. In a browser-hosted VS Code (code-server,
// vscode.dev) the secret storage, and the folders trusted, are the browser profile's: another
// browser, a private window or a cleared profile does not have them, which a user of the desktop
// editor would not expect.
import * as vscode from 'vscode';

/** A sentence to add to a key's prompt, or '' outside a browser-hosted VS Code. */
export function keyStorageNote(): string {
  if (vscode.env.uiKind !== vscode.UIKind.Web) return '';
  return ' In this browser-hosted VS Code, keys (and the folders you trust) are kept in this browser\'s profile: another browser or a cleared profile will not have them.';
}
