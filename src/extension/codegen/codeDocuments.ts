// Generated programs as read-only documents (scheme `gateway-code`, named like the file they
// would be saved as, so the editor highlights their language). An Untitled document would be
// dirty from the start and ask "Do you want to save?" on every close; this one closes quietly,
// and "Save As…" (on the notification, or the editor's own) writes a copy where the user says.
import * as vscode from 'vscode';

const CODE_SCHEME = 'gateway-code';
/** Programs kept for their editors; older ones show empty if reopened (generate again). */
const KEEP_PROGRAMS = 30;

export class CodeDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly programs = new Map<string, string>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(CODE_SCHEME, this);
  private shown = 0;

  /** Keeps `code` under a new uri ending in `fileName` (a query keeps two of the same name apart). */
  add(fileName: string, code: string): vscode.Uri {
    this.shown += 1;
    const uri = vscode.Uri.from({ scheme: CODE_SCHEME, path: `/${fileName}`, query: `n=${this.shown}` });
    this.programs.set(uri.toString(), code);
    while (this.programs.size > KEEP_PROGRAMS) this.programs.delete(this.programs.keys().next().value as string);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.programs.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.registration.dispose();
    this.programs.clear();
  }
}

/** Opens the program read-only in `language` (the editor's language id). */
export async function showProgram(documents: CodeDocuments, fileName: string, code: string, language: string): Promise<void> {
  let doc = await vscode.workspace.openTextDocument(documents.add(fileName, code));
  if (doc.languageId !== language) doc = await vscode.languages.setTextDocumentLanguage(doc, language);
  await vscode.window.showTextDocument(doc, { preview: false });
}

/** "Save As…": a copy where the user picks (the workspace folder proposed), then opened from there. */
export async function saveProgramAs(fileName: string, code: string): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = await vscode.window.showSaveDialog({ title: 'Save the generated program', ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, fileName) } : {}) });
  if (!target) return;
  await vscode.workspace.fs.writeFile(target, Buffer.from(code, 'utf8'));
  await vscode.window.showTextDocument(target, { preview: false });
}
