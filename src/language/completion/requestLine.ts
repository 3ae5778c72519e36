// Completion on the request line: the method, the catalog paths after it (filtered by the
// method, path parameters as snippet placeholders) and query parameter names and values.

import { CompletionItemKind, CompletionItemTag, InsertTextFormat, type CompletionItem, type Range } from 'vscode-languageserver-types';
import { operations } from '../../catalog';
import type { Operation } from '../../catalog/types';
import { KNOWN_METHODS } from '../../core/requestFile';
import { requestOperation } from '../../core/requestLint/requestOperation';
import { operationMarkdown } from './operationDocs';

const METHOD_DOCS: Readonly<Record<string, string>> = {
  GET: 'Reads: searches, gets, settings.',
  POST: 'Creates: sales, tokens, ACH payments, settings.',
  PUT: 'Updates: tips, tokens, settings; closes the open batch.',
  DELETE: 'Removes: tokens, settings; voids ACH transactions.',
};

const CATALOG_METHODS = new Set(operations.map((op) => op.method));

export function methodItems(line: number, from: number, to: number): CompletionItem[] {
  return KNOWN_METHODS.filter((m) => CATALOG_METHODS.has(m as Operation['method'])).map((method, i) => ({
    label: method,
    kind: CompletionItemKind.Keyword,
    detail: `${operations.filter((op) => op.method === method).length} gateway operations`,
    documentation: METHOD_DOCS[method],
    sortText: String(i),
    textEdit: { range: lineRange(line, from, to), newText: `${method} ` },
    command: { title: 'Suggest paths', command: 'editor.action.triggerSuggest' },
  }));
}

export function lineRange(line: number, from: number, to: number): Range {
  return { start: { line, character: from }, end: { line, character: to } };
}

const BASE: Readonly<Record<Operation['host'], string>> = { gateway: '{{gatewayUrl}}', boarding: '{{boardingUrl}}' };

/** Path parameters a built-in variable fills: the merchant number is the environment's own. */
const PATH_PARAM_DEFAULTS: Readonly<Record<string, string>> = { merchantNumber: '{{merchantId\\}\\}' };

function pathSnippet(op: Operation): string {
  let n = 0;
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => `\${${++n}:${PATH_PARAM_DEFAULTS[name] ?? name}}`);
  return `${BASE[op.host]}${path}`;
}

/** Paths from the catalog, replacing the target typed so far (`from`..`to` on `line`). */
export function pathItems(method: string, typed: string, line: number, from: number, to: number): CompletionItem[] {
  const wanted = method.toUpperCase();
  const filtered = CATALOG_METHODS.has(wanted as Operation['method']) ? operations.filter((op) => op.method === wanted) : operations;
  const seen = new Set<string>();
  const items: CompletionItem[] = [];
  for (const op of filtered) {
    if (seen.has(op.path)) continue;
    seen.add(op.path);
    const label = `${BASE[op.host]}${op.path}`;
    const others = operations.filter((o) => o.path === op.path && o !== op && !filtered.includes(o));
    items.push({
      label,
      kind: CompletionItemKind.Reference,
      detail: `${op.title}${others.length > 0 && filtered === operations ? ` (+${others.length} more methods)` : ''}`,
      documentation: { kind: 'markdown', value: operationMarkdown(op) },
      filterText: typed.startsWith('{') || typed.startsWith('h') ? label : op.path,
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range: lineRange(line, from, to), newText: pathSnippet(op) },
      ...(op.deprecated ? { tags: [CompletionItemTag.Deprecated] } : {}),
    });
  }
  return items;
}

/** Query parameter names after `?` / `&`, or values after `name=`. */
export function queryItems(method: string, target: string, typedInQuery: string, line: number, cursor: number): CompletionItem[] {
  const op = requestOperation(method, target).op;
  if (!op) return [];
  const part = typedInQuery.slice(typedInQuery.lastIndexOf('&') + 1);
  const eq = part.indexOf('=');
  if (eq >= 0) {
    const spec = op.params.find((p) => p.in === 'query' && p.name === part.slice(0, eq));
    const typedValue = part.slice(eq + 1);
    return (spec?.values ?? []).map((value) => ({
      label: value,
      kind: CompletionItemKind.EnumMember,
      detail: `${spec?.name} value`,
      documentation: spec?.doc,
      textEdit: { range: lineRange(line, cursor - typedValue.length, cursor), newText: encodeURIComponent(value) },
    }));
  }
  const present = new Set(typedInQuery.split('&').map((p) => p.split('=')[0]));
  return op.params
    .filter((p) => p.in === 'query' && !present.has(p.name))
    .map((p) => ({
      label: p.name,
      kind: CompletionItemKind.Property,
      detail: `${p.required ? 'required' : 'optional'} query parameter (${p.type})`,
      documentation: { kind: 'markdown', value: `${p.doc}${p.values ? `\n\nAllowed values: ${p.values.map((v) => `\`${v}\``).join(', ')}` : ''}` },
      sortText: `${p.required ? 0 : 1}_${p.name}`,
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range: lineRange(line, cursor - part.length, cursor), newText: `${p.name}=$1` },
      ...(p.values ? { command: { title: 'Suggest values', command: 'editor.action.triggerSuggest' } } : {}),
    }));
}
