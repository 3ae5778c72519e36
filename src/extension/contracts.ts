// The seams between the extension's parts: environments (with their keys and clients), the
// tree, operations and results. Each part is built against these interfaces, and
// `extension.ts` wires them together at activation. Type-only imports from core keep undici
// and the sandbox out of the activation bundle (they load lazily from dist/runtime.js).
import type * as vscode from 'vscode';
import type { Credentials, Environment, EnvironmentKind } from '../core/environments/environment';
import type { StoredEnvironment, UserEnvironmentKind } from '../core/environments/environmentSchema';
import type { GatewayClient } from '../core/http/client';
import type { GatewayResult } from '../core/answers/result';
import type { Operation } from '../catalog/types';
import type { RequestOutcome } from '../core/runner/types';
import type { SandboxStats } from '../sandbox/control';
import type { FaultSpec } from '../sandbox/http/faults';
import type { SeedDocument } from '../sandbox/seeds/seedDocument';
import type { SandboxExchange } from '../sandbox/http/exchangeTap';
import type { RequestTestsApi } from './testing/registerRequestTests';
import type { TrafficApi } from './traffic/registerTraffic';
import type { SendEvent } from './requestDocuments/exchangeFlow';
import { CODE_ACTION_COMMANDS, LENS_COMMANDS } from '../language/protocol';
import type { ShownMark } from './requestDocuments/assertionDecorations';
import type { ResultOrigin } from './results/resultDocuments';

/** Command ids other than the `gateway.op.<operation id>` commands (one per catalog operation). */
export const COMMANDS = {
  runOperation: 'gateway.runOperation',
  sendRequest: 'gateway.sendRequest',
  /** The language server's lenses name these three: spelled once, in its protocol. */
  sendRequestAt: LENS_COMMANDS.sendRequestAt,
  /** Runs a request file top to bottom; past a failure, skipping only the requests that read a failed one. Argument: the document's uri (default: the active editor's). */
  sendAll: LENS_COMMANDS.sendAll,
  addEnvironment: 'gateway.addEnvironment',
  editEnvironment: 'gateway.editEnvironment',
  removeEnvironment: 'gateway.removeEnvironment',
  setKeys: CODE_ACTION_COMMANDS.setKeys,
  switchEnvironment: 'gateway.switchEnvironment',
  toggleReadOnly: 'gateway.toggleReadOnly',
  refreshTree: 'gateway.refreshTree',
  refreshNode: 'gateway.refreshNode',
  loadMore: 'gateway.loadMore',
  retryNode: 'gateway.retryNode',
  openSettingsGroup: 'gateway.openSettingsGroup',
  openDocument: 'gateway.openDocument',
  retrieveMerchant: 'gateway.retrieveMerchant',
  showLog: 'gateway.showLog',
  showHistory: 'gateway.showHistory',
  rerunHistory: 'gateway.rerunHistory',
  clearHistory: 'gateway.clearHistory',
  formatResult: 'gateway.formatResult',
  /** A result's status line, timing and (redacted) response headers, as a document. Argument: the result's uri (default: the active editor's). */
  showResponseHeaders: 'gateway.showResponseHeaders',
  /** The previous answer to the same request ↔ this one, in a diff editor. Argument: the result's uri. */
  compareWithPreviousAnswer: 'gateway.compareWithPreviousAnswer',
  /** `{{name.path}}` of the value at the cursor in a result, to the clipboard (naming its request when it has no `# @name`). */
  copyValueAsVariable: 'gateway.copyValueAsVariable',
  /** A request as a program. Arguments: `(uri, index, language?)`, `({ operationId, vars?, body? }, language?)` or none (the cursor's request, else a pick). */
  generateCode: LENS_COMMANDS.generateCode,
  /** Opens current settings ↔ the settings request at the cursor in a diff editor. */
  compareSettings: 'gateway.compareSettings',
  sandboxNextAchWindow: 'gateway.sandbox.nextAchWindow',
  sandboxAdvanceClock: 'gateway.sandbox.advanceClock',
  sandboxReset: 'gateway.sandbox.reset',
  /** Writes the Local sandbox's state, without keys, as a seed file. Argument: `(target?, path?)`; without a path, a save dialog. */
  sandboxSaveSnapshot: 'gateway.sandbox.saveSnapshot',
  /** Settings as code: an environment's settings to a *.gwsettings.json file; two environments' side by side; a file applied to one. */
  exportSettings: 'gateway.exportSettings',
  compareEnvironmentSettings: 'gateway.compareEnvironmentSettings',
  openOverview: 'gateway.openOverview',
  applySettingsTo: 'gateway.applySettingsTo',
  /** The go-live check. Arguments: `(sandboxName?, productionName?, paths?: string[], recordingPath?)`; returns `{ passed, failed }`. */
  preflight: 'gateway.preflight',
  /** Replaces the Local sandbox's state with a seed file's. Arguments: `(target?, path?, confirmed?)`; without a path, an open dialog; asks first unless `confirmed`. */
  sandboxStartFromSeed: 'gateway.sandbox.startFromSeed',
  /** Copies the packaged examples into the workspace (gateway-examples/) and opens one; returns the files' URIs. */
  sandboxOpenExamples: 'gateway.sandbox.openExamples',
  /** An environment's URLs and keys to the clipboard. Arguments: `(target?, format?)`, format `dotenv` or `shell`; returns the variables' names. */
  copyConnectionSettings: 'gateway.copyConnectionSettings',
  /** A terminal whose environment has the variables. Argument: `(target?)`; returns the terminal's name. */
  openTerminalWithVariables: 'gateway.openTerminalWithVariables',
} as const;

