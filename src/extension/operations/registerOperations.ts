// The operations part: operation commands, Run Operation…, request documents and sending them
// (one, or all, with their assertions' results beside them), result editors, history, the
// exchange log and the URI handler. `extension.ts` calls registerOperations once at activation;
// nothing here touches the network until used.
import * as vscode from 'vscode';
import { registerCommand } from '../commands/commandRunner';
import {
  COMMANDS,
  RESULT_SCHEME,
  type EnvironmentService,
  type HistoryEntry,
  type KnownResourceStore,
  type ResultPresenter,
} from '../contracts';
import { ExchangeLog } from '../feedback/exchangeLog';
import { registerHistoryCommands } from '../history/historyCommands';
import { HistoryStore } from '../history/historyStore';
import { ResultDocuments } from '../results/resultDocuments';
import { createResultPresenter } from '../results/resultPresenter';
import { createResultStatusBar } from '../results/resultStatusBar';
import { registerResultLinks } from '../results/resultLinkProvider';
import type { ExchangeDeps, SendEvent } from './exchangeFlow';
import { registerOperationCommands } from './operationCommands';
import { createOperationRunner, type OperationRunnerWithSendEvents } from './operationRunner';
import { RequestDocumentFiles } from './requestDocumentFiles';
import { registerRequestFolding } from './requestFolding';
import { RequestSessions, type KeptOutcome } from './requestSessions';
import { registerRunOperationPick } from './runOperationPick';
import { registerSendAll } from './sendAll';
import { registerSendRequest } from './sendRequest';
import { registerSettingsDiff } from './settingsDiff';
import { AssertionDecorations } from './assertionDecorations';
import type { DocumentRunDeps } from './documentRun';
import { RunResults } from './runResults';
import { registerUriHandler } from './uriHandler';
import { registerGenerateCode } from '../codegen/generateCode';
import { registerRequestTests, type RequestTestsApi } from '../testing/registerRequestTests';

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
  requestDecorations(uri: string): readonly { line: number; text: string }[];
  /** The request files in the Testing view. */
  requestTests: RequestTestsApi;
}

export function registerOperations(context: vscode.ExtensionContext, deps: OperationsDeps): Operations {
  const documents = new ResultDocuments();
  const presenter = createResultPresenter(deps.environments, documents);
  const history = new HistoryStore(context.workspaceState);
  const exchangeLog = new ExchangeLog(deps.log);
  const didSend = new vscode.EventEmitter<SendEvent>();
  const sessions = new RequestSessions();
  const settingsDiff = registerSettingsDiff(deps.environments, sessions, deps.log);
  const exchangeDeps: ExchangeDeps = {
    environments: deps.environments, presenter, history, knownResources: deps.knownResources, log: exchangeLog, didSend,
    showSettingsDiff: settingsDiff.show,
  };
  const files = new RequestDocumentFiles(vscode.Uri.joinPath(context.globalStorageUri, 'requests'));
  void files.removeOld();
  const runner = createOperationRunner(exchangeDeps, sessions, files);
  const decorations = new AssertionDecorations();
  const runDeps: DocumentRunDeps = { exchange: exchangeDeps, sessions, results: new RunResults(sessions, decorations, exchangeLog) };

  const requestTests = registerRequestTests(runDeps, deps.environments);
  const disposables = vscode.Disposable.from(
    didSend,
    requestTests,
    settingsDiff,
    documents,
    vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, documents),
    createResultStatusBar(documents),
    registerResultLinks(documents),
    registerOperationCommands(runner, deps.log),
    registerRunOperationPick(runner, deps.log),
    decorations,
    registerSendRequest(runDeps, deps.log),
    registerSendAll(runDeps, deps.log),
    registerRequestFolding(),
    registerHistoryCommands(history, runner, deps.log),
    registerUriHandler(runner, deps.environments, deps.log),
    registerGenerateCode({ environments: deps.environments, history: () => history.list(), log: deps.log }),
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
    lastRun: (uri) => sessions.lastRun(uri),
    requestDecorations: (uri) => decorations.list(uri),
    requestTests: requestTests.api,
    dispose: () => { disposables.dispose(); },
  };
}
