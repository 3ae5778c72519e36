// Which request file "Send All" sends when it is given none and no request document is active —
// the walkthrough's "Send All" button, whose page is the active editor (issue 35, defect 8: it
// said "Open a gateway request document" and stopped there). The one request document beside
// it if there is exactly one; otherwise a pick of the open and workspace request files, with
// "Open the examples" (they are copied into the folder and the first opens) — all there is on
// a fresh machine.
import * as vscode from 'vscode';
import { COMMANDS, REQUEST_LANGUAGE_ID } from '../contracts';

/** How many workspace files the pick lists at most: a pick, not a file browser. */
const MOST_FILES = 200;

interface FileItem extends vscode.QuickPickItem { uri?: vscode.Uri; examples?: true }

const labelOf = (uri: vscode.Uri): string => (uri.scheme === 'untitled' ? uri.path : vscode.workspace.asRelativePath(uri));

export async function requestFileToSend(): Promise<vscode.Uri | undefined> {
  const visible = vscode.window.visibleTextEditors.filter((e) => e.document.languageId === REQUEST_LANGUAGE_ID);
  if (visible.length === 1) return visible[0].document.uri;
  const found = new Map<string, vscode.Uri>();
  for (const doc of vscode.workspace.textDocuments) if (doc.languageId === REQUEST_LANGUAGE_ID && !doc.isClosed) found.set(doc.uri.toString(), doc.uri);
  const files = vscode.workspace.workspaceFolders ? await vscode.workspace.findFiles('**/*.gwreq', '**/node_modules/**', MOST_FILES) : [];
  for (const uri of files) if (!found.has(uri.toString())) found.set(uri.toString(), uri);
  const items: FileItem[] = [...found.values()]
    .map((uri) => ({ label: labelOf(uri), uri }))
    .sort((a, b) => a.label.localeCompare(b.label));
  items.push(
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: '$(book) Open the examples', description: 'request files that run on the Local sandbox, with expectations', examples: true },
  );
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Send All: which request file?',
    // The walkthrough takes the focus back after its button ran the command: the pick must stay.
    ignoreFocusOut: true,
    placeHolder: items.length > 2 ? 'A request file of this workspace, or the examples' : 'No request file is open: open the examples',
  });
  if (!picked) return undefined;
  if (picked.uri) {
    await vscode.window.showTextDocument(picked.uri, { preview: false });
    return picked.uri;
  }
  // "Open Examples" opens the first example (or, with no folder, the one picked) in the editor.
  const opened = await vscode.commands.executeCommand<vscode.Uri[] | undefined>(COMMANDS.sandboxOpenExamples);
  const active = vscode.window.activeTextEditor?.document;
  return active?.languageId === REQUEST_LANGUAGE_ID ? active.uri : opened?.[0];
}
