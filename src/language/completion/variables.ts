// Completion after `{{`: file variables, the built-ins, system variables (`$guid`…), earlier named requests and, after
// `name.`, paths into that request's response. Named requests are offered nearest first and at
// most MAX_NAMED_OFFERED of them (a 20,000-line file has ~1,800; PERF(bench/lsp.ts)); the list
// is then marked incomplete, so the editor asks again as
// the user types and the server narrows by what is typed.

import { CompletionItemKind, type CompletionItem, type CompletionList } from 'vscode-languageserver-types';
import { lastAtOrBefore, type AnalyzedDocument } from '../documents/analyzedDocument';
import { responsePaths } from '../features/responsePaths';
import { BUILTIN_VARIABLES } from '../../core/requestFile/builtinVariables';
import { OUTSIDE_VARIABLES, SYSTEM_VARIABLES } from '../../core/requestFile/systemVariables';
import { lineRange } from './requestLine';
import { dotenvFilesOf, processEnvNames } from '../outsideSources';

export const MAX_NAMED_OFFERED = 100;

/** What a system variable's item writes after its name: a working example to change, not the usage line. */
const SYSTEM_DEFAULT_ARGS: Readonly<Record<string, string>> = { $randomInt: ' 1000 10000', $datetime: ' iso8601', $localDatetime: ' iso8601' };

/** `{{$processEnv ` or `{{$dotenv ` and the name typed so far (after a `%`, a file variable's name). */
const OUTSIDE_NAME = /^\s*(\$processEnv|\$dotenv)\s+(%?)([\w.-]*)$/;

/**
 * The names after `{{$processEnv ` (this process's environment: VS Code's) or `{{$dotenv ` (the
 * .env beside the document, then its workspace folder's) — names only, never a value — or after
 * `%`, the file variables that may hold one.
 */
function outsideNameItems(doc: AnalyzedDocument, kind: string, indirect: boolean, range: ReturnType<typeof lineRange>, close: string): CompletionList {
  const item = (name: string, detail: string, sortText: string): CompletionItem => ({ label: name, kind: CompletionItemKind.Variable, detail, sortText, textEdit: { range, newText: `${name}${close}` } });
  if (indirect) return { isIncomplete: false, items: doc.variables.map((v) => item(v.name, 'file variable: its value is the name to read', `0_${v.name}`)) };
  if (kind === '$processEnv') return { isIncomplete: false, items: processEnvNames().map((name) => item(name, 'set in VS Code\'s environment', `1_${name}`)) };
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  dotenvFilesOf(doc.uri).forEach((file, order) => {
    for (const name of file.values?.keys() ?? []) {
      if (seen.has(name)) continue;
      seen.add(name);
      items.push(item(name, `in ${file.path}`, `${order}_${name}`));
    }
  });
  return { isIncomplete: false, items };
}

