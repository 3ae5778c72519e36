// "Gateway: Generate Code…": a request as a program in the language the user picks, opened in
// a read-only editor (codeDocuments.ts: closing it asks nothing; "Save As…" keeps a copy) and
// copied to the clipboard. The request is a request file's (code lens, editor
// context menu, the cursor's), an operation with its values (a tree item, a history entry), or
// one picked from the history and the catalog. The generating itself is core's (src/core/codegen),
// loaded from its own bundle (dist/codegen.js) the first time, so that neither activation nor the
// first request carries it. Not in Restricted Mode: a program takes what a request file says (its
// target, its body files) out of the editor, where the workspace's trust no longer guards it.
import * as vscode from 'vscode';
import { BodyFileError } from '../../core/requestFile/bodyFile';
import { documentBodyFiles } from '../requestDocuments/documentBodyFiles';
import { registerCommand, type CommandLog } from '../commands/commandRunner';
import type { RegisterCommand } from '../commands/lazyCommands';
import { operationById, operations, type Operation } from '../../catalog';
import type { CodeRequest, LanguageGenerator } from '../../core/codegen/programs';
import { displayTimeIn } from '../environments/environmentTimeZone';
import { loadCodegen } from '../lazy/runtime';
import { parseRequestFile, requestIndexAt } from '../../core/requestFile';
import { COMMANDS, REQUEST_LANGUAGE_ID, type EnvironmentService, type HistoryEntry, type HasOperationArgs, type OperationVars } from '../contracts';
import { operationsFor } from '../tree/itemActions';
import { showRestrictedMode } from '../feedback/restrictedMode';
import { CodeDocuments, saveProgramAs, showProgram } from './codeDocuments';

interface OperationSource {
  operationId: string;
  vars?: OperationVars;
  body?: string;
}

interface GenerateCodeDeps {
  environments: EnvironmentService;
  history(): readonly HistoryEntry[];
  log: CommandLog;
}

function isOperationSource(value: unknown): value is OperationSource {
  return typeof value === 'object' && value !== null && typeof (value as OperationSource).operationId === 'string';
}

function isTreeNode(value: unknown): value is HasOperationArgs & { treeItem(): vscode.TreeItem } {
  return typeof value === 'object' && value !== null && typeof (value as HasOperationArgs).operationArgs === 'function' && typeof (value as { treeItem?: unknown }).treeItem === 'function';
}

async function pickLanguage(given: unknown): Promise<LanguageGenerator | undefined> {
  const { LANGUAGES, languageById } = loadCodegen();
  if (typeof given === 'string') {
    const language = languageById(given);
    if (!language) throw new Error(`"${given}" is not a language the generator knows: ${LANGUAGES.map((l) => l.id).join(', ')}`);
    return language;
  }
  const picked = await vscode.window.showQuickPick(LANGUAGES.map((l) => ({ label: l.label, language: l })), { title: 'Generate code: which language?' });
  return picked?.language;
}

async function pickOperation(ids: readonly string[]): Promise<Operation | undefined> {
  const candidates = ids.flatMap((id) => operationById(id) ?? []);
  if (candidates.length === 1) return candidates[0];
  const picked = await vscode.window.showQuickPick(candidates.map((op) => ({ label: op.title, description: `${op.method} ${op.path}`, op })), { title: 'Generate code for which operation?' });
  return picked?.op;
}

/** Nothing given and no request editor: a recent history entry, or any operation of the catalog. */
async function pickSource(history: readonly HistoryEntry[]): Promise<OperationSource | undefined> {
  type Item = vscode.QuickPickItem & { source?: OperationSource };
  const recent: Item[] = history.filter((e) => e.operationId).slice(0, 20).map((e) => ({
    label: operationById(e.operationId as string)?.title ?? `${e.method} ${e.path}`,
    description: `${e.environmentName} · ${displayTimeIn(e.environmentName, new Date(e.at))}`,
    source: { operationId: e.operationId as string, ...(e.vars ? { vars: e.vars } : {}), ...(e.body ? { body: e.body } : {}) },
  }));
  const all: Item[] = operations.map((op) => ({ label: op.title, description: `${op.method} ${op.path}`, source: { operationId: op.id } }));
  const picked = await vscode.window.showQuickPick<Item>([
    ...(recent.length ? [{ label: 'Recent requests', kind: vscode.QuickPickItemKind.Separator }, ...recent] : []),
    { label: 'Operations', kind: vscode.QuickPickItemKind.Separator },
    ...all,
  ], { title: 'Generate code for which request?', matchOnDescription: true });
  return picked?.source;
}

