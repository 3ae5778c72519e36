// What the request-file language server and the extension's language client say to each other
// beyond standard LSP. Plain data: no vscode import, no server import, so the extension can use
// these names and types without pulling the server into its bundle.

/** Which environments the code lenses offer: the active one and every known name. */
export interface EnvironmentsParams {
  active: string;
  names: string[];
  /** Names of the production environments: their lens says so, and test cards are flagged. */
  production?: string[];
  /** The built-in Local sandbox's name: key quick fixes are not offered for it. */
  local?: string;
}

/** Client → server notification, sent whenever the environments (or the active one) change. */
export const ENVIRONMENTS_NOTIFICATION = 'gatewayWorkbench/environments';

/** `initializationOptions` the client passes when it starts the server. */
export interface ServerInitializationOptions {
  environments?: EnvironmentsParams;
  /**
   * The client runs VS Code's commands (`editor.action.triggerSuggest`) and the extension's
   * (`LENS_COMMANDS`). Only then does the server offer Send lenses and completion items that
   * re-open suggestions; other editors get neither.
   */
  runsEditorCommands?: boolean;
  /**
   * How long typing must pause before an edit's diagnostics are published (ms; default
   * DIAGNOSTICS_DELAY_MS). Opening a file publishes at once. 0 publishes after every change:
   * the benchmark uses it to time the analysis on its own.
   */
  diagnosticsDelayMs?: number;
}

/** Default pause after the last edit before diagnostics are published. */
export const DIAGNOSTICS_DELAY_MS = 150;

/** Commands the code lenses run (registered by the extension). */
export const LENS_COMMANDS = {
  /** Arguments `[uri, index]`, `[uri, index, environmentName]` or `[uri, index, { pickEnvironment: true }]`. */
  sendRequestAt: 'gateway.sendRequestAt',
  /** Arguments `[uri]`: runs the file top to bottom; past a failure, skipping only the requests that read a failed one. */
  sendAll: 'gateway.sendAll',
  /** Arguments `[uri, index]`: asks for a language, then shows and copies the program. */
  generateCode: 'gateway.generateCode',
} as const;

/** Commands the quick fixes run after their edit (registered by the extension). */
export const CODE_ACTION_COMMANDS = {
  /** Arguments `[environmentName]` or none (the extension asks): "Set Keys…" after a key was taken out of a file. */
  setKeys: 'gateway.setKeys',
} as const;

/** Third argument of `gateway.sendRequestAt` from the "Send to…" lens. */
export interface PickEnvironmentArgument {
  pickEnvironment: true;
}

/** `source` of every diagnostic the server publishes. */
export const DIAGNOSTIC_SOURCE = 'gateway';
