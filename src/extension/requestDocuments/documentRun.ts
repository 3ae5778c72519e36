// A request document made ready for the run engine: parsed, its target environment resolved
// (its own, one given, or one picked), and a `send` that goes the one way every request leaves
// the extension — runExchange (production guard, progress, log, history) — shows its outcome
// through the one outcome presenter (result editor, actionable notification) and tells the run
// engine what became of it. An operation sent from a command is such a document too, held in
// memory (inMemoryRun): the same engine, the same headers, the same guard.
import * as vscode from 'vscode';
import { environmentNamedIn, parseRequestFile, type RequestFile } from '../../core/requestFile';
import type { NamedExchange, PreparedRequest, PromptQuestion, RequestOutcome, RunEnvironment, RunOptions, SendOutcome } from '../../core/runner';
import type { BodyFileReader } from '../../core/requestFile/bodyFile';
import type { Operation } from '../../catalog/types';
import type { EnvironmentEntry, EnvironmentService, OperationVars } from '../contracts';
import { presentOutcome } from '../feedback/outcomePresenter';
import { runExchange, type CallerProgress, type ExchangeDeps } from './exchangeFlow';
import type { ExchangeOutcome } from './exchangeOutcome';
import { targetEnvironment } from '../environments/targetEnvironment';
import type { RequestSessions } from './requestSessions';
import { documentBodyFiles } from './documentBodyFiles';
import { confirmNotedRequest } from './noteConfirmation';
import type { RunResults } from './runResults';
import { rebaseSettingsUpdate } from './settingsRebase';
import type { ResultOrigin } from '../results/resultDocuments';
import { documentOutsideValues } from './documentOutsideValues';

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

/** A request file's text ready to run against one environment: a document's, or an operation's in memory. */
interface TextRun {
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
}

interface DocumentRun extends TextRun {
  doc: vscode.TextDocument;
  /** Keeps, shows and logs the outcomes. */
  record(outcomes: readonly RequestOutcome[]): void;
}

/** Where a text to run comes from, and what it carries beside its text. */
interface RunSource {
  /** The request file's text, parsed. */
  file: RequestFile;
  /** The sessions' key (the document's URI) for named responses; none: the run keeps its own. */
  sessionKey?: string;
  readBodyFile?: BodyFileReader;
  /** The document whose `{{$processEnv …}}` and `{{$dotenv …}}` are read (its `.env` files); none for a text in memory. */
  outsideOf?: vscode.Uri;
  /** A command's: the operation it sends (not matched again) and the values it was given (history keeps them to run it again). */
  operation?: Operation;
  vars?: OperationVars;
}

/** The "Send to…" lens's pick. Production is marked in words: sending there still goes through its guard. */
async function pickEnvironment(environments: EnvironmentService): Promise<string | undefined> {
  const picked = await vscode.window.showQuickPick(
    environments.list().map((e) => ({
      label: e.kind === 'production' ? `$(warning) ${e.name}` : e.name,
      name: e.name,
      description: (e.kind === 'production' ? 'PRODUCTION: asks for its name before sending' : environments.kindLabel(e.kind)) + (e.readOnly ? ' · read-only' : ''),
    })),
    { title: 'Send the request to which environment?', matchOnDescription: true },
  );
  return picked?.name;
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
  // `< ./sale.json`: relative to the document's folder, inside its workspace folder; an untitled
  // document has none. In Restricted Mode, only for the Local sandbox.
  const run = await textRun(deps, env, { file: parseRequestFile(doc.getText()), sessionKey: key, readBodyFile: documentBodyFiles(doc.uri, env), outsideOf: doc.uri });
  return {
    ...run,
    doc,
    record: (outcomes) => deps.results.record({ doc, file: run.file, environmentName: env.name, outcomes, secrets: run.secrets }),
  };
}

/**
 * An operation's request text run in memory against `env` (commands, tree items, links, history):
 * nothing is opened or decorated, and body files are not read (the text has none).
 */
export function inMemoryRun(deps: DocumentRunDeps, env: EnvironmentEntry, source: Omit<RunSource, 'sessionKey' | 'readBodyFile' | 'outsideOf'>): Promise<TextRun> {
  return textRun(deps, env, source);
}

