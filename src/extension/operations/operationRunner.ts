// OperationRunner (contracts.ts): an operation with a body opens a pre-filled request document
// (sent later with "Gateway: Send Request"); one without a body asks for its parameters and is
// sent at once. `onDidSend` fires after every exchange so the tree can refresh what changed.
import * as vscode from 'vscode';
import type { Operation } from '../../catalog/types';
import type { GatewayResult } from '../../core/answers/result';
import {
  REQUEST_LANGUAGE_ID,
  type EnvironmentEntry,
  type EnvironmentService,
  type OperationArgs,
  type OperationRunner,
  type OperationVars,
} from '../contracts';
import { runExchange, type ExchangeDeps, type SendEvent } from './exchangeFlow';
import { presentOutcome } from '../feedback/outcomePresenter';
import { askForMissingParams, askSearchFilters } from './parameterPrompts';
import { fillPlaceholders, filledPath, requestDocumentText } from './requestDocumentText';
import { currentSettingsOf, settingsBodyText, settingsReadOf } from './settingsDocuments';
import type { RequestDocumentFiles } from './requestDocumentFiles';
import type { RequestSessions } from './requestSessions';
import { requestColumn } from '../results/editorColumns';
import { loadRuntime } from '../lazy/runtime';

export interface OperationRunnerWithSendEvents extends OperationRunner {
  /** Fires after each exchange that got a response (for the tree's refresh). */
  readonly onDidSend: vscode.Event<SendEvent>;
}

type SendArgs = Parameters<OperationRunner['send']>[1];

/** The environment an operation targets: the one named, else the active one. */
export function targetEnvironment(environments: EnvironmentService, name?: string): EnvironmentEntry | undefined {
  if (!name) return environments.active();
  const env = environments.get(name);
  if (!env) void vscode.window.showErrorMessage(`There is no gateway environment named "${name}". Add it with "Gateway: Add Environment…", or pick another.`);
  return env;
}

/** Splits vars into the operation's path params and query params (explicit `query` wins). */
function paramsOf(op: Operation, vars: OperationVars = {}, query: Record<string, string> = {}) {
  const params: Record<string, string> = {};
  const q: Record<string, string> = {};
  for (const spec of op.params) {
    const value = vars[spec.name];
    if (value === undefined) continue;
    if (spec.in === 'path') params[spec.name] = value;
    else q[spec.name] = value;
  }
  return { params, query: { ...q, ...query } };
}

export function createOperationRunner(deps: ExchangeDeps, sessions: RequestSessions, files: RequestDocumentFiles): OperationRunnerWithSendEvents {
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
        await openRequestDocument(op, env.name, { ...args, ...prefilled }, sessions, files);
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
      const body = op.bodyFormat === 'none' ? undefined : fillPlaceholders(args.body ?? op.sample ?? '', args.vars);
      const unresolved = body?.match(/\{\{\s*[\w$.-]+\s*\}\}/g);
      if (unresolved) {
        void vscode.window.showErrorMessage(`${op.title} was not sent: its body still has ${[...new Set(unresolved)].join(', ')}. Give the values or open it as a request document.`);
        return undefined;
      }
      const { params, query } = paramsOf(op, args.vars, args.query);
      const outcome = await runExchange(deps, {
        env,
        operation: op,
        title: op.title,
        method: op.method,
        path: filledPath(op, args.vars),
        vars: args.vars,
        body,
        signal: args.signal,
        progress: 'notification',
        perform: (client, signal, onRetryWait) => client.send({ operation: op, params, query, ...(body !== undefined ? { body } : {}), signal, onRetryWait }),
      });
      await presentOutcome(deps, outcome, {
        env,
        title: op.title,
        method: op.method,
        secrets: await deps.environments.secrets(env.name),
        showResult: args.show !== false,
        retry: () => void runner.send(op, { ...args, signal: undefined }),
      });
      return outcome.kind === 'answered' ? outcome.result : undefined;
    },
  };
  return runner;
}

/**
 * An update's body from a fresh GET of the current settings (the sample would overwrite what the
 * user did not touch). Undefined when the GET failed (the outcome presenter has said why); the sample with
 * a note when the answer does not hold these settings.
 */
async function currentSettingsArgs(runner: OperationRunner, op: Operation, environmentName: string): Promise<Pick<OperationArgs, 'body' | 'note'> | undefined> {
  const read = settingsReadOf(op);
  if (!read) return {};
  const result = await runner.send(read, { environmentName, show: false });
  if (!result) return undefined;
  if (result.status !== 200) return undefined;
  const current = currentSettingsOf(op, result.parsed);
  if (!current) return { note: `The current settings could not be read from ${read.title} (${result.status}): this is the catalog sample; every field here is sent.` };
  return {
    body: settingsBodyText(op, current, loadRuntime()),
    note: `Pre-filled with ${environmentName}'s current settings (read just now). Change what you need; "Gateway: Compare with Current Settings" shows the difference.`,
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