/** Context key: the Local sandbox could not start and there is no other environment (the tree is empty, its welcome shows). */
export const SANDBOX_FAILED_CONTEXT = 'gateway.localSandboxFailed';

export const operationCommandId = (operationId: string) => `gateway.op.${operationId}`;

export const VIEW_CONTAINER_ID = 'gatewayWorkbench';
export const TREE_VIEW_ID = 'gatewayWorkbench.resources';
export const REQUEST_LANGUAGE_ID = 'gateway-request';
export const RESULT_SCHEME = 'gateway-result';
export const LOCAL_SANDBOX_NAME = 'Local sandbox';

/** An environment as the extension keeps it: settings hold this, SecretStorage holds the keys. */
export interface EnvironmentEntry extends Environment {
  /** Production environments start read-only until the user turns that off. */
  readOnly: boolean;
  /** The embedded Local sandbox: always present, cannot be removed. */
  builtIn: boolean;
}

export interface EnvironmentService {
  /** Local sandbox first, then the user's environments in the order they were added. */
  list(): readonly EnvironmentEntry[];
  get(name: string): EnvironmentEntry | undefined;
  /** The workspace's active environment (the Local sandbox by default). */
  active(): EnvironmentEntry;
  setActive(name: string): Promise<void>;
  readonly onDidChange: vscode.Event<void>;
  /**
   * The entry with its URLs known: the Local sandbox only gets its port when it first starts,
   * so this starts it when needed. Use it before anything reads an environment's URLs.
   */
  ready(name: string): Promise<EnvironmentEntry>;
  /** Keys from SecretStorage (the Local sandbox's are generated once on first use). */
  credentials(name: string): Promise<Credentials | undefined>;
  /**
   * What every message, log line, history entry and result about `name` hides: its keys, and
   * the values typed unseen in this window (typedSecrets).
   */
  secrets(name: string): Promise<string[]>;
  /**
   * Remembers a value typed unseen into a `# @prompt` box (a token, a password) until the window
   * closes, never on disk: from then on it is hidden like a key. Too short a value is not kept:
   * false then.
   */
  hideTypedValue(value: string): boolean;
  /** The values typed unseen in this window (hideTypedValue). */
  typedSecrets(): readonly string[];
  /** A client bound to the environment and its keys; starts the Local sandbox on first use. */
  client(name: string): Promise<GatewayClient>;
  /** The running Local sandbox's control surface, once started (advance the clock, reset). */
  localSandboxControl(): Promise<LocalSandboxControls>;
  /** Every exchange the Local sandbox serves, whoever the client; raw: redact before keeping. */
  readonly onLocalSandboxExchange: vscode.Event<SandboxExchange>;
  /** The Local sandbox's clock, once it runs (it starts on first use); undefined before. */
  localSandboxTime(): Date | undefined;
  /** Why the Local sandbox's last start failed (undefined while it runs or before it starts). */
  localSandboxFailure?(): string | undefined;
  /** The seed file the Local sandbox was last started from ("Start from Seed…"), if any: what its Reset goes back to. */
  localSandboxSeed?(): string | undefined;
  kindLabel(kind: EnvironmentKind): string;
}

