// Completion inside a JSON body: keys of the object at the cursor (only those not written yet,
// with `: ` and a value placeholder, commas fixed up) and values of the key at the cursor.

import { CompletionItemKind, type CompletionItem, type Range, type TextEdit } from 'vscode-languageserver-types';
import type { Operation } from '../../catalog/types';
import type { AnalyzedDocument } from '../documents/analyzedDocument';
import { readJsonLocations, type JsonNode, type JsonProperty } from '../../core/requestLint/body/jsonFieldLocations';
import { lookupField, scopeAtPath } from '../../core/requestLint/body/fieldScopes';
import { jsonKeyItems } from './fieldItems';
import { jsonValueText, valueChoices } from './values';

type JsonSpot =
  | { kind: 'key'; path: string[]; object: JsonNode; editing?: JsonProperty }
  | { kind: 'value'; path: string[]; prop: JsonProperty; token?: JsonNode }
  | { kind: 'none' };

const isContainer = (n: JsonNode): boolean => n.kind === 'object' || n.kind === 'array';
const inside = (n: JsonNode, offset: number): boolean => n.start < offset && (offset < n.end || (!n.closed && offset <= n.end));

function locate(node: JsonNode, offset: number, path: string[]): JsonSpot {
  if (node.kind === 'array') {
    const item = node.items.find((i) => isContainer(i) && inside(i, offset));
    return item ? locate(item, offset, [...path, '']) : { kind: 'none' };
  }
  for (const prop of node.properties) {
    const keyHigh = prop.keyClosed ? prop.keyEnd - 1 : prop.keyEnd;
    if (offset > prop.keyStart && offset <= keyHigh) return { kind: 'key', path, object: node, editing: prop };
    if (prop.value && isContainer(prop.value) && inside(prop.value, offset)) return locate(prop.value, offset, [...path, prop.key]);
    if (prop.colon !== undefined && offset > prop.colon && (prop.comma === undefined || offset <= prop.comma)) {
      if (!prop.value || offset < prop.value.start) return { kind: 'value', path, prop };
      if (offset <= prop.value.end) return isContainer(prop.value) ? { kind: 'none' } : { kind: 'value', path, prop, token: prop.value };
    }
  }
  return { kind: 'key', path, object: node };
}

const propEnd = (p: JsonProperty): number => p.value?.end ?? p.keyEnd;

/** `from`..`to`, or the cursor alone when that would span lines (completion edits are single-line). */
function range(doc: AnalyzedDocument, from: number, to: number, cursor = from): Range {
  const start = doc.positionAt(from);
  const end = doc.positionAt(to);
  if (start.line === end.line) return { start, end };
  const at = doc.positionAt(cursor);
  return { start: at, end: at };
}

function keyItems(doc: AnalyzedDocument, op: Operation, spot: Extract<JsonSpot, { kind: 'key' }>, offset: number): CompletionItem[] {
  const scoped = scopeAtPath(op, spot.path);
  if (!scoped) return [];
  const { editing, object } = spot;
  const present = new Set(object.properties.filter((p) => p !== editing).map((p) => p.key));
  const anchor = editing?.keyStart ?? offset;
  const before = object.properties.filter((p) => p !== editing && propEnd(p) <= anchor);
  const previous = before[before.length - 1];
  const followed = object.properties.some((p) => p !== editing && p.keyStart >= (editing?.keyEnd ?? offset));
  const additionalTextEdits: TextEdit[] = previous && previous.comma === undefined
    ? [{ range: range(doc, propEnd(previous), propEnd(previous)), newText: ',' }]
    : [];
  const keyOnly = editing?.colon !== undefined;
  return jsonKeyItems(scoped.scope.fields, present, scoped.spec ? `in ${scoped.spec.name}` : `${op.title} body`, {
    range: editing ? range(doc, editing.keyStart, editing.keyEnd, offset) : range(doc, offset, offset),
    keyOnly,
    suffix: followed && !keyOnly && editing?.comma === undefined ? ',' : '',
    additionalTextEdits,
  });
}

function valueItems(doc: AnalyzedDocument, op: Operation, spot: Extract<JsonSpot, { kind: 'value' }>, offset: number): CompletionItem[] {
  const scoped = scopeAtPath(op, spot.path);
  const spec = scoped ? lookupField(scoped.scope, spot.prop.key).spec : undefined;
  if (!spec) return [];
  const at = spot.token ? range(doc, spot.token.start, spot.token.end, offset) : range(doc, offset, offset);
  return valueChoices(spec).map((choice, i) => {
    const text = jsonValueText(spec, choice.value);
    return {
      label: choice.value,
      kind: CompletionItemKind.Value,
      detail: choice.detail,
      ...(choice.documentation ? { documentation: choice.documentation } : {}),
      sortText: String(i).padStart(3, '0'),
      filterText: text,
      textEdit: { range: at, newText: text },
    };
  });
}

/** `text` is the body region as written from `base`; `offset` is the cursor's document offset. */
export function jsonBodyItems(doc: AnalyzedDocument, op: Operation, text: string, base: number, offset: number): CompletionItem[] {
  const root = readJsonLocations(text, base);
  if (!root || !isContainer(root) || !inside(root, offset)) return [];
  const spot = locate(root, offset, []);
  if (spot.kind === 'key') return keyItems(doc, op, spot, offset);
  if (spot.kind === 'value') return valueItems(doc, op, spot, offset);
  return [];
}