export function registerGenerateCode(deps: GenerateCodeDeps, register: RegisterCommand = registerCommand): vscode.Disposable {
  const urls = async (): Promise<{ gatewayUrl?: string; boardingUrl?: string }> => {
    try {
      const env = await deps.environments.ready(deps.environments.active().name);
      return { gatewayUrl: env.gatewayUrl, boardingUrl: env.boardingUrl };
    } catch {
      return {};
    }
  };

  const fromFile = async (uri: vscode.Uri | string, index: number): Promise<{ request: CodeRequest; source: string } | undefined> => {
    const doc = await vscode.workspace.openTextDocument(typeof uri === 'string' ? vscode.Uri.parse(uri) : uri);
    const file = parseRequestFile(doc.getText());
    if (!file.requests[index]) {
      void vscode.window.showErrorMessage(`There is no request #${index + 1} in ${doc.fileName}.`);
      return undefined;
    }
    // `< ./sale.json`: the program carries the file's content, read relative to the document, inside its workspace folder.
    const readBodyFile = documentBodyFiles(doc.uri);
    const codegen = loadCodegen();
    try {
      return { request: codegen.codeRequestFromFile(file, index, { ...await urls(), readBodyFile }), source: vscode.workspace.asRelativePath(doc.uri) };
    } catch (err) {
      // A request no client can send as written (a smuggled method, a fragment…) or a body file that cannot be read: said, nothing generated.
      if (!(err instanceof BodyFileError) && !(err instanceof codegen.CodeGenerationError)) throw err;
      void vscode.window.showErrorMessage(`Cannot generate code: ${err.message}.`);
      return undefined;
    }
  };

  const fromOperation = async (source: OperationSource): Promise<{ request: CodeRequest } | undefined> => {
    const op = operationById(source.operationId);
    if (!op) {
      void vscode.window.showErrorMessage(`"${source.operationId}" is not a gateway operation.`);
      return undefined;
    }
    const request = loadCodegen().codeRequestFromOperation(op, await urls(), source.vars ?? {});
    // A history entry's body is the one sent (redacted: card numbers masked), better than the sample.
    const body = source.body?.trim();
    return { request: body && request.body ? { ...request, body: { ...request.body, text: [{ text: body }] } } : request };
  };

  const generate = async (first?: unknown, second?: unknown, third?: unknown): Promise<string | undefined> => {
    if (!vscode.workspace.isTrusted) {
      showRestrictedMode({ kind: 'generate-code' });
      return undefined;
    }
    let chosen: { request: CodeRequest; source?: string } | undefined;
    let languageArg: unknown;
    if ((typeof first === 'string' || first instanceof vscode.Uri) && typeof second === 'number') {
      chosen = await fromFile(first, second);
      languageArg = third;
    } else if (isTreeNode(first)) {
      const args = first.operationArgs();
      const op = await pickOperation(operationsFor(String(first.treeItem().contextValue ?? '')));
      chosen = op ? await fromOperation({ operationId: op.id, ...(args.vars ? { vars: args.vars } : {}) }) : undefined;
      languageArg = second;
    } else if (isOperationSource(first)) {
      chosen = await fromOperation(first);
      languageArg = second;
    } else {
      const editor = vscode.window.activeTextEditor;
      if (editor?.document.languageId === REQUEST_LANGUAGE_ID) {
        const text = editor.document.getText();
        const index = requestIndexAt(text, parseRequestFile(text).requests, editor.selection.active.line);
        if (index < 0) {
          void vscode.window.showErrorMessage('This document has no request: write one like "GET {{gatewayUrl}}/rest/v2/transactions".');
          return undefined;
        }
        chosen = await fromFile(editor.document.uri, index);
      } else {
        const source = await pickSource(deps.history());
        chosen = source ? await fromOperation(source) : undefined;
      }
      languageArg = typeof first === 'string' ? first : undefined;
    }
    if (!chosen) return undefined;
    const language = await pickLanguage(languageArg);
    if (!language) return undefined;
    const program = loadCodegen().renderProgram(language, chosen.request, chosen.source ? { source: chosen.source } : {});
    await vscode.env.clipboard.writeText(program.code);
    await showProgram(documents, program.fileName, program.code, language.editorLanguage);
    const reads = program.request.parameters.map((p) => p.name).join(', ');
    // Keys are never written into the program: where to get them as variables is one click away.
    const openTerminal = 'Open Terminal with Gateway Variables';
    const saveAs = 'Save As…';
    void Promise.resolve(vscode.window.showInformationMessage(`${language.label} program copied to the clipboard. It reads ${reads} from the environment: run it in a terminal from "Gateway: ${openTerminal}", or get the values with "Gateway: Copy Connection Settings".`, saveAs, openTerminal)).then((choice) => {
      if (choice === saveAs) void saveProgramAs(program.fileName, program.code);
      if (choice === openTerminal) void vscode.commands.executeCommand(COMMANDS.openTerminalWithVariables, deps.environments.active().name);
    });
    return program.code;
  };

  const documents = new CodeDocuments();
  return vscode.Disposable.from(documents, register(COMMANDS.generateCode, generate, deps.log));
}
