// The request-file language server process (dist/server.js): LSP wiring only. Every feature
// is a pure handler in handlers.ts; documents are analyzed once per version (openFile.ts).
// Diagnostics are pushed (publishDiagnostics): at once on open, and once typing pauses
// (diagnosticsDelayMs) after a change, from an analysis that redoes only the `###` blocks
// the edits touched (FileDiagnostics), plus the body files that cannot be read, looked up on
// disk at each publish (bodyFiles.ts), and what is wrong inside the ones that can (their content
// checked as their request's body, kept while the file is unchanged: bodyFileContent.ts). Body
// files must be inside the workspace folder that holds the request file (workspaceFolders.ts).

import { CodeLensRefreshRequest, createConnection, type CompletionItem, type CompletionList, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { clientProfileOf, completionAnswer, fitCompletions, type ClientProfile } from './clientProfile';
import { AnalyzedDocument } from './documents/analyzedDocument';
import { languageHandlers } from './handlers';
import { DIAGNOSTICS_DELAY_MS, ENVIRONMENTS_NOTIFICATION, type EnvironmentsParams, type ServerInitializationOptions } from './protocol';
import { openFiles } from './documents/openFile';
import { bodyFileBase, bodyFileDiagnostics, bodyFilePath } from './bodyFiles/bodyFiles';
import { BodyFileContentChecks } from './bodyFiles/bodyFileContent';
import { changedFiles } from './documents/changedFiles';
import { changeWorkspaceFolders } from './workspaceFolders';

// The transports vscode-languageserver reads from the command line. Without one it would throw
// at start-up; say how to start it instead.
const TRANSPORT = /^--(stdio|node-ipc|socket|pipe)(=.+)?$/;
if (!process.argv.slice(2).some(arg => TRANSPORT.test(arg)) && !process.send) {
  process.stderr.write('Gateway Workbench language server for request files (.gwreq).\n'
    + 'Start it from an editor\'s LSP client: gateway-workbench lsp --stdio (or node server.js --stdio | --node-ipc | --socket=PORT).\n');
  process.exit(2);
}

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(openFiles);
let environments: EnvironmentsParams = { active: '', names: [] };
let canRefreshLenses = false;
let profile: ClientProfile = { snippets: true, editorCommands: true, sharedEditRange: false, createsFiles: false };
let diagnosticsDelayMs = DIAGNOSTICS_DELAY_MS;
/** The client tells of workspace folders added and removed (workspace/didChangeWorkspaceFolders). */
let followsWorkspaceFolders = false;
/** Per open document: the publish waiting for typing to pause. */
const pending = new Map<string, ReturnType<typeof setTimeout>>();
/** What is wrong inside the body files of every open document, kept per file while it is unchanged. */
const bodyFileContent = new BodyFileContentChecks();

/** The document for the other features, built from the incremental analysis's blocks (a full parse if that fails). */
function analyzed(uri: string) {
  const file = documents.get(uri);
  if (!file) return undefined;
  return file.current(() => safely('analysis', undefined, () => file.document(file.target(environments)))
    ?? new AnalyzedDocument(file.getText(), uri, file.version));
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
  const delay = options?.diagnosticsDelayMs;
  if (typeof delay === 'number' && Number.isFinite(delay) && delay >= 0) diagnosticsDelayMs = delay;
  canRefreshLenses = params.capabilities.workspace?.codeLens?.refreshSupport === true;
  profile = clientProfileOf(params);
  // The folders body files must be inside; a client without workspace folders may still name its root.
  changeWorkspaceFolders(params.workspaceFolders ? params.workspaceFolders.map((f) => f.uri) : params.rootUri ? [params.rootUri] : []);
  followsWorkspaceFolders = params.capabilities.workspace?.workspaceFolders === true;
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: ['{', '.', '@', '"', '<', '/', ':', '?', '&', '=', ' '], resolveProvider: true },
      hoverProvider: true,
      // The lenses run the extension's send commands: only for a client that runs them.
      ...(profile.editorCommands ? { codeLensProvider: { resolveProvider: false } } : {}),
      codeActionProvider: { codeActionKinds: ['quickfix'] },
      documentSymbolProvider: true,
      documentFormattingProvider: true,
      documentRangeFormattingProvider: true,
      documentLinkProvider: { resolveProvider: false },
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    },
    serverInfo: { name: 'Gateway Workbench request files' },
  };
});

connection.onInitialized(() => {
  if (!followsWorkspaceFolders) return;
  // A folder added or removed moves some body files in or out of their root: publish again.
  connection.workspace.onDidChangeWorkspaceFolders(({ added, removed }) => {
    changeWorkspaceFolders(added.map((f) => f.uri), removed.map((f) => f.uri));
    for (const doc of documents.all()) if (doc.hasBodyFiles()) publish(doc.uri);
  });
});

