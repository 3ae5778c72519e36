// The environments part: the store (settings + workspace state), secrets, the in-process Local
// sandbox, cached clients, the commands and the status bar, wired together.
import * as vscode from 'vscode';
import { registerLazily } from '../commands/lazyCommands';
import { COMMANDS } from '../contracts';
import { ClientCache } from './clientCache';
import { registerEnvironmentCommands } from './environmentCommands';
import { EnvironmentStore, type EnvironmentManager } from './environmentStore';
import { LocalSandboxHost } from './localSandboxHost';
import { PORT_SETTING } from './localSandboxPort';
import { registerOpenExamples } from './openExamples';
import { SecretStore } from './secretStore';
import { createEnvironmentStatusBar } from './statusBar';

export type { EnvironmentManager } from './environmentStore';
export { environmentScripts } from './environmentCommands';

/**
 * Registers everything and returns the service. Nothing starts here: the sandbox and the
 * runtime bundle load on first use. `dispose()` returns a promise that settles once the
 * sandbox has saved its state and the clients are closed (await it from `deactivate`).
 */
export function registerEnvironments(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): EnvironmentManager {
  const secrets = new SecretStore(context.secrets);
  const sandbox = new LocalSandboxHost(context.globalStorageUri, secrets, log, context.globalState);
  const clients = new ClientCache(log);
  const store = new EnvironmentStore(context.workspaceState, secrets, sandbox, clients);
  store.own(secrets, registerEnvironmentCommands(store, log), createEnvironmentStatusBar(store), registerOpenExamples(context.extensionUri));
  // Run rarely: their bodies load from dist/commands.js at the first run of one of them.
  store.own(
    registerLazily([COMMANDS.sandboxSaveSnapshot, COMMANDS.sandboxStartFromSeed], log, (c, register) => c.registerSandboxSeedCommands(store, log, register)),
    registerLazily([COMMANDS.exportSettings, COMMANDS.compareEnvironmentSettings, COMMANDS.applySettingsTo], log, (c, register) => c.registerSettingsCodeCommands(store, log, register)),
    registerLazily([COMMANDS.copyConnectionSettings, COMMANDS.openTerminalWithVariables], log, (c, register) => c.registerConnectionCommands(store, log, register)),
    registerLazily([COMMANDS.preflight], log, (c, register) => c.registerPreflightCommand(store, log, register)),
  );
  // Said once per run of failures, whatever started it (a tree group, a send): what happened and the log.
  store.own(sandbox.onDidFail(message => {
    void vscode.window.showErrorMessage(message, 'Show log').then(choice => {
      if (choice) log.show(true);
    });
  }));
  store.own(sandbox.onDidTell(message => void vscode.window.showInformationMessage(message)));
  // A new port takes effect at once for a running sandbox (one not started yet takes it on first use).
  store.own(vscode.workspace.onDidChangeConfiguration(e => {
    if (!e.affectsConfiguration(PORT_SETTING) || !sandbox.running()) return;
    store.restartLocalSandbox().then(
      env => log.info(`[Local sandbox] listening on ${env.gatewayUrl} after ${PORT_SETTING} changed`),
      (err: unknown) => log.error(`[Local sandbox] could not start again after ${PORT_SETTING} changed: ${err instanceof Error ? err.message : String(err)}`),
    );
  }));
  context.subscriptions.push({ dispose: () => void store.dispose() });
  return store;
}
