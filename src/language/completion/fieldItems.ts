// Completion items for body fields, JSON keys and XML elements alike: required fields first
// (sortText) and marked, each with its type, check, allowed values and meaning.

import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Range, type TextEdit } from 'vscode-languageserver-types';
import type { FieldSpec } from '../../catalog/types';
import { fieldKindText, fieldMarkdown } from './operationDocs';
import { jsonValueText } from './values';

function escapeSnippet(text: string): string {
  return text.replace(/[$}\\]/g, (c) => `\\${c}`);
}

function choice(values: readonly string[], render: (v: string) => string): string {
  return `\${1|${values.map((v) => escapeSnippet(render(v)).replace(/[,|]/g, (c) => `\\${c}`)).join(',')}|}`;
}

function jsonValueSnippet(spec: FieldSpec): string {
  if (spec.type === 'object') return '{\n\t$0\n}';
  if (spec.type === 'array') return spec.fields ? '[\n\t{\n\t\t$0\n\t}\n]' : '[$0]';
  if (spec.values && spec.values.length > 0) return choice(spec.values, (v) => jsonValueText(spec, v));
  if (spec.type === 'boolean') return '${1|true,false|}';
  if (spec.type === 'integer') return '${1:0}';
  return '"$1"';
}

function xmlValueSnippet(spec: FieldSpec): string {
  if (spec.type === 'object' || spec.type === 'array') return '\n\t$0\n';
  if (spec.values && spec.values.length > 0) return choice(spec.values, (v) => v);
  if (spec.type === 'boolean') return '${1|true,false|}';
  return '$1';
}

function baseItem(spec: FieldSpec, where: string): CompletionItem {
  return {
    label: spec.name,
    kind: spec.fields ? CompletionItemKind.Module : CompletionItemKind.Property,
    detail: `${fieldKindText(spec)}${spec.values ? ` · ${spec.values.join(' | ')}` : ''}`,
    labelDetails: spec.required ? { description: 'required' } : {},
    documentation: { kind: 'markdown', value: fieldMarkdown(spec, where) },
    sortText: `${spec.required ? '0' : '1'}_${spec.name}`,
    insertTextFormat: InsertTextFormat.Snippet,
  };
}

interface JsonKeyPlacement {
  range: Range;
  /** A colon already follows the key being edited: insert the key only. */
  keyOnly: boolean;
  /** Text to add after the inserted property (`,` when another property follows). */
  suffix: string;
  additionalTextEdits: TextEdit[];
}

export function jsonKeyItems(fields: readonly FieldSpec[], present: ReadonlySet<string>, where: string, at: JsonKeyPlacement): CompletionItem[] {
  return fields.filter((f) => !present.has(f.name)).map((spec) => ({
    ...baseItem(spec, where),
    filterText: `"${spec.name}"`,
    textEdit: { range: at.range, newText: at.keyOnly ? `"${spec.name}"` : `"${spec.name}": ${jsonValueSnippet(spec)}${at.suffix}` },
    ...(at.additionalTextEdits.length > 0 ? { additionalTextEdits: at.additionalTextEdits } : {}),
  }));
}

/** `withBracket`: the range starts at a typed `<`. */
export function xmlElementItems(fields: readonly FieldSpec[], present: ReadonlySet<string>, where: string, range: Range, withBracket: boolean): CompletionItem[] {
  return fields
    .filter((f) => !present.has(f.name) || f.type === 'array')
    .map((spec) => ({
      ...baseItem(spec, where),
      filterText: withBracket ? `<${spec.name}` : spec.name,
      textEdit: { range, newText: `<${spec.name}>${xmlValueSnippet(spec)}</${spec.name}>` },
    }));
}
