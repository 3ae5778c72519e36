// OperationRunner (contracts.ts): an operation with a body opens a pre-filled request document
// (sent later with "Gateway: Send Request"); one without a body asks for its parameters and is
// sent at once — as a request document held in memory, run by the same run engine and exchange
// flow as any other (requestDocuments/documentRun.ts), so both send the same headers and get the
// same guard. `onDidSend` fires after every exchange so the tree can refresh what changed.
import * as vscode from 'vscode';
import type { Operation, SampleValue } from '../../catalog/types';
import type { GatewayResult } from '../../core/answers/result';
import {
  REQUEST_LANGUAGE_ID,
  type OperationArgs,
  type OperationRunner,
  type OperationRunnerWithSendEvents,
} from '../contracts';
import { runRequest } from '../../core/runner';
import { inMemoryRun, type DocumentRunDeps } from '../requestDocuments/documentRun';
import { askForMissingParams, askSearchFilters } from './parameterPrompts';
import { requestDocumentText } from '../requestDocuments/requestDocumentText';
import { operationRequestText } from '../requestDocuments/operationRequestText';
import { currentSettingsOf, settingsBodyText, settingsReadOf } from './settingsDocuments';
import type { RequestDocumentFiles } from '../requestDocuments/requestDocumentFiles';
import type { RequestSessions } from '../requestDocuments/requestSessions';
import { requestColumn } from '../results/editorColumns';
import { loadRuntime } from '../lazy/runtime';
import { targetEnvironment } from '../environments/targetEnvironment';

type SendArgs = Parameters<OperationRunner['send']>[1];

export function createOperationRunner(documents: DocumentRunDeps, files: RequestDocumentFiles): OperationRunnerWithSendEvents {
  const deps = documents.exchange;
  const { sessions } = documents;
  const runner: OperationRunnerWithSendEvents = {
    onDidSend: deps.didSend.event,

    async run(op, args = {}) {
      const env = targetEnvironment(deps.environments, args.environmentName);
      if (!env) return undefined;
      if (op.bodyFormat !== 'none') {
        // A path cannot be left as a variable the user may not notice: ask for it now.
        const pathVars = await askForMissingParams(op, args.vars, { pathOnly: true, localSandbox: env.kind === 'local' });
        if (!pathVars) return undefined;
        args = { ...args, vars: pathVars };
        const prefilled = op.group === 'settings' && op.method === 'PUT' && args.body === undefined ? await currentSettingsArgs(runner, op, env.name) : {};
        if (!prefilled) return undefined;
        const { base, ...filled } = prefilled;
        const editor = await openRequestDocument(op, env.name, { ...args, ...filled }, sessions, files);
        // What the body was read as: at send time, a change made elsewhere since is kept (settingsRebase.ts).
        if (base) sessions.setSettingsBase(editor.document.uri.toString(), op.id, base);
        return undefined;
      }
      const filters = await askSearchFilters(op, args.vars);
      if (!filters) return undefined;
      const vars = await askForMissingParams(op, filters, { localSandbox: env.kind === 'local' });
      if (!vars) return undefined;
      return runner.send(op, { ...args, environmentName: env.name, vars });
    },

    async send(op, args: SendArgs): Promise<GatewayResult | undefined> {
      const env = targetEnvironment(deps.environments, args.environmentName);
      if (!env) return undefined;
      const request = operationRequestText(op, env.name, args.vars, args.body);
      if ('refused' in request) {
        void vscode.window.showErrorMessage(`${op.title} was not sent: ${request.refused}`);
        return undefined;
      }
      const run = await inMemoryRun(documents, await deps.environments.ready(env.name), { file: request.file, operation: op, ...(args.vars ? { vars: args.vars } : {}) });
      const [outcome] = await runRequest(run.options({
        showResultOf: () => args.show !== false,
        retry: () => void runner.send(op, { ...args, signal: undefined }),
        progress: 'notification',
        ...(args.signal ? { signal: args.signal } : {}),
      }), 0);
      // Stopped before any exchange (a path value missing): the exchange flow said nothing, so say why here.
      if (outcome && !run.exchangeOf(0) && outcome.state === 'error') void vscode.window.showErrorMessage(`${op.title}: ${outcome.message ?? 'not sent'}`);
      return outcome?.result;
    },
  };
  return runner;
}

/**
 * An update's body from a fresh GET of the current settings (the sample would overwrite what the
 * user did not touch). Undefined when the GET failed (the outcome presenter has said why); the sample with
 * a note when the answer does not hold these settings.
 */
async function currentSettingsArgs(runner: OperationRunner, op: Operation, environmentName: string): Promise<Pick<OperationArgs, 'body' | 'note'> & { base?: SampleValue } | undefined> {
  const read = settingsReadOf(op);
  if (!read) return {};
  const result = await runner.send(read, { environmentName, show: false });
  if (!result) return undefined;
  if (result.status !== 200) return undefined;
  const current = currentSettingsOf(op, result.parsed);
  if (!current) return { note: `The current settings could not be read from ${read.title} (${result.status}): this is the catalog sample; every field here is sent.` };
  return {
    body: settingsBodyText(op, current, loadRuntime()),
    note: `Pre-filled with ${environmentName}'s current settings (read just now). Change what you need; "Gateway: Compare with Current Settings" shows the difference. A change made elsewhere meanwhile is kept when you send.`,
    base: current,
  };
}

/**
 * Opens a request document for `op` (a file in the extension's storage, so that closing it
 * untouched asks nothing), remembering which environment it targets.
 */
async function openRequestDocument(
  op: Operation, environmentName: string, args: OperationArgs, sessions: RequestSessions, files: RequestDocumentFiles,
): Promise<vscode.TextEditor> {
  const content = requestDocumentText({ operation: op, environmentName, vars: args.vars, body: args.body, note: args.note });
  let doc = await vscode.workspace.openTextDocument(await files.create(op.title, content));
  if (doc.languageId !== REQUEST_LANGUAGE_ID) doc = await vscode.languages.setTextDocumentLanguage(doc, REQUEST_LANGUAGE_ID);
  sessions.setTarget(doc.uri.toString(), environmentName);
  const editor = await vscode.window.showTextDocument(doc, { preview: false, viewColumn: requestColumn() });
  // Put the cursor on the request line, so "Send Request" picks it at once.
  const line = content.split('\n').findIndex((l) => l.startsWith(`${op.method} `));
  if (line >= 0) editor.selection = new vscode.Selection(line, 0, line, 0);
  return editor;
}
