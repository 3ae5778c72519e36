// Completion on metadata lines: `# @name` / `# @expect` / `# @prompt` / `# @note`, then after `@expect ` the subjects
// (`status`, paths into the response of this request's operation).

import { CompletionItemKind, InsertTextFormat, type CompletionItem } from 'vscode-languageserver-types';
import type { Operation } from '../../catalog/types';
import { responsePaths } from '../features/responsePaths';
import { lineRange } from './requestLine';
import { ALWAYS_SO_SETTINGS, isAlwaysSoSetting } from '../../core/requestFile/alwaysSoSettings';

const KEYWORDS: ReadonlyArray<{ name: string; snippet: string; doc: string }> = [
  { name: 'name', snippet: 'name ${1:sale1}', doc: 'Names the request, so later requests can use {{name.payload…}} from its response.' },
  { name: 'expect', snippet: 'expect ', doc: 'An assertion checked after the response: status, ==, !=, exists, matches /re/. A request that expects a 4xx ("status 400") is meant to be refused: what it sends wrong is shown as information ("intended"), not as an error.' },
  { name: 'note', snippet: 'note ${1:Refunds the sale in Staging}', doc: 'Asks before this request is sent from the editor, showing the note (REST Client\'s @note): for a refund, a void or a batch close in a shared environment. The CLI sends it without asking.' },
  { name: 'prompt', snippet: 'prompt ${1:amount} ${2:The amount to charge}', doc: 'Asks for {{name}}\'s value each time the request is sent (REST Client\'s @prompt); a name like password, token, card or csc is typed unseen. The CLI takes it from --var name=VALUE.' },
];

/** What a metadata keyword (`note`, without its `@`) does; undefined for one this file language does not know. */
export function metadataKeywordDoc(keyword: string): string | undefined {
  const doc = KEYWORDS.find((k) => k.name === keyword)?.doc;
  if (doc !== undefined || !isAlwaysSoSetting(keyword)) return doc;
  return `REST Client's setting; nothing to do here: ${ALWAYS_SO_SETTINGS[keyword]}.`;
}

export function metadataKeywordItems(line: number, from: number, to: number): CompletionItem[] {
  return KEYWORDS.map((k) => ({
    label: k.name,
    kind: CompletionItemKind.Keyword,
    documentation: k.doc,
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range: lineRange(line, from, to), newText: k.snippet },
    ...(k.name === 'expect' ? { command: { title: 'Suggest', command: 'editor.action.triggerSuggest' } } : {}),
  }));
}

export function expectItems(op: Operation | undefined, line: number, from: number, to: number): CompletionItem[] {
  const status = op?.successStatuses[0] ?? 200;
  const items: CompletionItem[] = [{
    label: 'status',
    kind: CompletionItemKind.Keyword,
    detail: `HTTP status, e.g. ${status}`,
    documentation: 'Checks the HTTP status of the response: "status 200" or "status != 402".',
    sortText: '0',
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range: lineRange(line, from, to), newText: `status \${1:${status}}` },
  }];
  // The envelope's `status` would read as the HTTP status check, so it is not offered here.
  responsePaths(op).filter((p) => p !== 'status').forEach((path, i) => items.push({
    label: path,
    kind: CompletionItemKind.Field,
    detail: 'response value',
    documentation: `Checks ${path} in the parsed response: == value, != value, exists, or matches /regex/.`,
    sortText: `1_${String(i).padStart(3, '0')}`,
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range: lineRange(line, from, to), newText: `${path} \${1|==,!=,exists,matches|} $2` },
  }));
  return items;
}

/** Values a response field takes, where the gateway's answers say so (docs/sandbox.md). */
const RESPONSE_VALUES: Readonly<Record<string, readonly string[]>> = {
  result: ['APPROVED', 'DECLINED'],
  'result-code': ['000'],
  voided: ['true', 'false'],
  settled: ['true', 'false'],
  pending: ['true', 'false'],
  default: ['true', 'false'],
  code: ['200'],
};
const TRANSACTION_STATUSES = ['Approved', 'Declined'];
const ACH_STATUSES = ['Pending', 'Settling', 'Settled', 'Returned', 'Void'];

/** After `@expect <path> ==` (or `!=`): the values that field is known to take. */
export function expectValueItems(op: Operation | undefined, path: string, line: number, from: number, to: number): CompletionItem[] {
  const field = path.split('.').pop() ?? path;
  const values = field === 'payloadType' ? (op?.payloadType ? [op.payloadType] : [])
    : field === 'status' && path.includes('.') ? (path.includes('ach') ? ACH_STATUSES : TRANSACTION_STATUSES)
      : RESPONSE_VALUES[field] ?? op?.fields.find((f) => f.name === field)?.values ?? [];
  return values.map((value, i) => ({
    label: value,
    kind: CompletionItemKind.Value,
    detail: `${field} value`,
    sortText: String(i).padStart(3, '0'),
    textEdit: { range: lineRange(line, from, to), newText: value },
  }));
}
