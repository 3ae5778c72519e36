// The quick fix for a key written in a request file (an auth header, a key-named field,
// variable or query parameter, a key-like literal): it takes the key out of the file — the
// line, field or parameter that carried it, so what is left still parses — and says where keys
// live instead: the environment's keys in VS Code's SecretStorage, added at send time. In an
// editor that runs the extension's commands it then opens "Set Keys" for the file's environment.

import { CodeActionKind, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver-types';
import { modify, parseTree, findNodeAtOffset, getNodePath } from 'jsonc-parser';
import type { AnalyzedDocument } from '../documents/analyzedDocument';
import { KEY_CODES, type LintCode } from '../../core/requestLint';
import { maskJsonTemplates } from '../../core/requestLint/body/jsonFieldLocations';
import { CODE_ACTION_COMMANDS } from '../protocol';
import type { DocumentTarget } from '../documents/documentTarget';

export interface KeyFixOptions {
  /** The client runs the extension's commands: the fix also opens Set Keys. */
  editorCommands: boolean;
  /** Where the file goes, when the client said; its keys are the ones to set. */
  target?: DocumentTarget;
}

export const isKeyDiagnostic = (d: Diagnostic): boolean => KEY_CODES.has(String(d.code ?? ''));

/** The whole of `line`, with its line break: for a header or variable line that only carried the key. */
function wholeLine(doc: AnalyzedDocument, line: number): Range {
  return line + 1 < doc.lineCount
    ? { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }
    : { start: { line, character: 0 }, end: { line, character: doc.lineText(line).length } };
}

/** Removal of a JSON property with its comma (jsonc-parser's `modify`), when the key is one. */
function jsonFieldRemoval(doc: AnalyzedDocument, index: number, from: number): TextEdit | undefined {
  const body = doc.bodyOf(index);
  if (!body || body.format !== 'json') return undefined;
  const masked = maskJsonTemplates(body.text);
  const root = parseTree(masked);
  const node = root ? findNodeAtOffset(root, from - body.startOffset + 1) : undefined;
  const property = node?.type === 'property' ? node : node?.parent?.type === 'property' ? node.parent : undefined;
  if (!property) return undefined;
  // No formatting options: only the property and its comma go, the rest stays as written.
  const [edit] = modify(masked, getNodePath(property.children?.[0] ?? property), undefined, {});
  if (!edit) return undefined;
  const start = body.startOffset + edit.offset;
  return { range: { start: doc.positionAt(start), end: doc.positionAt(start + edit.length) }, newText: edit.content };
}

/** What takes the flagged key out of the file. */
function removal(doc: AnalyzedDocument, d: Diagnostic): TextEdit {
  const line = d.range.start.line;
  const index = doc.requestIndexAt(line);
  const request = index >= 0 ? doc.request(index) : undefined;
  const header = request?.headers.find((h) => h.range.start.line === line);
  const wholeValue = header !== undefined && header.valueRange.start.character === d.range.start.character && header.valueRange.end.character === d.range.end.character;
  if (d.code === ('auth-header' satisfies LintCode) || wholeValue || doc.variables.some((v) => v.valueRange.start.line === line && v.range.start.line === line)) {
    return { range: wholeLine(doc, line), newText: '' };
  }
  const from = doc.offsetAt(d.range.start);
  if (request?.body && from >= request.body.startOffset && from < request.body.endOffset) {
    const json = jsonFieldRemoval(doc, index, from);
    if (json) return json;
  }
  if (request && line === request.targetRange.start.line) {
    // A query parameter: with its `&` (or the `?` when it was the only one).
    const text = doc.lineText(line);
    const a = d.range.start.character;
    const b = d.range.end.character;
    if (text[b] === '&') return { range: { start: d.range.start, end: { line, character: b + 1 } }, newText: '' };
    if (text[a - 1] === '&' || text[a - 1] === '?') return { range: { start: { line, character: a - 1 }, end: d.range.end }, newText: '' };
  }
  const rest = doc.lineText(line).slice(0, d.range.start.character) + doc.lineText(line).slice(d.range.end.character);
  if (d.range.start.line === d.range.end.line && rest.trim() === '') return { range: wholeLine(doc, line), newText: '' };
  return { range: d.range, newText: '' };
}

export function keyFixActions(doc: AnalyzedDocument, d: Diagnostic, options: KeyFixOptions): CodeAction[] {
  const target = options.target;
  const settable = target !== undefined && !target.local;
  const where = settable ? `"${target.name}"'s keys in SecretStorage` : "the environment's keys in SecretStorage";
  const action: CodeAction = {
    title: `Remove the key from the file: Gateway Workbench sends ${where}`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    isPreferred: true,
    edit: { changes: { [doc.uri]: [removal(doc, d)] } },
  };
  if (options.editorCommands && (target === undefined || settable)) {
    action.title = `Remove the key from the file and set ${target ? `"${target.name}"'s` : 'the environment\'s'} keys (SecretStorage)`;
    action.command = { title: 'Set Keys', command: CODE_ACTION_COMMANDS.setKeys, arguments: target ? [target.name] : [] };
  }
  return [action];
}
