// Completion on an empty body: the operation's catalog sample, or only its required fields.

import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Range } from 'vscode-languageserver-types';
import type { FieldSpec, Operation } from '../../catalog/types';

function escapeSnippet(text: string): string {
  return text.replace(/[$}\\]/g, (c) => `\\${c}`);
}

function requiredJson(fields: readonly FieldSpec[], indent: string, counter: { n: number }): string {
  const lines = fields.filter((f) => f.required).map((f) => {
    const value = f.type === 'object' && f.fields ? requiredJson(f.fields, `${indent}\t`, counter) : f.type === 'boolean' || f.type === 'integer' ? `\${${++counter.n}}` : `"\${${++counter.n}}"`;
    return `${indent}\t"${f.name}": ${value}`;
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

function requiredXml(name: string, fields: readonly FieldSpec[], indent: string, counter: { n: number }): string {
  const inner = fields.filter((f) => f.required).map((f) =>
    f.type === 'object' && f.fields ? requiredXml(f.name, f.fields, `${indent}\t`, counter) : `${indent}\t<${f.name}>\${${++counter.n}}</${f.name}>`);
  return `${indent}<${name}>\n${inner.join('\n')}\n${indent}</${name}>`;
}

export function emptyBodyItems(op: Operation, range: Range): CompletionItem[] {
  if (op.bodyFormat === 'none') return [];
  const items: CompletionItem[] = [];
  if (op.sample) {
    items.push({
      label: `${op.title}: sample body`,
      kind: CompletionItemKind.Snippet,
      detail: `${op.bodyFormat.toUpperCase()} sample from the catalog`,
      documentation: { kind: 'markdown', value: '```\n' + op.sample + '\n```' },
      sortText: '0',
      filterText: op.bodyFormat === 'xml' ? '<' : '{',
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range, newText: escapeSnippet(op.sample) },
    });
  }
  const skeleton = op.bodyFormat === 'xml' && op.xmlRoot ? requiredXml(op.xmlRoot, op.fields, '', { n: 0 }) : requiredJson(op.fields, '', { n: 0 });
  items.push({
    label: `${op.title}: required fields`,
    kind: CompletionItemKind.Snippet,
    detail: op.fields.filter((f) => f.required).map((f) => f.name).join(', ') || 'no required fields',
    sortText: '1',
    filterText: op.bodyFormat === 'xml' ? '<' : '{',
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range, newText: skeleton },
  });
  return items;
}
