// The operations part: operation commands, Run Operation…, result editors, history, the
// exchange log and the URI handler, over the request-documents part (registered from here,
// since an operation is sent as a request document and both share one exchange flow). `extension.ts` calls registerOperations once at activation;
// nothing here touches the network until used.
import * as vscode from 'vscode';
import { registerCommand } from '../commands/commandRunner';
import { registerLazily } from '../commands/lazyCommands';
import {
  COMMANDS,
  RESULT_SCHEME,
  type EnvironmentService,
  type HistoryEntry,
  type KnownResourceStore,
  type OperationRunnerWithSendEvents,
  type ResultPresenter,
} from '../contracts';
import { ExchangeLog } from '../feedback/exchangeLog';
import { HistoryStore } from '../history/historyStore';
import { ResultDocuments } from '../results/resultDocuments';
import { createResultPresenter } from '../results/resultPresenter';
import { createResultStatusBar } from '../results/resultStatusBar';
import { registerResultLinks } from '../results/resultLinkProvider';
import type { SendEvent } from '../requestDocuments/exchangeFlow';
import { registerRequestDocuments } from '../requestDocuments/registerRequestDocuments';
import type { KeptOutcome } from '../requestDocuments/requestSessions';
import type { RequestTestsApi } from '../testing/registerRequestTests';
import { registerOperationCommands } from './operationCommands';
import { createOperationRunner } from './operationRunner';
import { registerRunOperationPick } from './runOperationPick';
import { registerUriHandler } from './uriHandler';
import type { ShownMark } from '../requestDocuments/assertionDecorations';

export { createKnownResourceStore } from './knownResources';

interface OperationsDeps {
  environments: EnvironmentService;
  knownResources: KnownResourceStore;
  /** The "Gateway" log channel, created by extension.ts. */
  log: vscode.LogOutputChannel;
}

interface Operations extends vscode.Disposable {
  /** Also has `onDidSend`, fired after each exchange (the tree refreshes on it). */
  runner: OperationRunnerWithSendEvents;
  results: ResultPresenter;
  history(): HistoryEntry[];
  /** The last exchange-log lines (redacted), for diagnostics and tests. */
  recentLog(): readonly string[];
  /** Outcomes of the last run of a request document's requests (without the responses). */
  lastRun(uri: string): readonly KeptOutcome[] | undefined;
  /** The run-result decorations of a request document (line and after-text). */
  requestDecorations(uri: string): readonly ShownMark[];
  /** The request files in the Testing view. */
  requestTests: RequestTestsApi;
}

export function registerOperations(context: vscode.ExtensionContext, deps: OperationsDeps): Operations {
  const documents = new ResultDocuments();
  const presenter = createResultPresenter(deps.environments, documents, context.globalStorageUri);
  const history = new HistoryStore(context.workspaceState);
  const exchangeLog = new ExchangeLog(deps.log);
  const didSend = new vscode.EventEmitter<SendEvent>();
  const requestDocuments = registerRequestDocuments(context, {
    environments: deps.environments, knownResources: deps.knownResources, presenter, history, exchangeLog, didSend, log: deps.log,
  });
  const runner = createOperationRunner(requestDocuments.run, requestDocuments.files);

  const disposables = vscode.Disposable.from(
    didSend,
    requestDocuments,
    documents,
    vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, documents),
    createResultStatusBar(documents),
    registerResultLinks(documents),
    // Run rarely, these three parts: their bodies load from dist/commands.js at the first run of one of them.
    registerLazily([COMMANDS.showResponseHeaders, COMMANDS.compareWithPreviousAnswer, COMMANDS.copyValueAsVariable], deps.log, (c, register) => c.registerResultCommands(documents, deps.log, register)),
    registerOperationCommands(runner, deps.log),
    registerRunOperationPick(runner, deps.log),
    registerLazily([COMMANDS.showHistory, COMMANDS.rerunHistory, COMMANDS.clearHistory], deps.log, (c, register) => c.registerHistoryCommands(history, runner, deps.log, register)),
    registerUriHandler(runner, deps.environments, deps.log),
    registerLazily([COMMANDS.generateCode], deps.log, (c, register) => c.registerGenerateCode({ environments: deps.environments, history: () => history.list(), log: deps.log }, register)),
    registerCommand(COMMANDS.formatResult, (uri?: vscode.Uri) => {
      const target = uri ?? vscode.window.activeTextEditor?.document.uri;
      if (target?.scheme === RESULT_SCHEME) return presenter.format(target);
      return undefined;
    }, deps.log),
  );
  context.subscriptions.push(disposables);
  return {
    runner,
    results: presenter,
    history: () => [...history.list()],
    recentLog: () => exchangeLog.recent(),
    lastRun: (uri) => requestDocuments.lastRun(uri),
    requestDecorations: (uri) => requestDocuments.requestDecorations(uri),
    requestTests: requestDocuments.requestTests,
    dispose: () => { disposables.dispose(); },
  };
}
