// Run results beside the request: on each `@expect` line and on the method line, a mark at the
// start of the line ("✓" / "✗" / "○", where it stays in view however narrow the column beside a
// result is: issue 35) and the detail after the line ("✓ passed" / "✗ failed: …", "✓ 200 41 ms"),
// also on hover, in the test-explorer colours. An edit clears the decorations of the request it
// touches (they described the text before the edit) and moves the others with their lines.
import * as vscode from 'vscode';
import type { DecorationText, Verdict } from './runOutcomeText';

export interface RequestDecoration {
  /** The request these lines belong to: its first and last line (an edit inside clears them). */
  requestIndex: number;
  firstLine: number;
  lastLine: number;
  line: number;
  text: DecorationText;
}

/** One decoration as handed to an editor: where it starts and its before/after text. */
interface AppliedMark {
  line: number;
  character: number;
  before?: string;
  after?: string;
}

export interface ShownMark {
  line: number;
  text: string;
  /** How a visible editor was last told to show it (none while no editor shows the document). */
  shown: readonly AppliedMark[];
}

const COLOURS: Record<Verdict, string> = {
  passed: 'testing.iconPassed',
  failed: 'testing.iconFailed',
  neutral: 'descriptionForeground',
};

/** The verdict's glyph that leads the text ("✓ 200 41 ms" → "✓"). */
function markOf(text: string): string {
  return [...text.trimStart()][0] ?? '•';
}

function newlines(text: string): number {
  let count = 0;
  for (const ch of text) if (ch === '\n') count++;
  return count;
}

export class AssertionDecorations implements vscode.Disposable {
  private readonly types = Object.fromEntries(
    (Object.keys(COLOURS) as Verdict[]).map((v) => [
      v,
      vscode.window.createTextEditorDecorationType({
        before: { color: new vscode.ThemeColor(COLOURS[v]), margin: '0 0.6em 0 0', fontWeight: 'bold' },
        after: { color: new vscode.ThemeColor(COLOURS[v]), margin: '0 0 0 2em', fontStyle: 'italic' },
        rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
      }),
    ]),
  ) as Record<Verdict, vscode.TextEditorDecorationType>;
  private readonly byDocument = new Map<string, RequestDecoration[]>();
  /** What was last handed to a visible editor of each document, for the tests. */
  private readonly applied = new Map<string, AppliedMark[]>();
  private readonly subscriptions = vscode.Disposable.from(
    vscode.workspace.onDidChangeTextDocument((e) => this.onEdit(e)),
    vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach((editor) => this.apply(editor))),
    vscode.workspace.onDidCloseTextDocument((doc) => { this.byDocument.delete(doc.uri.toString()); this.applied.delete(doc.uri.toString()); }),
  );

  /** Replaces the decorations of the requests in `items` (other requests keep theirs). */
  show(uri: vscode.Uri, items: readonly RequestDecoration[]): void {
    const key = uri.toString();
    const replaced = new Set(items.map((i) => i.requestIndex));
    const kept = (this.byDocument.get(key) ?? []).filter((d) => !replaced.has(d.requestIndex));
    this.byDocument.set(key, [...kept, ...items]);
    this.applyTo(key);
  }

  /** The decorations of a document, for the tests: line and text, and how the editor was told to show them. */
  list(uri: string): readonly ShownMark[] {
    const applied = this.applied.get(uri) ?? [];
    return (this.byDocument.get(uri) ?? []).map((d) => ({ line: d.line, text: d.text.text, shown: applied.filter((a) => a.line === d.line) }));
  }

  private onEdit(e: vscode.TextDocumentChangeEvent): void {
    const key = e.document.uri.toString();
    let items = this.byDocument.get(key);
    if (!items || e.contentChanges.length === 0) return;
    // Later changes first, so that earlier line numbers stay valid while shifting.
    const changes = [...e.contentChanges].sort((a, b) => b.range.start.line - a.range.start.line);
    for (const change of changes) {
      const { start, end } = change.range;
      const delta = newlines(change.text) - (end.line - start.line);
      items = items
        .filter((d) => d.lastLine < start.line || d.firstLine > end.line)
        .map((d) => (d.firstLine > end.line ? { ...d, firstLine: d.firstLine + delta, lastLine: d.lastLine + delta, line: d.line + delta } : d));
    }
    this.byDocument.set(key, items);
    this.applyTo(key);
  }

  private applyTo(key: string): void {
    vscode.window.visibleTextEditors.filter((editor) => editor.document.uri.toString() === key).forEach((editor) => this.apply(editor));
  }

  private apply(editor: vscode.TextEditor): void {
    const key = editor.document.uri.toString();
    const items = this.byDocument.get(key) ?? [];
    const applied: AppliedMark[] = [];
    for (const verdict of Object.keys(this.types) as Verdict[]) {
      const options = items
        .filter((d) => d.text.verdict === verdict && d.line < editor.document.lineCount)
        .flatMap((d): vscode.DecorationOptions[] => {
          const line = editor.document.lineAt(d.line).range;
          return [
            { range: line, hoverMessage: d.text.text, renderOptions: { before: { contentText: markOf(d.text.text) } } },
            { range: new vscode.Range(line.end, line.end), renderOptions: { after: { contentText: d.text.text } } },
          ];
        });
      editor.setDecorations(this.types[verdict], options);
      for (const o of options) {
        applied.push({ line: o.range.start.line, character: o.range.start.character, before: o.renderOptions?.before?.contentText, after: o.renderOptions?.after?.contentText });
      }
    }
    this.applied.set(key, applied);
  }

  dispose(): void {
    this.subscriptions.dispose();
    Object.values(this.types).forEach((t) => t.dispose());
    this.byDocument.clear();
  }
}
