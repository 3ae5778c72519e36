// Completion after `{{`: file variables, the built-ins, earlier named requests and, after
// `name.`, paths into that request's response.

import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { AnalyzedDocument } from '../analyzedDocument';
import { responsePaths } from '../responsePaths';
import { BUILTIN_VARIABLES } from '../../core/requestFile/builtinVariables';
import { lineRange } from './requestLine';

/** `typed`: what follows `{{` up to the cursor; `after`: the line after the cursor. */
export function variableItems(doc: AnalyzedDocument, line: number, cursor: number, typed: string, after: string, requestIndex: number): CompletionItem[] {
  const rest = /^[\w$.\-[\]]*/.exec(after)?.[0] ?? '';
  const closes = after.slice(rest.length).trimStart().startsWith('}}');
  const close = closes ? '' : '}}';
  const range = lineRange(line, cursor - typed.trimStart().length, cursor + rest.length);
  const dot = typed.indexOf('.');
  if (dot > 0) {
    const name = typed.slice(0, dot).trim();
    const index = doc.namedRequests.get(name);
    if (index === undefined) return [];
    const op = doc.operationOf(index)?.op;
    return responsePaths(op).map((path, i) => ({
      label: `${name}.${path}`,
      kind: CompletionItemKind.Field,
      detail: `from the response of ${name}${op ? ` (${op.title})` : ''}`,
      sortText: String(i).padStart(3, '0'),
      textEdit: { range, newText: `${name}.${path}${close}` },
    }));
  }
  const items: CompletionItem[] = BUILTIN_VARIABLES.map((b) => ({
    label: b.name,
    kind: CompletionItemKind.Constant,
    detail: 'built-in',
    documentation: b.doc,
    sortText: `1_${b.name}`,
    textEdit: { range, newText: `${b.name}${close}` },
  }));
  const seen = new Set<string>();
  for (const v of doc.file.variables) {
    if (seen.has(v.name)) continue;
    seen.add(v.name);
    items.push({
      label: v.name,
      kind: CompletionItemKind.Variable,
      detail: `= ${v.value}`,
      sortText: `0_${v.name}`,
      textEdit: { range, newText: `${v.name}${close}` },
    });
  }
  doc.requests.forEach((r, i) => {
    if (r.name === undefined || (requestIndex >= 0 && i >= requestIndex)) return;
    const op = doc.operationOf(i)?.op;
    items.push({
      label: r.name,
      kind: CompletionItemKind.Reference,
      detail: `named request${op ? ` — ${op.title}` : ''}: take a value from its response`,
      sortText: `2_${r.name}`,
      // No dot of its own: the user types it (or it commits the item), and "." asks for the
      // response paths. An inserted dot was doubled by the one users type out of habit.
      textEdit: { range, newText: r.name },
      commitCharacters: ['.'],
    });
  });
  return items;
}