/**
 * What the extension uses of the sandbox's control surface. The sandbox runs in a worker
 * thread, so what changes or reads its state is answered asynchronously; now() reads a mirror
 * of its clock that the worker keeps current.
 */
export interface LocalSandboxControls {
  /** Moves the sandbox clock on: due payment plans charge, ACH moves through the windows passed. */
  advanceClock(ms: number): Promise<Date>;
  advanceToNextAchWindow(): Promise<Date>;
  reset(): Promise<void>;
  /** The whole state as a seed document, without keys. */
  snapshot(): Promise<SeedDocument>;
  /** Replaces the state with a seed's; reset() then goes back to it. Rejects naming the offending entry's path. */
  loadSeed(seed: SeedDocument): Promise<void>;
  now(): Date;
  /** Queues faults (e.g. `{ fault: 'delay', delayMs: 5000 }`) for the next requests; resolves to how many are pending. */
  injectFaults(spec: FaultSpec | readonly FaultSpec[]): Promise<number>;
  /** Requests served, per operation id. */
  stats(): Promise<SandboxStats>;
}

/** Values that fill an operation's path parameters and sample placeholders, e.g. `{ id, transactionId }`. */
export type OperationVars = Readonly<Record<string, string>>;

/**
 * The argument every `gateway.op.*` command accepts: from a tree item (which carries its
 * environment and ids), from history, or nothing (palette: active environment, ask for ids).
 */
export interface OperationArgs {
  environmentName?: string;
  vars?: OperationVars;
  /** A request body to use instead of the catalog sample. */
  body?: string;
  /** A comment line for the top of the opened request document (what the user must do). */
  note?: string;
}

/** Tree nodes implement this so that operation commands invoked on them get their ids. */
export interface HasOperationArgs {
  operationArgs(): OperationArgs;
}

export interface OperationRunner {
  /**
   * Runs an operation: operations with a body open a pre-filled request document; operations
   * without one ask for missing path/query parameters with validated inputs and send at once.
   */
  run(operation: Operation, args?: OperationArgs): Promise<GatewayResult | undefined>;
  /**
   * Sends an operation right away (no document), under a cancellable progress notification,
   * through the production guard, logging and recording history; shows the result unless
   * `show` is false. Undefined when the user cancelled or the guard refused.
   */
  send(operation: Operation, args: OperationArgs & {
    show?: boolean;
    /** Aborts the request (the progress notification's Cancel does the same). */
    signal?: AbortSignal;
  }): Promise<GatewayResult | undefined>;
}

/** The extension's own runner: also tells what was sent, so the tree refreshes what it changed. */
export interface OperationRunnerWithSendEvents extends OperationRunner {
  /** Fires after each exchange that got a response (for the tree's refresh). */
  readonly onDidSend: vscode.Event<SendEvent>;
}

export interface ResultPresenter {
  /** Opens a read-only, pretty-printed, redacted result editor (or saves a PDF). */
  show(result: GatewayResult, context: { title: string; environmentName: string; origin?: ResultOrigin }): Promise<vscode.TextEditor | undefined>;
}

