// Read-only result documents under RESULT_SCHEME. Contents live in memory only, and only the
// last KEEP_RESULTS of them: results can hold customer data, so nothing is written to disk.
import * as vscode from 'vscode';

/** What the status bar and the Format action need to know about one shown result. */
export interface ResultEntry {
  content: string;
  /** The redacted, unformatted body of a large result, kept for "Format". */
  unformatted?: string;
  format: 'json' | 'xml' | 'text';
  status: number;
  statusText: string;
  timingMs: number;
  attempts: number;
  payloadType?: string;
  exchangeId?: string;
  /** Response headers, redacted. */
  headers: Readonly<Record<string, string>>;
  title: string;
  environmentName: string;
  /** The request line as sent (redacted), for the headers document. */
  method?: string;
  url?: string;
  /** Of timingMs, until the status line and headers arrived. */
  headersMs?: number;
  /** The answer's size in bytes, as received (decoded). */
  sizeBytes?: number;
  /** Results with the same key answer the same request: "Compare with Previous Answer" pairs them. None: not comparable (a headers document). */
  compareKey?: string;
  /** The request file and request it came from, for "Copy Value as Variable". */
  origin?: ResultOrigin;
}

/** Where a result's request was written: a request file's uri and the request's index (and `# @name`) at send time. */
export interface ResultOrigin {
  uri: string;
  requestIndex: number;
  name?: string;
}

const KEEP_RESULTS = 20;

export class ResultDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly entries = new Map<string, ResultEntry>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  private stashed = 0;

  /**
   * Adds a result; one under a uri already shown (a settings read again) replaces it in its
   * editor, and the one it replaces stays, under another uri, as its previous answer.
   */
  add(uri: vscode.Uri, entry: ResultEntry): void {
    const key = uri.toString();
    const before = this.entries.get(key);
    const shownBefore = this.entries.delete(key);
    if (before?.compareKey !== undefined) {
      this.stashed += 1;
      this.entries.set(uri.with({ query: `previous=${this.stashed}` }).toString(), before);
    }
    this.entries.set(key, entry);
    // Map keeps insertion order: the first keys are the oldest results.
    while (this.entries.size > KEEP_RESULTS) this.entries.delete(this.entries.keys().next().value as string);
    if (shownBefore) this.changed.fire(uri);
  }

  get(uri: vscode.Uri): ResultEntry | undefined {
    return this.entries.get(uri.toString());
  }

  /** The latest result kept before this one that answered the same request; none when there is none. */
  previousOf(uri: vscode.Uri): vscode.Uri | undefined {
    const key = uri.toString();
    const compareKey = this.entries.get(key)?.compareKey;
    if (compareKey === undefined) return undefined;
    let previous: string | undefined;
    for (const [other, entry] of this.entries) {
      if (other === key) break;
      if (entry.compareKey === compareKey) previous = other;
    }
    return previous === undefined ? undefined : vscode.Uri.parse(previous, true);
  }

  /** Replaces a result's content (Format) and tells open editors. */
  update(uri: vscode.Uri, entry: ResultEntry): void {
    this.entries.set(uri.toString(), entry);
    this.changed.fire(uri);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.entries.get(uri.toString())?.content ??
      'This result is no longer kept (only the last 20 are, in memory). Run the request again to see it.'
    );
  }

  dispose(): void {
    this.changed.dispose();
    this.entries.clear();
  }
}
