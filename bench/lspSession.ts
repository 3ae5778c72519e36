// A real LSP client session for the benchmark: spawns `node dist/server.js --stdio` and talks
// JSON-RPC over its stdin/stdout with vscode-jsonrpc, exactly as an editor's client would —
// initialize/initialized, didOpen/didChange, requests, and publishDiagnostics as they arrive.
import { spawn, type ChildProcess } from 'node:child_process';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { nowMs } from './stats';

export interface LspPosition { line: number; character: number }
export interface LspRange { start: LspPosition; end: LspPosition }
export interface LspDiagnostic { range: LspRange; message: string; severity?: number; code?: string | number }
interface PublishDiagnosticsParams { uri: string; version?: number; diagnostics: LspDiagnostic[] }

/** LSP TextDocumentSyncKind: how the server wants changes (whole text or ranges). */
const SYNC_FULL = 1;
const SYNC_INCREMENTAL = 2;

interface Waiter { uri: string; version: number; resolve: (d: Published) => void }

export interface Published {
  diagnostics: LspDiagnostic[];
  /** When the notification arrived (monotonic ms). */
  at: number;
  /** Whether the server said which version it analyzed (LSP `version`, optional). */
  versioned: boolean;
}

export class LspSession {
  private readonly waiters: Waiter[] = [];
  private stderr = '';
  private syncKind = SYNC_FULL;

  private constructor(private readonly child: ChildProcess, private readonly connection: MessageConnection) {
    child.stderr?.on('data', (chunk: Buffer) => { this.stderr = (this.stderr + chunk.toString()).slice(-4000); });
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => this.published(params));
  }

  /** `options`: extra initializationOptions (the server's diagnosticsDelayMs). */
  static async start(serverJs: string, options: Record<string, unknown> = {}): Promise<LspSession> {
    // LSP_BENCH_NODE_ARGS: options for the server's node (e.g. "--cpu-prof --cpu-prof-dir=prof" to profile it).
    const nodeArgs = process.env.LSP_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeArgs, serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    if (!child.stdout || !child.stdin) throw new Error('could not open the server process pipes');
    const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const session = new LspSession(child, connection);
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) =>
      reject(new Error(`the language server exited (code ${code}) during start-up. Its stderr:\n${session.stderr}`))));
    connection.listen();
    const result = await Promise.race([exited, connection.sendRequest<{ capabilities: { textDocumentSync?: number | { change?: number } } }>('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {
        textDocument: {
          publishDiagnostics: { versionSupport: true },
          // As vscode-languageclient declares them.
          completion: {
            completionItem: { snippetSupport: true, insertReplaceSupport: true },
            completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] },
          },
        },
      },
      initializationOptions: { environments: { active: 'Local sandbox', names: ['Local sandbox'] }, ...options },
    })]);
    const sync = result.capabilities.textDocumentSync;
    session.syncKind = typeof sync === 'number' ? sync : sync?.change ?? SYNC_FULL;
    await connection.sendNotification('initialized', {});
    return session;
  }

  get incremental(): boolean {
    return this.syncKind === SYNC_INCREMENTAL;
  }

  private published(params: PublishDiagnosticsParams): void {
    const at = nowMs();
    for (let i = 0; i < this.waiters.length; i++) {
      const w = this.waiters[i];
      // Without a version the server still publishes once per analysis: the first one after
      // our notification is the answer to it (requests are handled in order).
      if (w.uri !== params.uri || (params.version !== undefined && params.version < w.version)) continue;
      this.waiters.splice(i--, 1);
      w.resolve({ diagnostics: params.diagnostics, at, versioned: params.version !== undefined });
    }
  }

  /** Resolves with the first publishDiagnostics for `uri` at `version` or later. */
  diagnosticsFor(uri: string, version: number, timeoutMs = 10_000): Promise<Published> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} v${version} within ${timeoutMs} ms. Server stderr:\n${this.stderr}`)), timeoutMs);
      this.waiters.push({ uri, version, resolve: (d) => { clearTimeout(timer); resolve(d); } });
    });
  }

  open(uri: string, text: string, version: number): Promise<void> {
    return this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'gateway-request', version, text } });
  }

  /** Replaces line `line` (whose current text is `oldText`) by `newText`, as the server's sync kind asks. */
  changeLine(uri: string, version: number, line: number, oldText: string, newText: string, fullText: string): Promise<void> {
    const contentChanges = this.incremental
      ? [{ range: { start: { line, character: 0 }, end: { line, character: oldText.length } }, text: newText }]
      : [{ text: fullText }];
    return this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
  }

  close(uri: string): Promise<void> {
    return this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest<R>(method, params);
  }

  async shutdown(): Promise<void> {
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } finally {
      this.connection.dispose();
      if (this.child.exitCode === null) this.child.kill();
    }
  }
}
