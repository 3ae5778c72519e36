// `# @note` (REST Client's): the request asks before it is sent from the editor — a refund, a
// void or a batch close in an environment others share. A modal with one button, as REST Client
// asks; Escape or closing it sends nothing. The production guard still asks its own question after.
import * as vscode from 'vscode';
import type { EnvironmentEntry } from '../contracts';

const SEND = 'Send';

/** Whether the user said to send `title`, marked `# @note` (with `note` as its text, or none), to `env`. */
export async function confirmNotedRequest(title: string, note: string, env: EnvironmentEntry): Promise<boolean> {
  const detail = note === '' ? 'It is marked "# @note": it asks before it is sent.' : note;
  const choice = await Promise.resolve(vscode.window.showWarningMessage(`Send "${title}" to ${env.name}?`, { modal: true, detail }, SEND))
    .catch(() => undefined);   // a dialog that cannot be shown has not said yes
  return choice === SEND;
}
