// "Gateway: Send Request" (the request under the cursor) and `sendRequestAt` (a request by index,
// from the language server's code lenses): runs the request through the run engine, which first
// sends the named requests it takes `{{name.path}}` values from, then judges its `@expect` lines.
import * as vscode from 'vscode';
import { registerCommand, type CommandLog } from '../commands/commandRunner';
import { parseRequestFile, requestIndexAt } from '../../core/requestFile';
import type { GatewayResult } from '../../core/answers/result';
import { runRequest } from '../../core/runner';
import { presentVerdict } from '../feedback/outcomePresenter';
import { COMMANDS, REQUEST_LANGUAGE_ID } from '../contracts';
import { documentOf, openDocumentRun, type DocumentRunDeps, type SendTarget } from './documentRun';

export type { SendTarget } from './documentRun';

export function registerSendRequest(deps: DocumentRunDeps, log: CommandLog): vscode.Disposable {
  const sendAt = async (uri: vscode.Uri | string, index: number, target?: SendTarget): Promise<GatewayResult | undefined> => {
    const run = await openDocumentRun(deps, uri, target);
    if (!run) return undefined;
    if (!run.file.requests[index]) {
      void vscode.window.showErrorMessage(`There is no request #${index + 1} in ${run.doc.fileName}: write one like "GET {{gatewayUrl}}/rest/v2/transactions" after a "###" line.`);
      return undefined;
    }
    const options = run.options({ showResultOf: (i) => i === index, retry: (i) => void sendAt(run.doc.uri, i, run.env.name), progress: 'notification' });
    const outcomes = await runRequest(options, index);
    run.record(outcomes);
    const last = outcomes.at(-1);
    if (!last || last.index !== index) return undefined;
    presentVerdict(run, outcomes, last, deps.exchange.log);
    return last.result;
  };

  return vscode.Disposable.from(
    registerCommand(COMMANDS.sendRequest, async (uri?: vscode.Uri) => {
      const editor = vscode.window.activeTextEditor;
      const doc = uri ? await documentOf(uri) : editor?.document;
      if (!doc || (doc.languageId !== REQUEST_LANGUAGE_ID && !uri)) {
        void vscode.window.showErrorMessage('Open a gateway request document (.gwreq) and put the cursor in a request, or run an operation to get one.');
        return undefined;
      }
      const line = editor?.document === doc ? editor.selection.active.line : 0;
      const index = requestIndexAt(doc.getText(), parseRequestFile(doc.getText()).requests, line);
      if (index < 0) {
        void vscode.window.showErrorMessage('This document has no request to send: write one like "GET {{gatewayUrl}}/rest/v2/transactions".');
        return undefined;
      }
      return sendAt(doc.uri, index);
    }, log),
    registerCommand(COMMANDS.sendRequestAt, (uri: vscode.Uri | string, index: number, target?: SendTarget) => sendAt(uri, index, target), log),
    vscode.workspace.onDidCloseTextDocument((doc) => deps.sessions.forget(doc.uri.toString())),
  );
}
