// Formatting of request bodies: JSON and XML pretty-printed with the client's indentation.
// JSON is re-printed from its tokens, so every value stays exactly as written ("25.00" and
// 25.00 alike, `{{variables}}` quoted or not); a body that does not parse is left alone, as is
// XML with a `{{…}}` in a tag name.

import type { Range, TextEdit } from 'vscode-languageserver-types';
import { prettyXml } from '../core/codecs';
import type { AnalyzedDocument } from './analyzedDocument';
import type { JsonNode } from '../core/requestLint/body/jsonFieldLocations';

export interface FormattingOptions {
  tabSize: number;
  insertSpaces: boolean;
}

function unit(options: FormattingOptions): string {
  const size = Number.isInteger(options.tabSize) && options.tabSize > 0 && options.tabSize <= 16 ? options.tabSize : 2;
  return options.insertSpaces === false ? '\t' : ' '.repeat(size);
}

const MAX_DEPTH = 200;

function printJson(node: JsonNode, text: string, base: number, indent: string, step: string, depth: number): string {
  if (depth > MAX_DEPTH) throw new RangeError('nesting too deep to format');
  const inner = indent + step;
  if (node.kind === 'object') {
    if (node.properties.length === 0) return '{}';
    const members = node.properties.map((p) => {
      const key = text.slice(p.keyStart - base, p.keyEnd - base);
      const value = p.value ? printJson(p.value, text, base, inner, step, depth + 1) : '';
      return `${inner}${key}: ${value}`;
    });
    return `{\n${members.join(',\n')}\n${indent}}`;
  }
  if (node.kind === 'array') {
    if (node.items.length === 0) return '[]';
    return `[\n${node.items.map((i) => inner + printJson(i, text, base, inner, step, depth + 1)).join(',\n')}\n${indent}]`;
  }
  return text.slice(node.start - base, node.end - base);
}

function reindentXml(pretty: string, step: string): string {
  if (step === '  ') return pretty;
  return pretty.split('\n').map((line) => {
    const lead = line.length - line.trimStart().length;
    return step.repeat(Math.floor(lead / 2)) + ' '.repeat(lead % 2) + line.trimStart();
  }).join('\n');
}

function formattedBody(doc: AnalyzedDocument, index: number, step: string): string | undefined {
  const body = doc.bodyOf(index);
  if (!body || body.syntaxError) return undefined;
  if (body.format === 'json') {
    if (!body.json || (body.json.kind !== 'object' && body.json.kind !== 'array')) return undefined;
    try {
      return printJson(body.json, body.text, body.startOffset, '', step, 0);
    } catch {
      return undefined;
    }
  }
  if (body.templateInTagName) return undefined;
  const pretty = prettyXml(body.text);
  return pretty === body.text ? undefined : reindentXml(pretty, step);
}

const overlaps = (a: Range, b: Range): boolean =>
  !(a.end.line < b.start.line || (a.end.line === b.start.line && a.end.character < b.start.character) ||
    b.end.line < a.start.line || (b.end.line === a.start.line && b.end.character < a.start.character));

/** Edits for every body (or every body that touches `range`). */
export function formatBodies(doc: AnalyzedDocument, options: FormattingOptions, range?: Range): TextEdit[] {
  const step = unit(options);
  // Bodies are printed with \n; a CRLF (or CR) file gets its own line ends back, so an already
  // formatted body compares equal and yields no edit (else every body was "changed").
  const eol = /\r\n?|\n/.exec(doc.text)?.[0] ?? '\n';
  const edits: TextEdit[] = [];
  doc.requests.forEach((request, index) => {
    if (!request.body || (range && !overlaps(request.body.range, range))) return;
    const printed = formattedBody(doc, index, step);
    const formatted = eol === '\n' ? printed : printed?.replace(/\n/g, eol);
    const current = doc.text.slice(request.body.startOffset, request.body.endOffset);
    if (formatted === undefined || formatted === current) return;
    edits.push({ range: { start: doc.positionAt(request.body.startOffset), end: doc.positionAt(request.body.endOffset) }, newText: formatted });
  });
  return edits;
}
