// A request document made ready for the run engine: parsed, its target environment resolved
// (its own, one given, or one picked), and a `send` that goes the one way every request leaves
// the extension — runExchange (production guard, progress, log, history) — and shows its
// outcome through the one outcome presenter (result editor, actionable notification).
import * as vscode from 'vscode';
import { environmentNamedIn, parseRequestFile, type RequestFile } from '../../core/requestFile';
import type { GatewayResult } from '../../core/answers/result';
import type { PreparedRequest, PromptQuestion, RequestOutcome, RunEnvironment, RunOptions } from '../../core/runner';
import type { EnvironmentEntry, EnvironmentService } from '../contracts';
import { presentOutcome } from '../feedback/outcomePresenter';
import { runExchange, type CallerProgress, type ExchangeDeps, type ExchangeOutcome } from './exchangeFlow';
import { targetEnvironment } from './operationRunner';
import type { RequestSessions } from './requestSessions';
import { documentBodyFiles } from './documentBodyFiles';
import { confirmNotedRequest } from './noteConfirmation';
import type { RunResults } from './runResults';

/** Third argument of sendRequestAt: an environment name, or ask for one. */
export type SendTarget = string | { pickEnvironment: true };

export interface DocumentRunDeps {
  exchange: ExchangeDeps;
  sessions: RequestSessions;
  results: RunResults;
}

interface SendSettings {
  /** Whether the result editor opens for the request at this index. */
  showResultOf(index: number): boolean;
  /** Sends request `index` again, from a failure notification's Retry. */
  retry(index: number): void;
  /** Told before each request goes out (Send All's progress). */
  beforeSend?(prepared: PreparedRequest): void;
  signal?: AbortSignal;
  /** Where the progress shows: each request its own notification, or the caller's (Send All, a test run). */
  progress: 'notification' | CallerProgress;
}

interface DocumentRun {
  doc: vscode.TextDocument;
  file: RequestFile;
  env: EnvironmentEntry;
  /**
   * The environment's keys and the values typed unseen in this window: removed from every
   * message and log line. Grows as a `# @prompt` is answered unseen during the run.
   */
  secrets: readonly string[];
  /** What became of request `index`'s exchange, when it reached one (its presentation is done). */
  exchangeOf(index: number): ExchangeOutcome | undefined;
  options(settings: SendSettings): RunOptions;
  /** Keeps, shows and logs the outcomes. */
  record(outcomes: readonly RequestOutcome[]): void;
}

async function pickEnvironment(environments: EnvironmentService): Promise<string | undefined> {
  const picked = await vscode.window.showQuickPick(
    environments.list().map((e) => ({ label: e.name, description: environments.kindLabel(e.kind) + (e.readOnly ? ' · read-only' : '') })),
    { title: 'Send the request to which environment?' },
  );
  return picked?.label;
}

export async function documentOf(uri: vscode.Uri | string): Promise<vscode.TextDocument> {
  const text = typeof uri === 'string' ? uri : uri.toString();
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === text) ?? vscode.workspace.openTextDocument(typeof uri === 'string' ? vscode.Uri.parse(uri) : uri);
}

function warnAboutAuthHeaders(prepared: PreparedRequest, env: EnvironmentEntry): void {
  const names = prepared.ignoredAuthHeaders;
  void vscode.window.showWarningMessage(
    `The request's ${names.join(', ')} header${names.length > 1 ? 's are' : ' is'} ignored: the ${env.name} keys from secret storage are sent instead. Remove keys from request files.`,
  );
}

/** The known environment the document's header names (what the lens promises), if any. */
function headerEnvironment(environments: EnvironmentService, doc: vscode.TextDocument): string | undefined {
  const named = environmentNamedIn(doc.getText());
  return named !== undefined && environments.get(named) ? named : undefined;
}

