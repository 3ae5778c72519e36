// "Local Sandbox: Open Examples": the example request files that ship in the package (one per
// group, 85 requests with expectations, written for the Local sandbox). With a folder open they
// are copied into `gateway-examples/` there — a file the user already has is never overwritten —
// so that each has its Send All lens and the Testing view lists its expectations; the first one
// opens. With no folder, the user picks one and it opens as an untitled request document.
import * as vscode from 'vscode';
import { COMMANDS, REQUEST_LANGUAGE_ID } from '../contracts';

/** Where the examples are copied; a file under it runs in a throwaway sandbox from the Testing view (testing/throwawaySandbox.ts). */
export const EXAMPLES_FOLDER = 'gateway-examples';
/** Opened first: the group a new user starts with. */
const FIRST_EXAMPLE = 'card-transactions.gwreq';

async function exampleFiles(extensionUri: vscode.Uri): Promise<vscode.Uri[]> {
  const dir = vscode.Uri.joinPath(extensionUri, 'examples');
  const entries = await vscode.workspace.fs.readDirectory(dir);
  const names = entries.filter(([name, type]) => type === vscode.FileType.File && name.endsWith('.gwreq')).map(([name]) => name).sort();
  if (names.length === 0) throw new Error(`No example request files in ${dir.fsPath}: reinstall the extension.`);
  return names.map(name => vscode.Uri.joinPath(dir, name));
}

const fileName = (uri: vscode.Uri): string => uri.path.slice(uri.path.lastIndexOf('/') + 1);

async function exists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(() => true, () => false);
}

/** Copies the examples into the folder; returns the copies' URIs and how many were already there. */
async function copyInto(folder: vscode.Uri, examples: readonly vscode.Uri[]): Promise<{ files: vscode.Uri[]; kept: number }> {
  const target = vscode.Uri.joinPath(folder, EXAMPLES_FOLDER);
  await vscode.workspace.fs.createDirectory(target);
  let kept = 0;
  const files: vscode.Uri[] = [];
  for (const example of examples) {
    const copy = vscode.Uri.joinPath(target, fileName(example));
    if (await exists(copy)) kept++;
    else await vscode.workspace.fs.copy(example, copy, { overwrite: false });
    files.push(copy);
  }
  return { files, kept };
}

async function openUntitled(examples: readonly vscode.Uri[]): Promise<vscode.TextDocument | undefined> {
  const picked = await vscode.window.showQuickPick(examples.map(uri => ({ label: fileName(uri), uri })), {
    title: 'Open which example? (no folder is open, so it opens as an untitled document)',
  });
  if (!picked) return undefined;
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(picked.uri));
  const doc = await vscode.workspace.openTextDocument({ language: REQUEST_LANGUAGE_ID, content: text });
  await vscode.window.showTextDocument(doc, { preview: false });
  return doc;
}

export function registerOpenExamples(extensionUri: vscode.Uri): vscode.Disposable {
  return vscode.commands.registerCommand(COMMANDS.sandboxOpenExamples, async (): Promise<vscode.Uri[] | undefined> => {
    try {
      const examples = await exampleFiles(extensionUri);
      const folder = vscode.workspace.workspaceFolders?.[0];
      if (!folder) {
        const doc = await openUntitled(examples);
        return doc ? [doc.uri] : undefined;
      }
      const { files, kept } = await copyInto(folder.uri, examples);
      // The Testing view lists request files from a scan plus a file watcher, whose events for
      // files written at once can come late or not at all; it also reads every request document
      // that opens, so opening them (not in an editor) lists them now.
      await Promise.all(files.map(uri => Promise.resolve(vscode.workspace.openTextDocument(uri)).catch(() => undefined)));
      const first = files.find(f => fileName(f) === FIRST_EXAMPLE) ?? files[0];
      await vscode.window.showTextDocument(first, { preview: false });
      void vscode.window.showInformationMessage(
        `${files.length} example request files are in ${EXAMPLES_FOLDER}/${kept ? ` (${kept} you already had were kept as they are)` : ''}. `
        + 'Send All (the lens above the first request) sends a file to the active environment; the Testing view runs their expectations.',
      );
      return files;
    } catch (err) {
      void vscode.window.showErrorMessage(`Could not open the examples: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  });
}
