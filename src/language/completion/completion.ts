// Completion: decides what the cursor is on (a variable, metadata, the request line, a header,
// a body file's path, the body) and hands over to the completer for that context.

import type { CompletionItem, CompletionList, Position } from 'vscode-languageserver-types';
import type { AnalyzedDocument } from '../documents/analyzedDocument';
import { lineContext } from './lineContext';
import { methodItems, pathItems, queryItems } from './requestLine';
import { headerNameItems, headerValueItems } from './headers';
import { variableItems } from './variables';
import { expectItems, expectValueItems, metadataKeywordItems } from './metadata';
import { jsonBodyItems } from './jsonBody';
import { xmlBodyItems } from './xmlBody';
import { emptyBodyItems } from './emptyBody';
import { requestSnippetItems, SNIPPET_WORD } from './requestSnippets';
import { bodyFilePathItems } from './bodyFilePath';
import type { LineContext } from './lineContext';

const META_KEYWORD = /^(\s*(?:#|\/\/)\s*@)(\w*)$/;
const EXPECT_SUBJECT = /^(\s*(?:#|\/\/)\s*@expect\s+)(\S*)$/;
const EXPECT_VALUE = /^(\s*(?:#|\/\/)\s*@expect\s+(\S+)\s+(?:==|!=)\s*)(\S*)$/;

/**
 * New-request snippets for a word typed alone on a line with nothing but blank lines below it in
 * its block: in a block of its own (after a `###` the user wrote, or at the top of the file), or
 * below a request (outside its body), where the snippet brings the `###` that starts a new block.
 */
function newRequestItems(doc: AnalyzedDocument, context: LineContext, line: number, before: string, after: string, wordEnd: number): CompletionItem[] {
  if (!SNIPPET_WORD.test(before) || after.slice(wordEnd - before.length).trim() !== '') return [];
  for (let l = line + 1; l <= context.block.last; l++) if (doc.lineText(l).trim() !== '') return [];
  const range = { start: { line, character: before.length - before.trimStart().length }, end: { line, character: wordEnd } };
  // No request in the block yet (a word typed alone is read as a half-written request line).
  if (context.requestIndex < 0 || context.requestLine === line) {
    const opened = context.block.first > 0 && doc.separatorLines.includes(context.block.first - 1);
    return requestSnippetItems(opened ? 'opened-block' : 'below-request', range);
  }
  if (context.role === 'body') {
    // Below the body's root, or below a request that takes no body; an empty body of one that
    // takes a body is where its sample goes.
    const root = doc.bodyOf(context.requestIndex)?.root;
    const takesBody = (doc.operationOf(context.requestIndex)?.op?.bodyFormat ?? 'none') !== 'none';
    if (root ? root.end > (doc.lineStart(line) as number) : takesBody) return [];
  }
  return requestSnippetItems('below-request', range);
}

export function complete(doc: AnalyzedDocument, position: Position): CompletionItem[] {
  return completionList(doc, position).items;
}

/** The items, and whether the editor should ask again as the user types (a list cut short). */
export function completionList(doc: AnalyzedDocument, position: Position): CompletionList {
  const items = completeAt(doc, position);
  return Array.isArray(items) ? { isIncomplete: false, items } : items;
}

function completeAt(doc: AnalyzedDocument, position: Position): CompletionItem[] | CompletionList {
  const { line } = position;
  if (line < 0 || line >= doc.lineCount) return [];
  const text = doc.lineText(line);
  const cursor = Math.max(0, Math.min(position.character, text.length));
  const at = { line, character: cursor };
  const before = text.slice(0, cursor);
  const after = text.slice(cursor);
  const context = lineContext(doc, line);
  if (context.role === 'separator') return [];

  const open = before.lastIndexOf('{{');
  if (open >= 0 && before.indexOf('}}', open) < 0) {
    return variableItems(doc, line, cursor, before.slice(open + 2), after, context.requestIndex);
  }
  const wordEnd = cursor + (/^[\w-]*/.exec(after)?.[0].length ?? 0);

  const keyword = META_KEYWORD.exec(before);
  if (keyword) return metadataKeywordItems(line, keyword[1].length, wordEnd);
  const expected = EXPECT_VALUE.exec(before);
  if (expected) {
    const op = context.requestIndex >= 0 ? doc.operationOf(context.requestIndex)?.op : undefined;
    return expectValueItems(op, expected[2], line, expected[1].length, cursor + (/^\S*/.exec(after)?.[0].length ?? 0));
  }
  const subject = EXPECT_SUBJECT.exec(before);
  if (subject) {
    const op = context.requestIndex >= 0 ? doc.operationOf(context.requestIndex)?.op : undefined;
    return expectItems(op, line, subject[1].length, cursor + (/^\S*/.exec(after)?.[0].length ?? 0));
  }
  if (/^\s*(#|\/\/)/.test(before)) return [];

  if (context.role === 'preamble') {
    if (!/^[\w-]*$/.test(before)) return [];
    const snippets = context.requestIndex < 0 ? newRequestItems(doc, context, line, before, after, wordEnd) : [];
    return [...(/^[A-Za-z]*$/.test(before) ? methodItems(line, 0, wordEnd) : []), ...snippets];
  }

  if (context.role === 'requestLine') {
    const m = /^(\s*)(\S*)(\s+)?(\S*)$/.exec(before);
    if (!m) return [];
    const [, lead, method, gap, typedTarget] = m;
    if (gap === undefined) return [...methodItems(line, lead.length, wordEnd), ...newRequestItems(doc, context, line, before, after, wordEnd)];
    const q = typedTarget.indexOf('?');
    if (q >= 0) {
      const fullTarget = typedTarget + (/^\S*/.exec(after)?.[0] ?? '');
      return queryItems(method, fullTarget, typedTarget.slice(q + 1), line, cursor);
    }
    const targetEnd = cursor + (/^\S*/.exec(after)?.[0].length ?? 0);
    return pathItems(method, typedTarget, line, lead.length + method.length + gap.length, targetEnd);
  }

  const request = context.requestIndex >= 0 ? doc.request(context.requestIndex) : undefined;
  const op = context.requestIndex >= 0 ? doc.operationOf(context.requestIndex)?.op : undefined;

  if (context.role === 'header') {
    const colon = before.indexOf(':');
    if (colon < 0) return [...headerNameItems(op, request?.headers.map((h) => h.name) ?? [], line, wordEnd), ...newRequestItems(doc, context, line, before, after, wordEnd)];
    const valueStart = colon + 1 + (before.slice(colon + 1).length - before.slice(colon + 1).trimStart().length);
    return headerValueItems(op, before.slice(0, colon).trim(), line, valueStart, text.trimEnd().length > cursor ? text.trimEnd().length : cursor);
  }

  // `< path` on the body's first line names a file, whatever the operation (or none known yet).
  if (context.blankLine !== undefined && line === context.blankLine + 1) {
    const files = bodyFilePathItems(doc.uri, line, before, after);
    if (files) return files;
  }

  if (!op || context.blankLine === undefined) return newRequestItems(doc, context, line, before, after, wordEnd);
  const below = newRequestItems(doc, context, line, before, after, wordEnd);
  if (below.length > 0) return below;
  const base = doc.lineStart(context.blankLine + 1) ?? doc.text.length;
  const endLine = context.block.last;
  const end = endLine + 1 < doc.lineCount ? (doc.lineStart(endLine + 1) as number) - 1 : doc.text.length;
  const region = doc.text.slice(base, Math.max(base, end));
  const offset = doc.offsetAt(at);
  if (region.trim() === '') return emptyBodyItems(op, { start: at, end: at });
  return region.trimStart().startsWith('<') ? xmlBodyItems(doc, op, region, base, offset) : jsonBodyItems(doc, op, region, base, offset);
}
