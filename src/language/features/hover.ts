// Hover: the operation on the request line, a body field (JSON key or XML element), a
// `{{variable}}`, a header, an `@expect` line, a metadata keyword (`@note`), or a body file's path.

import type { Hover, Position, Range } from 'vscode-languageserver-types';
import type { AnalyzedDocument } from '../documents/analyzedDocument';
import { fieldChainAt, lookupField, scopeAtPath } from '../../core/requestLint/body/fieldScopes';
import { operationMarkdown, fieldMarkdown } from '../completion/operationDocs';
import { BUILTIN_VARIABLES } from '../../core/requestFile/builtinVariables';
import { isSystemVariable, parseSystemVariable, SYSTEM_VARIABLES, type SystemVariableSpec } from '../../core/requestFile/systemVariables';
import { HEADER_NAMES } from '../data/headerNames';
import { isAuthHeader } from '../../core/protection/authHeaders';
import { KEY_ADVICE } from '../../core/requestLint/secretChecks';
import { maskSecrets } from '../../core/requestLint/keyPatterns';
import type { Operation, OperationAlias } from '../../catalog';
import type { BodyFileRef, ParsedRequest } from '../../core/requestFile';
import { responseValueText } from '../../core/requestFile/variables';
import { exchangePartOf, type ExchangePart } from '../../core/runner/namedExchange';
import { redact } from '../../core/protection/redaction';
import { bodyFileBase, bodyFileStatus, filledBodyFileRef } from '../bodyFiles/bodyFiles';
import { TEST_CARDS } from '../data/testCards';
import { DECLINE_AMOUNTS, RETURNING_ACCOUNTS } from '../data/sandboxValues';
import { metadataKeywordDoc } from '../completion/metadata';
import { outsideStatus } from '../outsideSources';
import { refusalNote } from '../diagnostics/intendedFailures';

const contains = (r: Range, p: Position): boolean =>
  (r.start.line < p.line || (r.start.line === p.line && r.start.character <= p.character)) &&
  (p.line < r.end.line || (p.line === r.end.line && p.character <= r.end.character));

const markdown = (value: string, range?: Range): Hover => ({ contents: { kind: 'markdown', value: maskSecrets(value) }, ...(range ? { range } : {}) });

/** Which operation a legacy form becomes (or what it needs to become one), then that operation's docs. */
function legacyFormMarkdown(alias: OperationAlias, op: Operation | undefined): string {
  const head = `**Legacy form** \`${alias.method} ${alias.path}\` — ${alias.doc}`;
  if (!op) return `${head}\n\nAdd a \`type\` field to the body to say which operation this is.`;
  return `${head}\n\nThis request becomes **${op.title}** (\`${op.method} ${op.path}\`).\n\n---\n\n${operationMarkdown(op)}`;
}

