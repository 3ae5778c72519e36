// Completion on header lines: names (never the auth headers: they are added at send time)
// and Content-Type / Accept values as the operation at hand accepts them.

import { CompletionItemKind, InsertTextFormat, type CompletionItem } from 'vscode-languageserver-types';
import type { Operation } from '../../catalog/types';
import { HEADER_NAMES, type HeaderInfo } from '../data/headerNames';
import { MEDIA_TYPES } from '../../catalog/mediaTypes';
import { lineRange } from './requestLine';

/** Media types for a header: Content-Type by the body formats, Accept by the response formats. */
function mediaTypesFor(header: string, op: Operation | undefined): string[] {
  if (!op) return [MEDIA_TYPES.json, MEDIA_TYPES.xml];
  if (header.toLowerCase() === 'content-type') return op.acceptedBodyFormats.map((f) => MEDIA_TYPES[f as 'json' | 'xml']);
  if (op.responseFormat === 'pdf') return [MEDIA_TYPES.pdf, MEDIA_TYPES.json];
  if (op.responseFormat === 'xml') return [MEDIA_TYPES.xml];
  return op.host === 'boarding' ? [MEDIA_TYPES.json] : [MEDIA_TYPES.json, MEDIA_TYPES.xml];
}

function valuesOf(info: HeaderInfo, op: Operation | undefined): readonly string[] {
  if (info.values === 'mediaTypes') return mediaTypesFor(info.name, op);
  return info.values ?? [];
}

function escapeChoice(value: string): string {
  return value.replace(/[$}\\,|]/g, (c) => `\\${c}`);
}

export function headerNameItems(op: Operation | undefined, present: readonly string[], line: number, typedLength: number): CompletionItem[] {
  const have = new Set(present.map((h) => h.toLowerCase()));
  return HEADER_NAMES.filter((h) => !have.has(h.name.toLowerCase()))
    .filter((h) => h.name !== 'Content-Type' || !op || op.bodyFormat !== 'none')
    .map((h, i) => {
      const values = valuesOf(h, op);
      const value = values.length > 1 ? `\${1|${values.map(escapeChoice).join(',')}|}` : values.length === 1 ? escapeChoice(values[0]) : '$1';
      return {
        label: h.name,
        kind: CompletionItemKind.Field,
        detail: 'header',
        documentation: h.doc,
        sortText: String(i).padStart(2, '0'),
        insertTextFormat: InsertTextFormat.Snippet,
        textEdit: { range: lineRange(line, 0, typedLength), newText: `${h.name}: ${value}` },
      };
    });
}

export function headerValueItems(op: Operation | undefined, name: string, line: number, from: number, to: number): CompletionItem[] {
  const info = HEADER_NAMES.find((h) => h.name.toLowerCase() === name.toLowerCase());
  if (!info) return [];
  return valuesOf(info, op).map((value) => ({
    label: value,
    kind: CompletionItemKind.Value,
    detail: `${info.name} value`,
    textEdit: { range: lineRange(line, from, to), newText: value },
  }));
}