/** Whether `name` holds the letters of `typed` in order, any case (roughly how editors filter). */
function fits(name: string, typed: string): boolean {
  let at = 0;
  const lower = name.toLowerCase();
  for (const ch of typed.toLowerCase()) {
    at = lower.indexOf(ch, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** `typed`: what follows `{{` up to the cursor; `after`: the line after the cursor. */
export function variableItems(doc: AnalyzedDocument, line: number, cursor: number, typed: string, after: string, requestIndex: number): CompletionList {
  const rest = /^[\w$.\-[\]]*/.exec(after)?.[0] ?? '';
  const closes = after.slice(rest.length).trimStart().startsWith('}}');
  const close = closes ? '' : '}}';
  const outside = OUTSIDE_NAME.exec(typed);
  if (outside) return outsideNameItems(doc, outside[1], outside[2] === '%', lineRange(line, cursor - outside[3].length, cursor + rest.length), close);
  const range = lineRange(line, cursor - typed.trimStart().length, cursor + rest.length);
  const dot = typed.indexOf('.');
  if (dot > 0) {
    const name = typed.slice(0, dot).trim();
    const index = doc.namedRequests.get(name);
    if (index === undefined) return { isIncomplete: false, items: [] };
    const op = doc.operationOf(index)?.op;
    const items = responsePaths(op).map((path, i): CompletionItem => ({
      label: `${name}.${path}`,
      kind: CompletionItemKind.Field,
      detail: `from the response of ${name}${op ? ` (${op.title})` : ''}`,
      sortText: String(i).padStart(3, '0'),
      textEdit: { range, newText: `${name}.${path}${close}` },
    }));
    exchangeParts(doc, index).forEach((part, i) => items.push({
      label: `${name}.${part.path}`,
      kind: CompletionItemKind.Field,
      detail: part.detail,
      sortText: `9${String(i).padStart(3, '0')}`,
      textEdit: { range, newText: `${name}.${part.path}${close}` },
    }));
    return { isIncomplete: false, items };
  }
  const items: CompletionItem[] = BUILTIN_VARIABLES.map((b) => ({
    label: b.name,
    kind: CompletionItemKind.Constant,
    detail: 'built-in',
    documentation: b.doc,
    sortText: `1_${b.name}`,
    textEdit: { range, newText: `${b.name}${close}` },
  }));
  for (const system of SYSTEM_VARIABLES) {
    if ((OUTSIDE_VARIABLES as readonly string[]).includes(system.name)) {
      // The name comes next, from the list that opens after the space: VS Code's environment or the .env files.
      items.push({
        label: `${system.name} ${system.args}`,
        kind: CompletionItemKind.Function,
        detail: system.name === '$processEnv' ? 'an environment variable, sent only to the environment\'s own URLs' : 'a value from a .env file, sent only to the environment\'s own URLs',
        data: { systemVariable: system.name },
        sortText: `3_${system.name}`,
        filterText: system.name,
        textEdit: { range, newText: `${system.name} ` },
        command: { title: 'Suggest', command: 'editor.action.triggerSuggest' },
      });
      continue;
    }
    items.push({
      label: system.args ? `${system.name} ${system.args}` : system.name,
      kind: CompletionItemKind.Function,
      detail: 'system variable: a new value at each use',
      // Its documentation comes with completionItem/resolve (completedDocumentation): six long
      // texts in every list after "{{" made the 20k-line file's variable completion p95 slower.
      data: { systemVariable: system.name },
      sortText: `3_${system.name}`,
      filterText: system.name,
      textEdit: { range, newText: `${system.name}${SYSTEM_DEFAULT_ARGS[system.name] ?? ''}${close}` },
    });
  }
  const seen = new Set<string>();
  for (const prompt of doc.request(requestIndex)?.prompts ?? []) {
    if (seen.has(prompt.name)) continue;
    seen.add(prompt.name);
    items.push({
      label: prompt.name,
      kind: CompletionItemKind.Variable,
      detail: `asked for when sent (# @prompt)${prompt.description ? `: ${prompt.description}` : ''}`,
      sortText: `0_${prompt.name}`,
      textEdit: { range, newText: `${prompt.name}${close}` },
    });
  }
  for (const v of doc.variables) {
    if (seen.has(v.name)) continue;
    seen.add(v.name);
    items.push({
      label: v.name,
      kind: CompletionItemKind.Variable,
      detail: `= ${v.value}`,
      sortText: `0_${v.name}`,
      textEdit: { range, newText: `${v.name}${close}` },
    });
  }
  const word = typed.trim();
  const named = doc.namedRequestIndexes;
  const last = lastAtOrBefore(named, (requestIndex >= 0 ? requestIndex : doc.requestCount) - 1, (n) => n);
  const offered = new Set<string>();
  let cut = false;
  // The name typed whole first, then names that start with it, then the rest that fit; nearest first in each.
  const tiers: Array<(name: string) => boolean> = [(n) => n === word, (n) => n.startsWith(word), (n) => fits(n, word)];
  for (const tier of tiers) {
    for (let i = last; i >= 0 && !cut; i--) {
      const name = doc.requestNameAt(named[i]) as string;
      if (offered.has(name) || !tier(name)) continue;
      if (offered.size === MAX_NAMED_OFFERED) cut = true;
      else offered.add(name);
    }
  }
  for (const name of offered) {
    // A reference resolves to the first request of its name: describe that one.
    const op = doc.operationOf(doc.namedRequests.get(name) as number)?.op;
    items.push({
      label: name,
      kind: CompletionItemKind.Reference,
      detail: `named request${op ? ` — ${op.title}` : ''}: take a value from its response`,
      sortText: `2_${name}`,
      // No dot of its own: the user types it (or it commits the item), and "." asks for the
      // response paths. An inserted dot was doubled by the one users type out of habit.
      textEdit: { range, newText: name },
      commitCharacters: ['.'],
    });
  }
  return { isIncomplete: cut, items };
}

/** An item of these lists with its documentation, when the editor asks for it (completionItem/resolve). */
export function completedDocumentation(item: CompletionItem): CompletionItem {
  const name = (item.data as { systemVariable?: unknown } | undefined)?.systemVariable;
  const system = typeof name === 'string' ? SYSTEM_VARIABLES.find((s) => s.name === name) : undefined;
  return system ? { ...item, documentation: system.doc } : item;
}

/**
 * REST Client's forms after a named request's name, after its response paths: the answer's
 * exchange-id header, and the fields of its JSON body as it is sent (`{{sale1.request.body.$.invoice}}`:
 * the invoice a `{{$randomInt}}` made there, which only the request knows).
 */
function exchangeParts(doc: AnalyzedDocument, index: number): Array<{ path: string; detail: string }> {
  const parts = [{ path: 'response.headers.exchange-id', detail: 'the exchange-id header of its answer' }];
  const body = doc.request(index)?.body;
  if (!body || body.file) return parts;
  let sent: unknown;
  try {
    sent = JSON.parse(body.text);
  } catch {
    return parts;
  }
  if (sent === null || typeof sent !== 'object' || Array.isArray(sent)) return parts;
  for (const [field, value] of Object.entries(sent)) {
    if (typeof value === 'string' || typeof value === 'number') parts.push({ path: `request.body.$.${field}`, detail: 'its body as sent: this field' });
  }
  return parts;
}

