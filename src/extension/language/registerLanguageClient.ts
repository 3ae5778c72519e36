// Starts the request-file language client when the first gateway-request document is open (now
// or later), never before: the client and its server cost nothing to users who never open one.
// Keeps the server told which environments exist, for its "Send to …" code lenses.
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { EnvironmentsParams } from '../../language/protocol';
import { LOCAL_SANDBOX_NAME, REQUEST_LANGUAGE_ID, type EnvironmentService } from '../contracts';
import type { RequestLanguageClient } from './languageClientBundle';
import { loadLanguageClientModule, serverModulePath } from './languageClientLoader';

export interface LanguageClientHost extends vscode.Disposable {
  /** Stops the client and its server process (deactivate awaits this). */
  stop(): Promise<void>;
  /** True once the client runs: for the tests. */
  isRunning(): boolean;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function registerLanguageClient(environments: EnvironmentService, log: vscode.LogOutputChannel): LanguageClientHost {
  let starting: Promise<RequestLanguageClient | undefined> | undefined;
  let running = false;
  let stopped = false;
  const params = (): EnvironmentsParams => ({
    active: environments.active().name,
    names: environments.list().map((e) => e.name),
    production: environments.list().filter((e) => e.kind === 'production').map((e) => e.name),
    local: LOCAL_SANDBOX_NAME,
  });

  const startClient = async (): Promise<RequestLanguageClient | undefined> => {
    const serverModule = serverModulePath();
    if (!fs.existsSync(serverModule)) {
      log.error(`The request-file language server is missing (${serverModule}): completion, diagnostics and code lenses are off. Rebuild the extension with "npm run build".`);
      return undefined;
    }
    try {
      const client = await loadLanguageClientModule().startRequestLanguageClient({ serverModule, environments: params() });
      if (stopped) {
        await client.stop();
        return undefined;
      }
      running = true;
      await client.sendEnvironments(params());
      log.info('Request-file language server started.');
      return client;
    } catch (error) {
      log.error(`The request-file language server did not start: ${errorText(error)}. Completion, diagnostics and code lenses are off until the window reloads.`);
      void vscode.window.showErrorMessage(`Gateway request files: the language server did not start (${errorText(error)}). Reload the window; see the "Gateway" log for details.`);
      return undefined;
    }
  };

  const start = (): void => {
    if (!stopped) starting ??= startClient();
  };
  const isRequestDocument = (doc: vscode.TextDocument) => doc.languageId === REQUEST_LANGUAGE_ID;

  const subscriptions = vscode.Disposable.from(
    vscode.workspace.onDidOpenTextDocument((doc) => {
      if (isRequestDocument(doc)) start();
    }),
    environments.onDidChange(() => {
      void starting
        ?.then((client) => client?.sendEnvironments(params()))
        .catch((error: unknown) => log.warn(`Could not tell the language server about the environments: ${errorText(error)}`));
    }),
  );
  if (vscode.workspace.textDocuments.some(isRequestDocument)) start();

  const stop = async (): Promise<void> => {
    stopped = true;
    subscriptions.dispose();
    const client = await starting;
    starting = undefined;
    running = false;
    await client?.stop().catch((error: unknown) => log.warn(`The language server did not stop cleanly: ${errorText(error)}`));
  };
  return { stop, dispose: () => void stop(), isRunning: () => running };
}
