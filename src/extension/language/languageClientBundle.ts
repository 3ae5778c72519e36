// The request-file language client, built on its own into dist/languageClient.js: the
// activation bundle must not carry vscode-languageclient, so `languageClientLoader.ts` requires
// this module only when the first request file opens. It starts dist/server.js over IPC.
import { Uri, workspace, type Command } from 'vscode';
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
    middleware: {
      // The server names files by their uri's text (a JSON argument); VS Code's open command
      // needs a Uri to reach the file through a remote window (code-server, SSH, WSL), where
      // a string would be opened as a link on the user's own machine.
      provideCodeActions: async (document, range, context, token, next) => {
        const actions = await next(document, range, context, token);
        for (const action of actions ?? []) withUriArguments(typeof action.command === 'string' ? (action as Command) : action.command);
        return actions;
      },
    },
  };
  const client = new LanguageClient('gatewayRequestLanguageServer', 'Gateway Request Language Server', serverOptions, clientOptions);
  await client.start();
  return {
    sendEnvironments: (params) => client.sendNotification(ENVIRONMENTS_NOTIFICATION, params),
    stop: () => client.stop(),
  };
}

/** `vscode.open "file:///…"` as `vscode.open Uri`. */
function withUriArguments(command: Command | undefined): void {
  const [target, ...rest] = (command?.arguments ?? []) as unknown[];
  if (command?.command !== 'vscode.open' || typeof target !== 'string') return;
  command.arguments = [Uri.parse(target), ...rest];
}
