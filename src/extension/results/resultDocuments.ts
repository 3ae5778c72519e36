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
}

const KEEP_RESULTS = 20;

export class ResultDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly entries = new Map<string, ResultEntry>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  /** Adds a result; one under a uri already shown (a settings read again) replaces it in its editor. */
  add(uri: vscode.Uri, entry: ResultEntry): void {
    const key = uri.toString();
    const shownBefore = this.entries.delete(key);
    this.entries.set(key, entry);
    // Map keeps insertion order: the first keys are the oldest results.
    while (this.entries.size > KEEP_RESULTS) this.entries.delete(this.entries.keys().next().value as string);
    if (shownBefore) this.changed.fire(uri);
  }

  get(uri: vscode.Uri): ResultEntry | undefined {
    return this.entries.get(uri.toString());
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