/** `# @note …`: the keyword written on a metadata line, and where it starts. */
const METADATA_KEYWORD = /^(\s*(?:#|\/\/)\s*)@(\w[\w-]*)/;

/** What the metadata keyword under the cursor does (not its value: a note's text is the user's own). */
function metadataKeywordHover(text: string, position: Position): Hover | null {
  const match = METADATA_KEYWORD.exec(text);
  if (!match) return null;
  const start = match[1].length;
  const end = start + 1 + match[2].length;
  if (position.character < start || position.character > end) return null;
  const doc = metadataKeywordDoc(match[2]);
  return doc ? markdown(`**@${match[2]}** — ${doc}`, { start: { line: position.line, character: start }, end: { line: position.line, character: end } }) : null;
}

export function hoverAt(doc: AnalyzedDocument, position: Position): Hover | null {
  if (position.line < 0 || position.line >= doc.lineCount) return null;
  const text = doc.lineText(position.line);
  if (position.character > text.length) return null;
  const index = doc.requestIndexAt(position.line);
  const request = index >= 0 ? doc.request(index) : undefined;

  const variable = variableHover(doc, position, text, index);
  if (variable) return variable;

  const expect = request?.expectations.find((e) => e.range.start.line === position.line);
  if (expect) {
    const what = expect.subject === 'status'
      ? `the HTTP status is ${expect.operator === '!=' ? 'not ' : ''}${expect.expected}`
      : expect.operator === 'exists' ? `\`${expect.path}\` is present in the response`
        : expect.operator === 'matches' ? `\`${expect.path}\` matches /${expect.expected}/${expect.flags ?? ''}`
          : `\`${expect.path}\` ${expect.operator === '==' ? 'equals' : 'does not equal'} \`${expect.expected}\``;
    return markdown(`**@expect** — after the response, checks that ${what}. Results show beside the request and in the log; after a failure, "Send All" skips only the requests that read this one's answer.${refusalNote(expect)}`, expect.range);
  }
  const keyword = metadataKeywordHover(text, position);
  if (keyword) return keyword;
  if (!request) return null;

  const bodyFile = request.body?.file;
  if (bodyFile && contains(bodyFile.pathRange, position)) return markdown(bodyFileMarkdown(doc.uri, bodyFile, filledBodyFileRef(bodyFile, () => doc.variables)), bodyFile.pathRange);

  const resolved = doc.operationOf(index);
  if (position.line === request.methodRange.start.line && (contains(request.methodRange, position) || contains(request.targetRange, position))) {
    const lineRange = { start: request.methodRange.start, end: request.targetRange.end };
    if (resolved?.alias) return markdown(legacyFormMarkdown(resolved.alias, resolved.op), lineRange);
    if (resolved?.op) return markdown(operationMarkdown(resolved.op), lineRange);
    if (resolved && resolved.onPath.length > 0) {
      return markdown(`**${resolved.onPath[0].path}** takes ${resolved.onPath.map((o) => `\`${o.method}\` (${o.title})`).join(', ')}`);
    }
    return null;
  }

  const header = request.headers.find((h) => h.range.start.line === position.line);
  if (header && contains(header.nameRange, position)) {
    if (isAuthHeader(header.name)) return markdown(`**${header.name}** — ${KEY_ADVICE}.`, header.nameRange);
    const info = HEADER_NAMES.find((h) => h.name.toLowerCase() === header.name.toLowerCase());
    return info ? markdown(`**${info.name}** — ${info.doc}`, header.nameRange) : null;
  }

  const body = doc.bodyOf(index);
  const op = resolved?.op;
  if (!body?.root || !op) return null;
  const offset = doc.offsetAt(position);
  const chain = fieldChainAt(body.root, offset);
  const node = chain[chain.length - 1];
  if (node.leaf && offset >= node.leaf.start && offset <= node.leaf.end) {
    const meaning = specialValueMeaning(node.name, node.leaf.text);
    return meaning ? markdown(meaning, { start: doc.positionAt(node.leaf.start), end: doc.positionAt(node.leaf.end) }) : null;
  }
  if (offset < node.nameStart || offset > node.nameEnd) return null;
  if (chain.length === 1) return body.format === 'xml' ? markdown(`**<${node.name}>** — root element of ${op.title}`) : null;
  const path = chain.slice(1).map((n) => n.name);
  const parent = scopeAtPath(op, path.slice(0, -1));
  const spec = parent ? lookupField(parent.scope, path[path.length - 1]).spec : undefined;
  if (!spec) return null;
  return markdown(fieldMarkdown(spec, parent?.spec ? `in ${parent.spec.name}` : `${op.title} body`), { start: doc.positionAt(node.nameStart), end: doc.positionAt(node.nameEnd) });
}

const sizeText = (bytes: number): string =>
  bytes < 1024 ? `${bytes} byte${bytes === 1 ? '' : 's'}` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Where a body file is and how big (looked up now: the disk changes under an unchanged text), or why it cannot be sent. */
/** `filled`: `ref` with its path's variables filled in from the file's (undefined when one has no value in the file). */
function bodyFileMarkdown(uri: string, ref: BodyFileRef, filled: BodyFileRef | undefined): string {
  const how = ref.fillVariables ? 'its `{{…}}` filled in as the request\'s are' : 'as it is';
  if (!filled) return `**Body file** — sent ${how}; its path's \`{{…}}\` are filled in when it is sent (from the file's variables or the environment's values, never a response's).`;
  const status = bodyFileStatus(bodyFileBase(uri), filled.path);
  if (!status) return `**Body file** — sent ${how}, read relative to the request file's folder.`;
  if ('problem' in status) return `**Body file** — ${status.problem}.`;
  return `**Body file** \`${status.file}\` (${sizeText(status.size)}) — sent ${how}.`;
}

/** What the Local sandbox does with a value it treats specially: a test card, an amount, an account. */
function specialValueMeaning(field: string, value: string): string | undefined {
  const card = TEST_CARDS.find((c) => c.number === value);
  if (card) return `**Test card** (${card.brand}) — the Local sandbox approves it unless the amount says otherwise; a real gateway's production environment would charge or decline it. (docs/sandbox.md, "Test cards")`;
  if (/amount$/.test(field)) {
    const amount = DECLINE_AMOUNTS.find((d) => d.value === value);
    if (amount) return `**${value}** — ${amount.meaning} (docs/sandbox.md, "Amounts")`;
  }
  if (field === 'account-number') {
    const account = RETURNING_ACCOUNTS.find((a) => value.endsWith(a.value.slice(6)) && a.value.slice(6) !== '');
    if (account) return `**${value}** — ${account.meaning} (docs/sandbox.md, "ACH returns")`;
  }
  return undefined;
}

/** A system variable's hover: what it makes (for one read from outside the file, whether it is set, never its value), or how it is written wrong. */
function systemVariableMarkdown(inside: string, doc: AnalyzedDocument): string {
  const parsed = parseSystemVariable(inside);
  if (!parsed.ok) return `**{{${inside}}}** — ${parsed.message}`;
  const spec = SYSTEM_VARIABLES.find((s) => s.name === parsed.call.name) as SystemVariableSpec;
  const call = parsed.call;
  if (call.name === '$processEnv' || call.name === '$dotenv') {
    const held = call.indirect ? doc.variables.find((v) => v.name === call.variable)?.value.trim() : call.variable;
    const status = held === undefined ? `**not set**: no file variable "${call.variable}" holds the name to read` : outsideStatus(call.name, held, doc.uri);
    return `**{{${inside}}}** — ${status}. ${spec.doc}`;
  }
  return `**{{${inside}}}** — system variable, a new value each time it is sent. ${spec.doc}`;
}

function variableHover(doc: AnalyzedDocument, position: Position, text: string, requestIndex: number): Hover | null {
  for (const m of text.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)) {
    const from = m.index ?? 0;
    const to = from + m[0].length;
    if (position.character < from || position.character > to) continue;
    const name = m[1];
    const range = { start: { line: position.line, character: from }, end: { line: position.line, character: to } };
    if (isSystemVariable(name)) return markdown(systemVariableMarkdown(name, doc), range);
    const prompt = doc.request(requestIndex)?.prompts?.find((p) => p.name === name);
    if (prompt) return markdown(`**{{${name}}}** — asked for each time this request is sent (\`# @prompt\`, line ${prompt.nameRange.start.line + 1})${prompt.description ? `: "${prompt.description}"` : ''}.`, range);
    const builtin = BUILTIN_VARIABLES.find((b) => b.name === name);
    if (builtin) return markdown(`**{{${name}}}** — built-in. ${builtin.doc}`, range);
    const defined = doc.variables.find((v) => v.name === name);
    if (defined) return markdown(`**{{${name}}}** — file variable (line ${defined.range.start.line + 1}) = \`${defined.value}\``, range);
    const step = name.search(/[.[]/);
    const head = step > 0 ? name.slice(0, step) : name;
    const index = doc.namedRequests.get(head);
    if (index !== undefined) {
      const op = doc.operationOf(index)?.op;
      const r = doc.request(index) as ParsedRequest;
      const path = step > 0 ? name.slice(step).replace(/^\./, '') : '';
      const part = exchangePartOf(path);
      return markdown(`**{{${name}}}** — ${exchangePart(part)} request \`${head}\` (${op ? op.title : `${r.method} ${r.target}`}, line ${r.range.start.line + 1})` +
        `${path && !part ? `, path \`${path}\`` : ''}. ${part ? writtenThere(r, part) : ''}${index > requestIndex ? 'That request comes later in the file; it is sent first.' : 'Sent first when it has not been sent yet.'}`, range);
    }
    return markdown(`**{{${name}}}** — not defined in this file: add "@${name} = value" at the top.`, range);
  }
  return null;
}

/** What a `{{name.…}}` path reads, in words: the answer's body by default, REST Client's forms as they say. */
function exchangePart(part: ExchangePart | undefined): string {
  if (!part) return 'from the response of';
  const { rest } = part;
  const what = part.what === 'headers' ? `the \`${rest}\` header of` : rest.startsWith('$.') ? `\`${rest.slice(2)}\` in the body of` : 'the whole body of';
  return `${what} ${part.side === 'response' ? 'the answer to' : 'what was sent as'}`;
}

/**
 * What a `request.…` form reads, as the named request writes it (`INV-{{$randomInt 100000 1000000}}`),
 * with a sentence after it; '' when it is not one, or the request does not write it. Card numbers
 * and keys are masked as everywhere else.
 */
function writtenThere(request: ParsedRequest, part: ExchangePart): string {
  if (part.side !== 'request' || part.rest === '') return '';
  let written: string | undefined;
  if (part.what === 'headers') written = request.headers.find((h) => h.name.toLowerCase() === part.rest.toLowerCase())?.value;
  else if (part.rest.startsWith('$.') && request.body && !request.body.file) {
    try {
      written = responseValueText(JSON.parse(request.body.text), part.rest.slice(2));
    } catch {
      return '';
    }
  }
  return written === undefined ? '' : `Written there: \`${redact(written)}\`. `;
}