async function textRun(deps: DocumentRunDeps, env: EnvironmentEntry, source: RunSource): Promise<TextRun> {
  const { environments } = deps.exchange;
  const credentials = await environments.credentials(env.name).catch(() => undefined);
  const secrets = await environments.secrets(env.name);
  const { file } = source;
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
  const namedResponses = source.sessionKey !== undefined ? deps.sessions.namedResponseMap(source.sessionKey) : new Map<string, NamedExchange>();
  // A value read from VS Code's environment or a .env file is hidden like a typed secret, from before its request is sent.
  const outside = source.outsideOf && documentOutsideValues(source.outsideOf, (value) => {
    if (environments.hideTypedValue(value) && !secrets.includes(value)) secrets.push(value);
  });

  const options = (settings: SendSettings): RunOptions => {
    let warned = false;
    const send = async (prepared: PreparedRequest): Promise<SendOutcome> => {
      // Not confirmed: not sent, and the run records it as cancelled (the rest of a Send All is skipped).
      const note = prepared.request.note;
      if (note !== undefined && !(await confirmNotedRequest(prepared.operation?.title ?? prepared.label, note, env))) return { kind: 'not-sent' };
      if (prepared.ignoredAuthHeaders.length > 0 && !warned) {
        warned = true;
        warnAboutAuthHeaders(prepared, env);
      }
      const { method, url, headers } = prepared;
      const operation = source.operation ?? prepared.operation;
      // A settings update opened from a read: sent on top of the settings as they are now, or not
      // at all when the user, asked about a field changed both here and elsewhere, cancels.
      const rebased = source.sessionKey !== undefined && operation && prepared.body !== undefined
        ? await rebaseSettingsUpdate(environments, deps.sessions, source.sessionKey, env, operation, prepared.body)
        : undefined;
      if (rebased?.kind === 'cancelled') return { kind: 'not-sent' };
      const body = rebased?.body ?? prepared.body;
      settings.beforeSend?.(prepared);
      const title = operation?.title ?? prepared.label;
      const outcome = await runExchange(deps.exchange, {
        env,
        operation,
        title,
        method,
        path: url.pathname + url.search,
        vars: source.vars ?? prepared.params,
        body,
        signal: settings.signal,
        progress: settings.progress,
        // The client hides the keys itself; only what was typed unseen is this request's to add.
        perform: (client, signal, onRetryWait) => client.sendRaw({ method, url: url.toString(), headers, body, signal, onRetryWait, secrets: environments.typedSecrets(), ...(source.operation ? { operation: source.operation } : {}) }),
      });
      exchanges.set(prepared.index, outcome);
      if (outcome.kind === 'answered' && outcome.result.status >= 200 && outcome.result.status < 300) rebased?.sent();
      await presentOutcome(deps.exchange, outcome, {
        env,
        title,
        method,
        secrets,
        showResult: settings.showResultOf(prepared.index),
        statusJudged: prepared.request.expectations.some((e) => e.subject === 'status'),
        retry: () => settings.retry(prepared.index),
        ...(source.sessionKey !== undefined ? { origin: originOf(source.sessionKey, file, prepared.index) } : {}),
      });
      return outcomeForTheRunner(outcome);
    };
    return { file, environment, namedResponses, send, ...(source.readBodyFile ? { readBodyFile: source.readBodyFile } : {}), ...(outside ? { outside } : {}), ask };
  };

  return { file, env, secrets, exchangeOf: (index) => exchanges.get(index), options };
}

/** Where a document's request was written, for its result. */
function originOf(uri: string, file: RequestFile, requestIndex: number): ResultOrigin {
  const name = file.requests[requestIndex]?.name;
  return { uri, requestIndex, ...(name ? { name } : {}) };
}

/** What the run engine records of an exchange (its presentation is done: a failure is not shown twice). */
function outcomeForTheRunner(outcome: ExchangeOutcome): SendOutcome {
  if (outcome.kind === 'answered') return { kind: 'answered', result: outcome.result };
  if (outcome.kind === 'failed') return { kind: 'failed', message: outcome.failure.message, ...(outcome.failure.outcomeUnknown ? { outcomeUnknown: true } : {}) };
  return { kind: 'not-sent' };
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
