// The exchanges the Traffic view shows: each Local sandbox exchange as it happens (checked with
// the request-file rules on what the client sent, then redacted — the raw one is never kept),
// and the exchanges of proxy recordings the user opened, re-read as the proxy appends to them.
import * as vscode from 'vscode';
import { matchOperation } from '../../catalog';
import type { TrafficExchange } from '../../core/traffic/exchange';
import type { SandboxExchange } from '../../sandbox/http/exchangeTap';
import { loadRuntime } from '../lazy/runtime';
import { senderOf, type Sender } from '../../core/http/userAgent';
import { headerValue } from '../../core/http/headerLookup';

export interface TrafficEntry {
  id: number;
  /** `Local sandbox`, or the recording's file name. */
  source: string;
  /** Who sent it, from its User-Agent: the user's application, curl, or the Workbench itself. */
  sender: Sender;
  exchange: TrafficExchange;
}

function entryOf(id: number, source: string, exchange: TrafficExchange): TrafficEntry {
  // A recording's line may lack its headers.
  return { id, source, sender: senderOf(headerValue(exchange.requestHeaders ?? {}, 'user-agent')), exchange };
}

/** The newest exchanges kept; older ones fall off. */
const MAX_TRAFFIC_ENTRIES = 500;

const isText = (type: unknown): boolean => type === undefined || /json|xml|text|urlencoded/i.test(String(type));

function headerRecord(headers: Readonly<Record<string, unknown>>): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = value === undefined ? undefined : Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

export class TrafficStore implements vscode.Disposable {
  private entries: TrafficEntry[] = [];
  private next = 1;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly watchers = new Map<string, vscode.Disposable>();

  list(): readonly TrafficEntry[] {
    return this.entries;
  }

  get(id: number): TrafficEntry | undefined {
    return this.entries.find((e) => e.id === id);
  }

  /** A Local sandbox exchange: checked as sent, then kept redacted (`secrets` too: values typed unseen). */
  addSandboxExchange(raw: SandboxExchange, source: string, secrets: readonly string[] = []): void {
    const runtime = loadRuntime();
    const requestBody = raw.requestBody && isText(raw.requestHeaders['content-type']) ? raw.requestBody.toString('utf8') : undefined;
    const responseBody = raw.responseBody && isText(raw.responseHeaders['content-type']) ? raw.responseBody.toString('utf8') : undefined;
    let findings: TrafficExchange['findings'];
    try {
      findings = runtime.lintExchangeRequest({ method: raw.method, path: raw.path, headers: raw.requestHeaders, ...(requestBody ? { body: requestBody } : {}) });
    } catch {
      findings = [];
    }
    const operationId = matchOperation(raw.method, raw.path.split('?')[0])?.op.id;
    const exchange = runtime.keptExchange({
      at: raw.at,
      method: raw.method,
      path: raw.path,
      ...(operationId ? { operationId } : {}),
      requestHeaders: raw.requestHeaders,
      ...(requestBody !== undefined ? { requestBody } : {}),
      ...(raw.status !== undefined ? { status: raw.status } : { error: 'the connection was dropped before an answer' }),
      responseHeaders: headerRecord(raw.responseHeaders),
      ...(responseBody !== undefined ? { responseBody } : {}),
      timeMs: raw.timeMs,
      findings,
      secrets,
    });
    this.add([entryOf(this.next++, source, exchange)]);
  }

  private add(entries: TrafficEntry[]): void {
    this.entries = [...entries.reverse(), ...this.entries].slice(0, MAX_TRAFFIC_ENTRIES);
    this.changed.fire();
  }

  /** Shows a proxy recording (JSON Lines of kept exchanges) and follows it as it grows. */
  async openRecording(uri: vscode.Uri): Promise<number> {
    const source = uri.path.split('/').pop() ?? uri.toString();
    const load = async (): Promise<number> => {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      const exchanges = text.split('\n').filter((l) => l.trim() !== '').flatMap((line) => {
        try {
          return [JSON.parse(line) as TrafficExchange];
        } catch {
          return []; // a line the proxy is still writing
        }
      });
      this.entries = this.entries.filter((e) => e.source !== source);
      this.add(exchanges.map((exchange) => entryOf(this.next++, source, exchange)));
      return exchanges.length;
    };
    const count = await load();
    if (!this.watchers.has(uri.toString())) {
      const folder = vscode.Uri.joinPath(uri, '..');
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, source));
      const reload = () => void load().catch(() => undefined);
      this.watchers.set(uri.toString(), vscode.Disposable.from(watcher, watcher.onDidChange(reload), watcher.onDidCreate(reload)));
    }
    return count;
  }

  clear(): void {
    this.entries = [];
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
    for (const watcher of this.watchers.values()) watcher.dispose();
    this.watchers.clear();
  }
}