/** Undefined when the user dismissed the environment pick or named an unknown environment. */
export async function openDocumentRun(deps: DocumentRunDeps, uri: vscode.Uri | string, target?: SendTarget): Promise<DocumentRun | undefined> {
  const { environments } = deps.exchange;
  const doc = await documentOf(uri);
  const key = doc.uri.toString();
  const name = typeof target === 'string' ? target : target ? await pickEnvironment(environments) : deps.sessions.targetOf(key) ?? headerEnvironment(environments, doc);
  if (target && !name) return undefined;
  const named = targetEnvironment(environments, name);
  if (!named) return undefined;
  const env = await environments.ready(named.name);
  const credentials = await environments.credentials(env.name).catch(() => undefined);
  const secrets = await environments.secrets(env.name);
  const file = parseRequestFile(doc.getText());
  const environment: RunEnvironment = {
    name: env.name,
    gatewayUrl: env.gatewayUrl,
    boardingUrl: env.boardingUrl,
    ...(credentials?.merchantId ? { merchantId: credentials.merchantId } : {}),
  };
  const exchanges = new Map<number, ExchangeOutcome>();
  // A value typed unseen is hidden from here on: in this run's messages (the same array) and,
  // through the environments, in every later exchange, result and history entry of the window.
  const ask = async (prompt: PromptQuestion): Promise<string | undefined> => {
    const value = await askForPrompt(prompt);
    if (value !== undefined && prompt.secret && environments.hideTypedValue(value) && !secrets.includes(value)) secrets.push(value);
    return value;
  };
  // `< ./sale.json`: relative to the document's folder, inside its workspace folder; an untitled
  // document has none. In Restricted Mode, only for the Local sandbox.
  const readBodyFile = documentBodyFiles(doc.uri, env);

  const options = (settings: SendSettings): RunOptions => {
    let warned = false;
    const send = async (prepared: PreparedRequest): Promise<GatewayResult | undefined> => {
      // Not confirmed: not sent, and the run records it as cancelled (the rest of a Send All is skipped).
      const note = prepared.request.note;
      if (note !== undefined && !(await confirmNotedRequest(prepared.operation?.title ?? prepared.label, note, env))) return undefined;
      if (prepared.ignoredAuthHeaders.length > 0 && !warned) {
        warned = true;
        warnAboutAuthHeaders(prepared, env);
      }
      settings.beforeSend?.(prepared);
      const { method, url, headers, body } = prepared;
      const title = prepared.operation?.title ?? prepared.label;
      const outcome = await runExchange(deps.exchange, {
        env,
        operation: prepared.operation,
        title,
        method,
        path: url.pathname + url.search,
        vars: prepared.params,
        body,
        signal: settings.signal,
        progress: settings.progress,
        // The client hides the keys itself; only what was typed unseen is this request's to add.
        perform: (client, signal, onRetryWait) => client.sendRaw({ method, url: url.toString(), headers, body, signal, onRetryWait, secrets: environments.typedSecrets() }),
      });
      exchanges.set(prepared.index, outcome);
      await presentOutcome(deps.exchange, outcome, {
        env,
        title,
        method,
        secrets,
        showResult: settings.showResultOf(prepared.index),
        statusJudged: prepared.request.expectations.some((e) => e.subject === 'status'),
        retry: () => settings.retry(prepared.index),
      });
      if (outcome.kind === 'failed') {
        // The run engine records the request as an error with this message (already shown).
        throw Object.assign(new Error(outcome.failure.message), { outcomeUnknown: outcome.failure.outcomeUnknown });
      }
      return outcome.kind === 'answered' ? outcome.result : undefined;
    };
    return { file, environment, namedResponses: deps.sessions.namedResponseMap(key), send, readBodyFile, ask };
  };

  return {
    doc,
    file,
    env,
    secrets,
    exchangeOf: (index) => exchanges.get(index),
    options,
    record: (outcomes) => deps.results.record({ doc, file, environmentName: env.name, outcomes, secrets }),
  };
}

/**
 * A `# @prompt` variable's value, asked in an input box each time its request is sent (REST
 * Client's way); typed unseen for a secret or card-data name. Escape gives none: not sent.
 */
function askForPrompt(prompt: PromptQuestion): Promise<string | undefined> {
  return Promise.resolve(vscode.window.showInputBox({
    title: `{{${prompt.name}}}`,
    prompt: prompt.question,
    password: prompt.secret,
    ignoreFocusOut: true,
  }));
}
