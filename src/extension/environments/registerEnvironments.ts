// The environments part: the store (settings + workspace state), secrets, the in-process Local
// sandbox, cached clients, the commands and the status bar, wired together.
import * as vscode from 'vscode';
import { ClientCache } from './clientCache';
import { registerEnvironmentCommands } from './environmentCommands';
import { registerSandboxSeedCommands } from './sandboxSeedCommands';
import { registerSettingsCodeCommands } from './settingsCodeCommands';
import { registerPreflightCommand } from './preflightCommand';
import { EnvironmentStore, type EnvironmentManager } from './environmentStore';
import { LocalSandboxHost } from './localSandboxHost';
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
  const sandbox = new LocalSandboxHost(context.globalStorageUri, secrets, log);
  const clients = new ClientCache(log);
  const store = new EnvironmentStore(context.workspaceState, secrets, sandbox, clients);
  store.own(secrets, registerEnvironmentCommands(store, log), registerSandboxSeedCommands(store, log), registerSettingsCodeCommands(store, log), registerPreflightCommand(store, log), createEnvironmentStatusBar(store), registerOpenExamples(context.extensionUri));
  // Said once per run of failures, whatever started it (a tree group, a send): what happened and the log.
  store.own(sandbox.onDidFail(message => {
    void vscode.window.showErrorMessage(message, 'Show log').then(choice => {
      if (choice) log.show(true);
    });
  }));
  store.own(sandbox.onDidTell(message => void vscode.window.showInformationMessage(message)));
  context.subscriptions.push({ dispose: () => void store.dispose() });
  return store;
}
