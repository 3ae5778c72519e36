// The request-file language server process (dist/server.js): LSP wiring only. Every feature
// is a pure handler in handlers.ts; documents are analyzed once per version (DocumentCache).
// Diagnostics are pushed (publishDiagnostics) on open and change.

import { CodeLensRefreshRequest, createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { clientProfileOf, fitCompletions, type ClientProfile } from './clientProfile';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentCache } from './analyzedDocument';
import { languageHandlers } from './handlers';
import { ENVIRONMENTS_NOTIFICATION, type EnvironmentsParams, type ServerInitializationOptions } from './protocol';

// The transports vscode-languageserver reads from the command line. Without one it would throw
// at start-up; say how to start it instead.
const TRANSPORT = /^--(stdio|node-ipc|socket|pipe)(=.+)?$/;
if (!process.argv.slice(2).some(arg => TRANSPORT.test(arg)) && !process.send) {
  process.stderr.write('Gateway Workbench language server for request files (.gwreq).\n'
    + 'Start it from an editor\'s LSP client: gateway-workbench lsp --stdio (or node server.js --stdio | --node-ipc | --socket=PORT).\n');
  process.exit(2);
}

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const cache = new DocumentCache();
let environments: EnvironmentsParams = { active: '', names: [] };
let canRefreshLenses = false;
let profile: ClientProfile = { snippets: true, editorCommands: true };

function analyzed(uri: string) {
  const doc = documents.get(uri);
  return doc ? cache.get(uri, doc.version, doc.getText()) : undefined;
}

/** A handler failure is logged and answered empty: one bad request must not end the server. */
function safely<T>(what: string, fallback: T, run: () => T): T {
  try {
    return run();
  } catch (err) {
    connection.console.error(`Gateway request-file ${what} failed: ${(err as Error).message}`);
    return fallback;
  }
}

function isEnvironments(value: unknown): value is EnvironmentsParams {
  const v = value as EnvironmentsParams;
  return !!v && typeof v.active === 'string' && Array.isArray(v.names) && v.names.every((n) => typeof n === 'string');
}

connection.onInitialize((params) => {
  const options = params.initializationOptions as ServerInitializationOptions | undefined;
  if (isEnvironments(options?.environments)) environments = options.environments;
  canRefreshLenses = params.capabilities.workspace?.codeLens?.refreshSupport === true;
  profile = clientProfileOf(params);
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: ['{', '.', '@', '"', '<', '/', ':', '?', '&', '=', ' '] },
      hoverProvider: true,
      // The lenses run the extension's send commands: only for a client that runs them.
      ...(profile.editorCommands ? { codeLensProvider: { resolveProvider: false } } : {}),
      codeActionProvider: { codeActionKinds: ['quickfix'] },
      documentSymbolProvider: true,
      documentFormattingProvider: true,
      documentRangeFormattingProvider: true,
    },
    serverInfo: { name: 'Gateway Workbench request files' },
  };
});

connection.onNotification(ENVIRONMENTS_NOTIFICATION, (params: unknown) => {
  if (!isEnvironments(params)) return;
  environments = params;
  // Where a file goes decides some of its diagnostics (test cards in production).
  for (const doc of documents.all()) publish(doc.uri);
  if (canRefreshLenses) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
});

function publish(uri: string): void {
  const doc = analyzed(uri);
  if (!doc) return;
  const diagnostics = safely('diagnostics', [], () => languageHandlers.diagnostics(doc, environments));
  void connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
}

// TextDocuments fires onDidChangeContent for an open too: publishing on both sent every
// didOpen's diagnostics twice.
documents.onDidChangeContent((e) => publish(e.document.uri));
documents.onDidClose((e) => {
  cache.delete(e.document.uri);
  void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
});

connection.onCompletion((p) => {
  const doc = analyzed(p.textDocument.uri);
  return doc ? safely('completion', [], () => fitCompletions(languageHandlers.completion(doc, p.position), profile)) : [];
});
connection.onCodeAction((p) => {
  const doc = analyzed(p.textDocument.uri);
  return doc ? safely('code actions', [], () => languageHandlers.codeActions(doc, p.range, { editorCommands: profile.editorCommands, environments })) : [];
});
connection.onHover((p) => {
  const doc = analyzed(p.textDocument.uri);
  return doc ? safely('hover', null, () => languageHandlers.hover(doc, p.position)) : null;
});
connection.onCodeLens((p) => {
  const doc = analyzed(p.textDocument.uri);
  return doc && profile.editorCommands ? safely('code lenses', [], () => languageHandlers.codeLenses(doc, environments)) : [];
});
connection.onDocumentSymbol((p) => {
  const doc = analyzed(p.textDocument.uri);
  return doc ? safely('symbols', [], () => languageHandlers.symbols(doc)) : [];
});
connection.onDocumentFormatting((p) => {
  const doc = analyzed(p.textDocument.uri);
  return doc ? safely('formatting', [], () => languageHandlers.formatting(doc, p.options)) : [];
});
connection.onDocumentRangeFormatting((p) => {
  const doc = analyzed(p.textDocument.uri);
  return doc ? safely('formatting', [], () => languageHandlers.formatting(doc, p.options, p.range)) : [];
});

documents.listen(connection);
connection.listen();
