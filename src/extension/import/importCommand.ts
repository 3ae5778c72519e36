// "Gateway: Import…": REST Client / httpYac .http files, Postman collections and environments,
// Bruno collections (a folder or .bru files), HAR files and curl commands — picked as files, or a
// curl command pasted — written as .gwreq files into a folder the user picks (the workspace's by
// default), the first one opened, and the report of what was and was not carried over opened
// beside it as Markdown. From the Explorer's context menu, the selected files import beside themselves. The importers load from their own bundle (dist/importer.js) here, never
// at activation. Nothing in the imported files is run.
import * as vscode from 'vscode';
import { registerCommand, type CommandLog } from '../commands/commandRunner';
import type { RegisterCommand } from '../commands/lazyCommands';
import { loadImporter } from '../lazy/runtime';
import { IMPORT_COMMANDS } from './ids';

/** What a caller (a test, a link) may give instead of the pickers. */
interface ImportArgs {
  files?: readonly (vscode.Uri | string)[];
  curl?: string;
  outDir?: vscode.Uri | string;
  force?: boolean;
}

const fsPathOf = (u: vscode.Uri | string): string => (typeof u === 'string' ? u : u.fsPath);

type Choice = 'files' | 'folder' | 'curl';

async function pickWhat(): Promise<Choice | undefined> {
  const items: Array<vscode.QuickPickItem & { choice: Choice }> = [
    { label: '$(files) Files…', description: '.http / .rest, Postman collection and environment .json, .bru, .har, a text file of curl commands', choice: 'files' },
    { label: '$(folder) Bruno Collection Folder…', description: 'a folder with bruno.json', choice: 'folder' },
    { label: '$(terminal) Paste a cURL Command…', description: 'the clipboard\'s, or type one', choice: 'curl' },
  ];
  return (await vscode.window.showQuickPick(items, { title: 'Gateway: Import… what?' }))?.choice;
}

async function pickSources(choice: 'files' | 'folder'): Promise<string[] | undefined> {
  const picked = await vscode.window.showOpenDialog(choice === 'folder'
    ? { canSelectFolders: true, canSelectFiles: false, openLabel: 'Import Bruno Collection', title: 'Bruno collection folder (with bruno.json)' }
    : {
      canSelectMany: true, openLabel: 'Import', title: 'Files to import (give a Postman environment together with its collection)',
      filters: { 'Collections, HAR, .http, curl': ['http', 'rest', 'json', 'bru', 'har', 'txt', 'sh', 'curl'], 'All files': ['*'] },
    });
  return picked?.map((u) => u.fsPath);
}

async function askCurl(): Promise<string | undefined> {
  const clipboard = await vscode.env.clipboard.readText();
  return vscode.window.showInputBox({
    title: 'Paste a cURL command',
    prompt: 'Nothing in it is run; a key header is left out (the environment supplies it).',
    value: /^\s*curl\s/.test(clipboard) ? clipboard.replace(/\\\r?\n\s*/g, ' ') : '',
    placeHolder: "curl -X POST https://gateway-sb.clearent.net/rest/v2/transactions/sale -H 'Content-Type: application/json' -d '{…}'",
    validateInput: (v) => (/^\s*curl\s/.test(v) ? undefined : 'Paste a command that starts with "curl"'),
  });
}

async function pickOutDir(): Promise<string | undefined> {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  const picked = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, openLabel: 'Write Request Files Here', title: 'Where the imported .gwreq files go', ...(root ? { defaultUri: root } : {}) });
  return picked?.[0]?.fsPath;
}

/** Reports shown read-only (a virtual document), so closing one never asks to save it. */
const REPORT_SCHEME = 'gateway-import-report';
const reports = new Map<string, string>();
let reportCount = 0;

async function showReport(markdown: string): Promise<vscode.TextDocument> {
  const uri = vscode.Uri.from({ scheme: REPORT_SCHEME, path: `/Import report ${++reportCount}.md` });
  reports.set(uri.toString(), markdown);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
  return doc;
}

export function registerImportCommand(log: CommandLog, register: RegisterCommand = registerCommand): vscode.Disposable {
  const provider = vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, { provideTextDocumentContent: (uri) => reports.get(uri.toString()) ?? '' });
  return vscode.Disposable.from(provider, register(IMPORT_COMMANDS.importFiles, async (given?: ImportArgs | vscode.Uri, selected?: readonly vscode.Uri[]) => {
    // From the Explorer's context menu: the files selected, written beside the first of them.
    const fromExplorer = given instanceof vscode.Uri ? (selected?.length ? selected : [given]) : undefined;
    const args: ImportArgs = fromExplorer
      ? { files: fromExplorer, outDir: vscode.Uri.joinPath(fromExplorer[0], '..') }
      : given && typeof given === 'object' && !(given instanceof vscode.Uri) ? given : {};
    let sources = args.files?.map(fsPathOf);
    let curl = args.curl;
    if (!sources && curl === undefined) {
      const what = await pickWhat();
      if (!what) return undefined;
      if (what === 'curl') curl = await askCurl();
      else sources = await pickSources(what);
      if (!sources?.length && !curl) return undefined;
    }
    const outDir = args.outDir !== undefined ? fsPathOf(args.outDir) : await pickOutDir();
    if (!outDir) return undefined;
    const importer = loadImporter();
    const report = curl !== undefined
      ? await importer.importPastedCurl(curl, { outDir, force: args.force === true })
      : await importer.importFiles(sources ?? [], { outDir, force: args.force === true });
    const markdown = importer.importReportText(report, true);
    const written = report.files.flatMap((f) => (f.output ? [vscode.Uri.file(f.output)] : []));
    if (written[0]) await vscode.window.showTextDocument(written[0], { preview: false });
    const doc = await showReport(markdown);
    const failed = report.files.filter((f) => f.error).length;
    const message = `Imported ${written.length} request file${written.length === 1 ? '' : 's'}${failed ? `; ${failed} source${failed === 1 ? '' : 's'} could not be imported` : ''}: the report beside it lists what was not carried over.`;
    if (failed) void vscode.window.showWarningMessage(message);
    else void vscode.window.showInformationMessage(message);
    return { report, written: written.map((u) => u.fsPath), reportUri: doc.uri.toString() };
  }, log));
}
