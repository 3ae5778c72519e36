// Completion inside an XML body: elements allowed inside the element at the cursor
// (`<field>$1</field>`, only those not written yet), the close tag after `</`, and values
// inside a leaf element.

import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Range } from 'vscode-languageserver-types';
import type { Operation } from '../../catalog/types';
import type { AnalyzedDocument } from '../documents/analyzedDocument';
import { readXmlLocations, xmlElementChain, type XmlElement } from '../../core/requestLint/body/xmlElementLocations';
import { lookupField, scopeAtPath } from '../../core/requestLint/body/fieldScopes';
import { xmlElementItems } from './fieldItems';
import { valueChoices } from './values';

function range(doc: AnalyzedDocument, from: number, to: number): Range {
  return { start: doc.positionAt(from), end: doc.positionAt(to) };
}

/** `from`..`to` when both lie on the cursor's line (completion edits are single-line), else the cursor. */
function lineBound(doc: AnalyzedDocument, from: number, to: number, offset: number): Range {
  const at = doc.positionAt(offset);
  const a = doc.positionAt(Math.min(from, offset));
  const b = doc.positionAt(Math.max(to, offset));
  return a.line === at.line && b.line === at.line ? { start: a, end: b } : { start: at, end: at };
}

/** Elements open at `offset` (outermost first), counting only tags that start before it. */
function openChain(roots: readonly XmlElement[], offset: number): XmlElement[] {
  return xmlElementChain(roots, offset).filter((e) => e.openEnd <= offset);
}

function elementItems(op: Operation, chain: readonly XmlElement[], at: Range, withBracket: boolean): CompletionItem[] {
  if (chain.length === 0) {
    if (!op.xmlRoot) return [];
    return [{
      label: op.xmlRoot,
      kind: CompletionItemKind.Module,
      detail: `root element of ${op.title}`,
      filterText: withBracket ? `<${op.xmlRoot}` : op.xmlRoot,
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range: at, newText: `<${op.xmlRoot}>\n\t$0\n</${op.xmlRoot}>` },
    }];
  }
  const scoped = scopeAtPath(op, chain.slice(1).map((e) => e.name));
  if (!scoped) return [];
  const parent = chain[chain.length - 1];
  const present = new Set(parent.children.map((c) => c.name));
  return xmlElementItems(scoped.scope.fields, present, scoped.spec ? `in ${scoped.spec.name}` : `${op.title} body`, at, withBracket);
}

function valueItems(op: Operation, chain: readonly XmlElement[], at: Range): CompletionItem[] {
  const names = chain.slice(1).map((e) => e.name);
  const parent = scopeAtPath(op, names.slice(0, -1));
  const spec = parent ? lookupField(parent.scope, names[names.length - 1] ?? '').spec : undefined;
  if (!spec || spec.fields) return [];
  return valueChoices(spec).map((choice, i) => ({
    label: choice.value,
    kind: CompletionItemKind.Value,
    detail: choice.detail,
    ...(choice.documentation ? { documentation: choice.documentation } : {}),
    sortText: String(i).padStart(3, '0'),
    textEdit: { range: at, newText: choice.value },
  }));
}

/** `text` is the body region as written from `base`; `offset` is the cursor's document offset. */
export function xmlBodyItems(doc: AnalyzedDocument, op: Operation, text: string, base: number, offset: number): CompletionItem[] {
  const local = offset - base;
  const before = text.slice(0, local);
  const lineStart = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) + 1;
  const lt = before.lastIndexOf('<');
  const roots = readXmlLocations(text, base);
  if (lt >= 0 && before.indexOf('>', lt) < 0) {
    if (lt < lineStart) return []; // inside a tag left open on an earlier line (attributes)
    const typed = before.slice(lt + 1);
    if (typed.startsWith('/')) {
      const open = openChain(roots, base + lt).filter((e) => !e.closed || e.closeStart === base + lt);
      const inner = open[open.length - 1];
      if (!inner) return [];
      const after = /^[\w:.-]*>?/.exec(text.slice(local))?.[0] ?? '';
      return [{ label: `/${inner.name}`, kind: CompletionItemKind.Module, textEdit: { range: range(doc, base + lt, offset + after.length), newText: `</${inner.name}>` } }];
    }
    if (!/^[\w:.-]*$/.test(typed)) return [];
    const rest = /^[\w:.-]*/.exec(text.slice(local))?.[0] ?? '';
    return elementItems(op, openChain(roots, base + lt), range(doc, base + lt, offset + rest.length), true);
  }
  const chain = openChain(roots, offset);
  const inner = chain[chain.length - 1];
  const word = /[\w:.-]*$/.exec(before)?.[0] ?? '';
  if (inner && inner.children.length === 0 && offset <= inner.closeStart && chain.length > 1) {
    const leafSpec = valueItems(op, chain, lineBound(doc, inner.textStart, inner.textEnd, offset));
    if (leafSpec.length > 0 || inner.text !== '') return leafSpec;
  }
  return elementItems(op, chain, range(doc, offset - word.length, offset), false);
}
