// "Gateway: Send All Requests": runs a request file top to bottom through the run engine under
// one cancellable progress notification ("Request k of n"), carries on past a failure (a request
// that reads a failed one's answer is skipped, naming it), shows the last response and ends with
// a summary ("4 passed" / "3 passed, 1 failed: …").
// With no request document in front (the walkthrough's button) it asks which file: requestFileToSend.ts.
import * as vscode from 'vscode';
import { registerCommand, type CommandLog } from '../commands/commandRunner';
import type { RegisterCommand } from '../commands/lazyCommands';
import { runAll } from '../../core/runner';
import { COMMANDS, REQUEST_LANGUAGE_ID } from '../contracts';
import type { KeptOutcome } from './requestSessions';
import { openDocumentRun, type DocumentRunDeps } from './documentRun';
import { runSummary } from './runOutcomeText';
import { sendAllNotification } from '../feedback/notificationRules';
import { showVerdict } from '../feedback/outcomePresenter';
import { requestFileToSend } from './requestFileToSend';

export function registerSendAll(deps: DocumentRunDeps, log: CommandLog, register: RegisterCommand = registerCommand): vscode.Disposable {
  const sendAll = async (uri?: vscode.Uri | string): Promise<readonly KeptOutcome[] | undefined> => {
    const active = vscode.window.activeTextEditor?.document;
    // No request document in front (the walkthrough's button): the user picks one, or the examples.
    const target = uri ?? (active?.languageId === REQUEST_LANGUAGE_ID ? active.uri : await requestFileToSend());
    if (!target) return undefined;
    const run = await openDocumentRun(deps, target);
    if (!run) return undefined;
    const count = run.file.requests.length;
    if (count === 0) {
      void vscode.window.showErrorMessage(`${run.doc.fileName} has no request to send: write one like "GET {{gatewayUrl}}/rest/v2/transactions".`);
      return undefined;
    }
    const abort = new AbortController();
    const outcomes = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Send All on ${run.env.name}`, cancellable: true },
      (progress, token) => {
        token.onCancellationRequested(() => abort.abort());
        let sent = 0;
        return runAll(run.options({
          showResultOf: () => false,
          retry: (i) => void vscode.commands.executeCommand(COMMANDS.sendRequestAt, run.doc.uri, i, run.env.name),
          beforeSend: (prepared) => progress.report({ message: `Request ${++sent} of ${count}: ${prepared.label}`, increment: 100 / count }),
          signal: abort.signal,
          progress,
        }));
      },
    );
    run.record(outcomes);
    const last = [...outcomes].reverse().find((o) => o.result);
    if (last?.result) {
      const origin = { uri: run.doc.uri.toString(), requestIndex: last.index, ...(run.file.requests[last.index]?.name ? { name: run.file.requests[last.index].name } : {}) };
      await deps.exchange.presenter.show(last.result, { title: last.label, environmentName: run.env.name, origin }).catch(() => undefined);
    }
    const summary = runSummary(outcomes, run.secrets);
    const allPassed = outcomes.every((o) => o.state === 'passed');
    if (allPassed) void vscode.window.showInformationMessage(`Send All: ${summary}.`);
    else showVerdict(sendAllNotification(summary, outcomes, run), deps.exchange.log);
    return deps.sessions.lastRun(run.doc.uri.toString());
  };
  return register(COMMANDS.sendAll, sendAll, log);
}
