// Current settings ↔ a settings request, in VS Code's diff editor: shown before every settings
// write to a production environment, and on request ("Gateway: Compare with Current Settings")
// anywhere. Both sides are rendered the same way (settingsDocuments.ts), so only values differ.
import * as vscode from 'vscode';
import { registerCommand, type CommandLog } from '../commands/commandRunner';
import { matchOperation } from '../../catalog/match';
import type { Operation } from '../../catalog/types';
import { environmentNamedIn, parseRequestFile, requestIndexAt } from '../../core/requestFile';
import { bodyFilePathFromVariables } from '../../core/runner/variableResolver';
import { COMMANDS, type EnvironmentEntry, type EnvironmentService } from '../contracts';
import { currentSettingsOf, isSettingsWrite, normalizedSettingsBody, settingsBodyText, settingsReadOf } from './settingsDocuments';
import type { RequestSessions } from './requestSessions';
import { loadRuntime } from '../lazy/runtime';
import { documentBodyFiles } from './documentBodyFiles';
import { mayReach, showRestrictedMode } from '../feedback/restrictedMode';

const DIFF_SCHEME = 'gateway-settings-diff';

interface SettingsDiff extends vscode.Disposable {
  /** Opens the diff of `env`'s current settings and `body` for `op`; false when they could not be read. */
  show: (env: EnvironmentEntry, op: Operation, body: string) => Promise<boolean>;
}

export function registerSettingsDiff(environments: EnvironmentService, sessions: RequestSessions, log: CommandLog): SettingsDiff {
  const texts = new Map<string, string>();
  let shown = 0;
  const uriFor = (label: string, text: string): vscode.Uri => {
    shown += 1;
    const uri = vscode.Uri.from({ scheme: DIFF_SCHEME, path: `/${label.replace(/[\\/?#%]/g, '-')}.xml`, query: `n=${shown}` });
    texts.set(uri.toString(), text);
    return uri;
  };

  const show = async (env: EnvironmentEntry, op: Operation, body: string): Promise<boolean> => {
    const read = settingsReadOf(op);
    if (!read) return false;
    await environments.ready(env.name);   // the Local sandbox starts on first use
    const client = await environments.client(env.name);
    const result = await client.send({ operation: read, params: {}, query: {} });
    const current = result.status === 200 ? currentSettingsOf(op, result.parsed) : undefined;
    if (!current) {
      void vscode.window.showWarningMessage(`The current settings of ${env.name} could not be read (${read.title}: ${result.status} ${result.statusText}), so there is nothing to compare with.`);
      return false;
    }
    const left = uriFor(`${env.name} current ${read.title.replace(/^Get /, '')}`, settingsBodyText(op, current, loadRuntime()));
    const right = uriFor(`${op.title} request`, normalizedSettingsBody(op, body, loadRuntime()));
    await vscode.commands.executeCommand('vscode.diff', left, right, `${env.name}: current ↔ ${op.title} (what it changes)`, { preview: true });
    return true;
  };

  const compareAtCursor = async (): Promise<void> => {
    const editor = vscode.window.activeTextEditor;
    const text = editor?.document.getText() ?? '';
    const file = parseRequestFile(text);
    const index = editor ? requestIndexAt(text, file.requests, editor.selection.active.line) : -1;
    const request = file.requests[index];
    const pathname = request?.target.replace(/^\{\{\s*\w+\s*\}\}/, '').replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
    const op = request ? matchOperation(request.method, pathname)?.op : undefined;
    if (!editor || !request || !op || !isSettingsWrite(op)) {
      void vscode.window.showErrorMessage('Put the cursor in a settings create or update request (e.g. "PUT /rest/v2/settings/terminal") to compare it with the current settings.');
      return;
    }
    const name = sessions.targetOf(editor.document.uri.toString()) ?? environmentNamedIn(text);
    const env = (name ? environments.get(name) : undefined) ?? environments.active();
    // The compare reads env's settings with its keys, and the body file: the same rule as sending.
    if (!mayReach(env)) {
      showRestrictedMode(`Restricted Mode: the request was not compared with the current settings of ${env.name}. In an untrusted workspace requests go only to the Local sandbox, and reading ${env.name}'s settings is one; trust this folder to use your own environments.`);
      return;
    }
    let body = request.body?.text ?? '';
    if (request.body?.file) {
      // `< ./terminal.json`: compare the file the request would send, read as sending reads it.
      // Its path's {{…}} filled in as sending fills them: file variables and the environment's URLs.
      const builtins = { gatewayUrl: env.gatewayUrl.replace(/\/+$/, ''), boardingUrl: env.boardingUrl.replace(/\/+$/, '') };
      const path = bodyFilePathFromVariables(request.body.file.path, file.variables, builtins);
      if (!path.ok) {
        void vscode.window.showErrorMessage(`Cannot compare: ${path.message}.`);
        return;
      }
      try {
        body = documentBodyFiles(editor.document.uri, env)(path.path);
      } catch (err) {
        void vscode.window.showErrorMessage(`Cannot compare: ${(err as Error).message}.`);
        return;
      }
    }
    await show(env, op, body);
  };

  const disposable = vscode.Disposable.from(
    vscode.workspace.registerTextDocumentContentProvider(DIFF_SCHEME, { provideTextDocumentContent: (uri) => texts.get(uri.toString()) ?? '' }),
    registerCommand(COMMANDS.compareSettings, compareAtCursor, log),
  );
  return { show, dispose: () => { disposable.dispose(); } };
}