connection.onNotification(ENVIRONMENTS_NOTIFICATION, (params: unknown) => {
  if (!isEnvironments(params)) return;
  environments = params;
  // Where a file goes decides some of its diagnostics (test cards in production).
  for (const doc of documents.all()) publish(doc.uri);
  if (canRefreshLenses) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
});

/**
 * The current diagnostics of an open document (incremental: only changed blocks are analysed).
 * `withBodyFiles`: also its body files that cannot be read and what is wrong inside the others,
 * asked of the disk now — a file created, changed or deleted changes them with the text unchanged,
 * so they are never kept with the analysis. (The quick fixes do without them, and the editor asks
 * for those at every move: a missing body file's "Create" asks the disk about that path alone.)
 */
function diagnosticsOf(uri: string, withBodyFiles = false) {
  const file = documents.get(uri);
  if (!file) return undefined;
  const target = file.target(environments);
  return {
    version: file.version,
    diagnostics: safely('diagnostics', [], () => {
      const found = file.diagnostics(target);
      const bodyFiles = withBodyFiles ? file.bodyFileRequests(target) : [];
      if (bodyFiles.length === 0) return found;
      const base = bodyFileBase(uri);
      return [...found, ...bodyFileDiagnostics(bodyFiles.map((placed) => placed.file), base), ...bodyFileContent.diagnostics(bodyFiles, base, target)];
    }),
  };
}

function publish(uri: string): void {
  clearTimeout(pending.get(uri));
  pending.delete(uri);
  const found = diagnosticsOf(uri, true);
  if (found) void connection.sendDiagnostics({ uri, version: found.version, diagnostics: found.diagnostics });
}

/** Publishes once typing pauses: each keystroke restarts the wait, so only the last version is analysed. */
function publishSoon(uri: string): void {
  if (diagnosticsDelayMs === 0) return publish(uri);
  clearTimeout(pending.get(uri));
  pending.set(uri, setTimeout(() => publish(uri), diagnosticsDelayMs));
}

// TextDocuments fires onDidChangeContent for an open too: publishing on both sent every
// didOpen's diagnostics twice. The first analysis of a document is published at once.
documents.onDidChangeContent((e) => (e.document.analysed ? publishSoon(e.document.uri) : publish(e.document.uri)));
// A file created, changed or deleted (the client watches the workspace's files): the documents
// naming one of them as a body file publish again with their text unchanged, so creating the
// missing file clears its error and saving an edit to it shows what is wrong in it now. Any other
// file (a build's output, an `npm install`) publishes nothing.
connection.onDidChangeWatchedFiles(({ changes }) => safely('file events', undefined, () => {
  const naming = documents.all().filter((doc) => doc.hasBodyFiles());
  if (naming.length === 0) return;
  const changed = changedFiles(changes.map((change) => change.uri));
  bodyFileContent.forget(changed);
  for (const doc of naming) {
    const base = bodyFileBase(doc.uri);
    const bodyFiles = doc.bodyFiles(doc.target(environments));
    if (bodyFiles.some((ref) => {
      const file = bodyFilePath(base, ref.path);
      return file !== undefined && changed(file);
    })) publishSoon(doc.uri);
  }
}));
documents.onDidClose((e) => {
  clearTimeout(pending.get(e.document.uri));
  pending.delete(e.document.uri);
  void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
});

connection.onCompletion((p) => {
  const doc = analyzed(p.textDocument.uri);
  if (!doc) return [];
  return safely<CompletionItem[] | CompletionList>('completion', [], () => {
    const list = languageHandlers.completionList(doc, p.position);
    return completionAnswer(fitCompletions(list.items, profile), list.isIncomplete, profile);
  });
});
connection.onCompletionResolve((item) => safely('completion resolve', item, () => languageHandlers.completionResolve(item)));
connection.onCodeAction((p) => {
  const doc = analyzed(p.textDocument.uri);
  // The fixes come from the file's current diagnostics (incremental), not a whole-file re-analysis.
  if (!doc) return [];
  const current = diagnosticsOf(p.textDocument.uri)?.diagnostics;
  return safely('code actions', [], () => languageHandlers.codeActions(doc, p.range, { editorCommands: profile.editorCommands, environments, ...(current ? { diagnostics: current } : {}), createsFiles: profile.createsFiles, shown: p.context.diagnostics }));
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
connection.onDocumentLinks((p) => {
  const doc = analyzed(p.textDocument.uri);
  return doc ? safely('document links', [], () => languageHandlers.documentLinks(doc)) : [];
});

documents.listen(connection);
connection.listen();
