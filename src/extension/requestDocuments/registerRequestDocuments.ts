// The request-documents part: the request language's documents and everything that sends them —
// Send Request, Send All, the run results beside each request (✓/✗ decorations, folding),
// "Compare with Current Settings", the Testing view's request files — and the one exchange
// flow every request of the extension goes out through (exchangeFlow.ts), which the operations
// part uses too. registerOperations calls it once at activation.
import * as vscode from 'vscode';
import type { CommandLog } from '../commands/commandRunner';
import { registerLazily } from '../commands/lazyCommands';
import { COMMANDS, type EnvironmentService, type KnownResourceStore, type ResultPresenter } from '../contracts';
import type { ExchangeLog } from '../feedback/exchangeLog';
import type { HistoryStore } from '../history/historyStore';
import { registerRequestTests, type RequestTestsApi } from '../testing/registerRequestTests';
import { AssertionDecorations } from './assertionDecorations';
import type { DocumentRunDeps } from './documentRun';
import type { ExchangeDeps, SendEvent } from './exchangeFlow';
import { RequestDocumentFiles } from './requestDocumentFiles';
import { registerRequestFolding } from './requestFolding';
import { RequestSessions, type KeptOutcome } from './requestSessions';
import { RunResults } from './runResults';
import { registerSendRequest } from './sendRequest';
import { registerSettingsDiff } from './settingsDiff';
import type { ShownMark } from './assertionDecorations';

interface RequestDocumentsDeps {
  environments: EnvironmentService;
  knownResources: KnownResourceStore;
  presenter: ResultPresenter;
  history: HistoryStore;
  exchangeLog: ExchangeLog;
  /** Fired after each exchange that got an answer (the tree refreshes on it). */
  didSend: vscode.EventEmitter<SendEvent>;
  log: CommandLog;
}

interface RequestDocuments extends vscode.Disposable {
  /** How a request leaves the extension (guard, progress, log, history, known resources). */
  exchange: ExchangeDeps;
  /** What running a request document needs (the operations part runs its in-memory documents with it). */
  run: DocumentRunDeps;
  /** Where opened operation documents are written (the extension's storage, not the workspace). */
  files: RequestDocumentFiles;
  /** Outcomes of the last run of a request document's requests (without the responses). */
  lastRun(uri: string): readonly KeptOutcome[] | undefined;
  /** The run-result decorations of a request document (line and after-text). */
  requestDecorations(uri: string): readonly ShownMark[];
  /** The request files in the Testing view. */
  requestTests: RequestTestsApi;
}

export function registerRequestDocuments(context: vscode.ExtensionContext, deps: RequestDocumentsDeps): RequestDocuments {
  const sessions = new RequestSessions();
  const settingsDiff = registerSettingsDiff(deps.environments, sessions, deps.log);
  const exchange: ExchangeDeps = {
    environments: deps.environments,
    presenter: deps.presenter,
    history: deps.history,
    knownResources: deps.knownResources,
    log: deps.exchangeLog,
    didSend: deps.didSend,
    showSettingsDiff: settingsDiff.show,
  };
  const files = new RequestDocumentFiles(vscode.Uri.joinPath(context.globalStorageUri, 'requests'));
  void files.removeOld();
  const decorations = new AssertionDecorations();
  const run: DocumentRunDeps = { exchange, sessions, results: new RunResults(sessions, decorations, deps.exchangeLog) };
  const requestTests = registerRequestTests(run, deps.environments);
  const disposables = vscode.Disposable.from(
    requestTests,
    settingsDiff,
    decorations,
    registerSendRequest(run, deps.log),
    // Its body loads from dist/commands.js at its first run: most files are sent a request at a time.
    registerLazily([COMMANDS.sendAll], deps.log, (c, register) => c.registerSendAll(run, deps.log, register)),
    registerRequestFolding(),
  );
  return {
    exchange,
    run,
    files,
    lastRun: (uri) => sessions.lastRun(uri),
    requestDecorations: (uri) => decorations.list(uri),
    requestTests: requestTests.api,
    dispose: () => { disposables.dispose(); },
  };
}
