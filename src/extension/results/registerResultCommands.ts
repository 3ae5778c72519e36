// What a client shows about an answer beside its body (issue 35): "Show Response Headers" (status
// line, timing, size, headers — redacted as the result is), "Compare with Previous Answer" (the
// previous answer to the same request ↔ this one, in a diff editor) and "Copy Value as Variable"
// (`{{name.path}}` of the value at the cursor, naming the request in its file when it has no
// `# @name`, so the reference can be pasted into a later request of that file).
import * as vscode from 'vscode';
import { parseRequestFile } from '../../core/requestFile';
import { registerCommand, type CommandLog } from '../commands/commandRunner';
import type { RegisterCommand } from '../commands/lazyCommands';
import { COMMANDS, RESULT_SCHEME } from '../contracts';
import { documentOf } from '../requestDocuments/documentRun';
import { loadRuntime } from '../lazy/runtime';
import { responseHeadersText } from './responseHeadersText';
import type { ResultDocuments, ResultEntry, ResultOrigin } from './resultDocuments';

const NOT_A_RESULT = 'Open a gateway result (send a request or run an operation), then run this from its editor.';

function resultUriOf(uri?: vscode.Uri): vscode.Uri | undefined {
  const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
  return target?.scheme === RESULT_SCHEME ? target : undefined;
}

/** A `# @name` from the result's title ("Sale" → `sale`), not one the file has already. */
function suggestedName(entry: ResultEntry, taken: ReadonlySet<string>): string {
  const base = entry.title.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 30) || 'answer';
  let name = /^[a-z_]/.test(base) ? base : `r-${base}`;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  return name;
}

interface NamedInFile {
  name: string;
  /** Set when this command named the request (a `# @name` line was inserted above its method line). */
  added: boolean;
  fileName: string;
}

/** The request's `# @name` in its file, adding one when it has none; undefined when the file or request is gone. */
async function nameInFile(origin: ResultOrigin, entry: ResultEntry): Promise<NamedInFile | undefined> {
  const doc = await Promise.resolve(documentOf(origin.uri)).catch(() => undefined);
  if (!doc) return undefined;
  const file = parseRequestFile(doc.getText());
  const request = (origin.name ? file.requests.find((r) => r.name === origin.name) : undefined) ?? file.requests[origin.requestIndex];
  if (!request) return undefined;
  const fileName = doc.uri.path.split('/').pop() ?? doc.uri.path;
  if (request.name) return { name: request.name, added: false, fileName };
  const name = suggestedName(entry, new Set(file.requests.flatMap((r) => (r.name ? [r.name] : []))));
  const edit = new vscode.WorkspaceEdit();
  edit.insert(doc.uri, new vscode.Position(request.methodRange.start.line, 0), `# @name ${name}\n`);
  if (!(await vscode.workspace.applyEdit(edit))) return undefined;
  return { name, added: true, fileName };
}

export function registerResultCommands(documents: ResultDocuments, log: CommandLog, register: RegisterCommand = registerCommand): vscode.Disposable {
  const showHeaders = async (uri?: vscode.Uri): Promise<vscode.Uri | undefined> => {
    const target = resultUriOf(uri);
    const entry = target && documents.get(target);
    if (!target || !entry) return void vscode.window.showErrorMessage(NOT_A_RESULT);
    if (entry.compareKey === undefined) return void vscode.window.showInformationMessage('This is already a result\'s headers document.');
    const headersUri = target.with({ path: target.path.replace(/\.[a-z]+$/, '') + ' headers.txt' });
    documents.add(headersUri, { ...entry, content: responseHeadersText(entry), format: 'text', unformatted: undefined, compareKey: undefined, origin: undefined });
    const doc = await vscode.workspace.openTextDocument(headersUri);
    await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Active });
    return headersUri;
  };

  const compare = async (uri?: vscode.Uri): Promise<{ previous: vscode.Uri; current: vscode.Uri } | undefined> => {
    const current = resultUriOf(uri);
    const entry = current && documents.get(current);
    if (!current || !entry) return void vscode.window.showErrorMessage(NOT_A_RESULT);
    const previous = documents.previousOf(current);
    if (!previous) {
      return void vscode.window.showInformationMessage(
        `There is no previous answer to "${entry.title}" on ${entry.environmentName} to compare with (the last 20 results are kept, in memory). Send the request again, then compare.`,
      );
    }
    await vscode.commands.executeCommand('vscode.diff', previous, current, `${entry.title} (${entry.environmentName}): previous ↔ this answer`, { preview: true });
    return { previous, current };
  };

  const copyAsVariable = async (uri?: vscode.Uri): Promise<string | undefined> => {
    const target = resultUriOf(uri);
    const entry = target && documents.get(target);
    const editor = target && vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === target.toString());
    if (!target || !entry || !editor) return void vscode.window.showErrorMessage(NOT_A_RESULT);
    if (entry.compareKey === undefined) return void vscode.window.showErrorMessage('Run this in the result\'s own editor (its body), not in its headers.');
    // jsonc-parser lives in the runtime bundle, not the activation bundle.
    const found = loadRuntime().valuePathAt(editor.document.getText(), entry.format, editor.document.offsetAt(editor.selection.active));
    if ('problem' in found) return void vscode.window.showErrorMessage(`Copy Value as Variable: ${found.problem}`);
    const named = entry.origin ? await nameInFile(entry.origin, entry) : undefined;
    const name = named?.name ?? suggestedName(entry, new Set());
    const reference = `{{${name}.${found.path}}}`;
    await vscode.env.clipboard.writeText(reference);
    const where = named
      ? `paste it into a later request of ${named.fileName}${named.added ? ` (the request is now named "# @name ${name}")` : ''}`
      : `paste it into a request file whose request for this answer has "# @name ${name}"`;
    void vscode.window.showInformationMessage(`Copied ${reference}: ${where}.`);
    return reference;
  };

  return vscode.Disposable.from(
    register(COMMANDS.showResponseHeaders, showHeaders, log),
    register(COMMANDS.compareWithPreviousAnswer, compare, log),
    register(COMMANDS.copyValueAsVariable, copyAsVariable, log),
  );
}
