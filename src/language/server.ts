// The request-file language server process (dist/server.js): LSP wiring only. Every feature
// is a pure handler in handlers.ts; documents are analyzed once per version (DocumentCache).
// Diagnostics are pushed (publishDiagnostics) on open and change.

import { CodeLensRefreshRequest, createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentCache } from './analyzedDocument';
import { languageHandlers } from './handlers';
import { ENVIRONMENTS_NOTIFICATION, type EnvironmentsParams, type ServerInitializationOptions } from './protocol';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const cache = new DocumentCache();
let environments: EnvironmentsParams = { active: '', names: [] };
let canRefreshLenses = false;

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
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: ['{', '.', '@', '"', '<', '/', ':', '?', '&', '=', ' '] },
      hoverProvider: true,
      codeLensProvider: { resolveProvider: false },
      documentSymbolProvider: true,
      documentFormattingProvider: true,
      documentRangeFormattingProvider: true,
      codeActionProvider: { codeActionKinds: ['quickfix'] },
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
  return doc ? safely('completion', [], () => languageHandlers.completion(doc, p.position)) : [];
});
connection.onHover((p) => {
  const doc = analyzed(p.textDocument.uri);
  return doc ? safely('hover', null, () => languageHandlers.hover(doc, p.position)) : null;
});
connection.onCodeLens((p) => {
  const doc = analyzed(p.textDocument.uri);
  return doc ? safely('code lenses', [], () => languageHandlers.codeLenses(doc, environments)) : [];
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

connection.onCodeAction((p) => {
  const doc = analyzed(p.textDocument.uri);
  return doc ? safely('code actions', [], () => languageHandlers.codeActions(doc, p.context.diagnostics)) : [];
});

documents.listen(connection);
connection.listen();
