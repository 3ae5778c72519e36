// The request-file language client, built on its own into dist/languageClient.js: the
// activation bundle must not carry vscode-languageclient, so `languageClientLoader.ts` requires
// this module only when the first request file opens. It starts dist/server.js over IPC.
import { workspace } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { ENVIRONMENTS_NOTIFICATION, type EnvironmentsParams, type ServerInitializationOptions } from '../../language/protocol';
import { REQUEST_LANGUAGE_ID } from '../contracts';

export interface RequestLanguageClientOptions {
  /** Absolute path of dist/server.js. */
  serverModule: string;
  environments: EnvironmentsParams;
}

export interface RequestLanguageClient {
  /** Tells the server which environments its "Send to …" lenses offer. */
  sendEnvironments(params: EnvironmentsParams): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the server process and resolves once it has answered `initialize`. */
export async function startRequestLanguageClient(options: RequestLanguageClientOptions): Promise<RequestLanguageClient> {
  const serverOptions: ServerOptions = {
    run: { module: options.serverModule, transport: TransportKind.ipc },
    debug: { module: options.serverModule, transport: TransportKind.ipc },
  };
  const initializationOptions: ServerInitializationOptions = { environments: options.environments, runsEditorCommands: true };
  const clientOptions: LanguageClientOptions = {
    // Every scheme: request files in virtual workspaces and diff views get the same features.
    documentSelector: [{ language: REQUEST_LANGUAGE_ID }],
    initializationOptions,
    // Files created, changed and deleted: a body file (`< ./sale.json`) the user creates clears its
    // "cannot read" error at once, and an edit saved to one shows what is wrong in it now. The
    // server re-checks only the documents that name one of the files reported.
    synchronize: { fileEvents: workspace.createFileSystemWatcher('**/*', false, false, false) },
  };
  const client = new LanguageClient('gatewayRequestLanguageServer', 'Gateway Request Language Server', serverOptions, clientOptions);
  await client.start();
  return {
    sendEnvironments: (params) => client.sendNotification(ENVIRONMENTS_NOTIFICATION, params),
    stop: () => client.stop(),
  };
}