/** Redacted record of one request, re-runnable. */
export interface HistoryEntry {
  at: string;
  environmentName: string;
  operationId?: string;
  method: string;
  path: string;
  status?: number;
  timingMs?: number;
  vars?: OperationVars;
  /** The request body, redacted (never a full card or account number, CSC or key). */
  body?: string;
}

/**
 * Resources the gateway cannot list (the interface has no ACH token search and no merchant
 * search): the extension remembers, per environment, the ids it created or retrieved, so
 * that the tree can show them. Ids only — never account numbers.
 */
export type KnownResourceKind = 'ach-token' | 'merchant';

export interface KnownResource {
  id: string;
  label: string;
}

export interface KnownResourceStore {
  list(environmentName: string, kind: KnownResourceKind): readonly KnownResource[];
  add(environmentName: string, kind: KnownResourceKind, resource: KnownResource): Promise<void>;
  remove(environmentName: string, kind: KnownResourceKind, id: string): Promise<void>;
  readonly onDidChange: vscode.Event<void>;
}

/** What became of one request of a request-file run, without its response. */
export type RunOutcome = Omit<RequestOutcome, 'result'>;

/** The scripted form of "Add Environment…": everything the seven steps ask. */
export interface AddEnvironmentScript {
  name: string;
  kind: UserEnvironmentKind;
  gatewayUrl: string;
  boardingUrl: string;
  apiKey?: string;
  accessKey?: string;
  merchantId?: string;
  readOnly?: boolean;
}

/**
 * The environment commands without their prompts, for scripts (tests, other extensions): they
 * take the answers and reject on invalid input (the commands tell the user instead).
 */
export interface ScriptedEnvironments {
  addEnvironment(script: AddEnvironmentScript): Promise<EnvironmentEntry>;
  /** Changes a user environment (name, kind, URLs, readOnly). */
  editEnvironment(name: string, changes: Partial<StoredEnvironment>): Promise<EnvironmentEntry>;
  /** Sets the given keys of a user environment; the others stay. */
  setKeys(name: string, keys: Credentials): Promise<void>;
}

/** Inside views the tests cannot read through VS Code: GatewayWorkbenchApi's `testing`. */
export interface GatewayWorkbenchTestHooks {
  /** The last run (Send, Send All) of the request document with this uri: passed / failed / skipped… per request. */
  lastRun(uri: string): readonly RunOutcome[] | undefined;
  /** The pass/fail marks shown beside that document's requests: line (0-based) and text. */
  requestDecorations(uri: string): readonly ShownMark[];
  /** Whether the request-file language client is running (it starts when the first request file opens). */
  languageClientRunning(): boolean;
  /** The HTML the Gateway Overview panel of this environment shows, and how many times it was read (undefined: not open). */
  overviewPage(environmentName: string): { html: string; reads: number } | undefined;
  /** The Language Model Tools as registered, by name (their prepareInvocation is what VS Code shows before a call). */
  agentTools(): ReadonlyMap<string, vscode.LanguageModelTool<Record<string, unknown>>>;
}

/** What `activate` returns: used by the extension-host tests and by other extensions. */
export interface GatewayWorkbenchApi {
  environments: EnvironmentService;
  /** Scripted entry points: what the commands do, with the answers given instead of asked. */
  scripted: ScriptedEnvironments;
  runner: OperationRunner;
  results: ResultPresenter;
  knownResources: KnownResourceStore;
  tree: vscode.TreeDataProvider<unknown>;
  history(): readonly HistoryEntry[];
  /**
   * What only the extension-host tests look at: present when the extension runs under them
   * (the environment variable GATEWAY_WORKBENCH_TEST=1, which test/vscode/runExtensionTests.ts
   * and runElectron.ts set), absent for users and other extensions.
   */
  testing?: GatewayWorkbenchTestHooks;
  /** Request files in the Testing view: their items, and runs as the run profiles make them. */
  requestTests: RequestTestsApi;
  /** The Traffic view's exchanges (Local sandbox and opened proxy recordings). */
  traffic: TrafficApi;
}
