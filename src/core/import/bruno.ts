// Bruno collections: a folder with bruno.json, a .bru file per request (in sub-folders too) and
// environments/*.bru, read by ./bruFormat.ts (checked against Bruno's own parser). Its data blocks carry over —
// `assert` to `# @expect`, `vars:post-response` to chaining, `vars:pre-request` to variables —;
// its scripts and tests are JavaScript, never run here, and named in the report.

import { readBru, readBruEnvironment } from './bruFormat';
import { carried, dropped, type ImportNote, type ImportedCollection, type ImportedRequest } from './importedRequest';

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: Json): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');
const list = (v: Json): Json[] => (Array.isArray(v) ? v : []);
const enabled = (v: Json): v is Record<string, Json> => isObject(v) && v.enabled !== false;

export interface BruFile {
  /** Relative to the collection folder, `/`-separated: for the title and the order. */
  path: string;
  text: string;
}

/** `res.body.payload.transaction.id` or `res("payload.transaction.id")` → `payload.transaction.id`. */
function responsePath(expression: string): string | undefined {
  const e = expression.trim();
  const dotted = /^res\.body((?:\.[\w$-]+|\[\d+\])+)$/.exec(e);
  if (dotted) return dotted[1].replace(/^\./, '');
  const called = /^res\(\s*["']([\w$.[\]-]+)["']\s*\)$/.exec(e);
  return called?.[1];
}

/** Bruno's assert operators with an `@expect` equivalent. */
const ASSERT_OPERATORS: Readonly<Record<string, (path: string, value: string) => string>> = {
  eq: (p, v) => `${p} == ${v}`,
  neq: (p, v) => `${p} != ${v}`,
  isDefined: (p) => `${p} exists`,
  matches: (p, v) => `${p} matches /${v.replace(/^\/|\/$/g, '')}/`,
};

function expectationOf(name: string, value: string): string | undefined {
  const [operator, ...rest] = value.trim().split(/\s+/);
  const operand = rest.join(' ').replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  if (name.trim() === 'res.status' && (operator === 'eq' || operator === 'neq') && /^\d{3}$/.test(operand)) return `status ${operator === 'eq' ? '' : '!= '}${operand}`;
  const path = responsePath(name);
  const make = ASSERT_OPERATORS[operator];
  return path && make ? make(path, operand) : undefined;
}

function bodyOf(doc: Record<string, Json>, headers: ImportedRequest['headers'], notes: ImportNote[]): string | undefined {
  const mode = isObject(doc.http) ? text(doc.http.body) : '';
  const bodies = isObject(doc.body) ? doc.body : {};
  const contentType: Readonly<Record<string, string>> = { json: 'application/json', xml: 'application/xml', text: 'text/plain', formUrlEncoded: 'application/x-www-form-urlencoded' };
  if (!mode || mode === 'none') return undefined;
  if (!(mode in contentType)) {
    notes.push(dropped(`a ${mode} body: not carried over (the gateway takes JSON or XML)`));
    return undefined;
  }
  if (!headers.some((h) => /^content-type$/i.test(h.name))) headers.push({ name: 'Content-Type', value: contentType[mode] });
  if (mode === 'formUrlEncoded') return list(bodies.formUrlEncoded).filter(enabled).map((p) => `${encodeURIComponent(text(p.name))}=${encodeURIComponent(text(p.value))}`).join('&');
  return text(bodies[mode]);
}

function requestOf(file: BruFile, variables: Array<{ name: string; value: string }>): { request?: ImportedRequest; seq: number; note?: ImportNote } {
  let doc: Json;
  try {
    doc = readBru(file.text);
  } catch (e) {
    return { seq: 0, note: dropped(`${file.path}: not a .bru file Bruno can read (${String((e as Error).message ?? e).split('\n')[0].slice(0, 120)})`) };
  }
  if (!isObject(doc) || !isObject(doc.http)) return { seq: 0, note: dropped(`${file.path}: no request in it (meta and a method block like "post { url: … }")`) };
  const meta = isObject(doc.meta) ? doc.meta : {};
  if (meta.type && meta.type !== 'http') return { seq: 0, note: dropped(`${file.path}: a ${text(meta.type)} request, not HTTP: not imported`) };
  const notes: ImportNote[] = [];
  const headers = list(doc.headers).filter(enabled).map((h) => ({ name: text(h.name), value: text(h.value) }));
  let url = text(doc.http.url);
  for (const p of list(doc.params).filter(enabled).filter((p) => p.type === 'path')) {
    url = url.replace(new RegExp(`/:${text(p.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[/?#]|$)`, 'g'), `/${text(p.value)}`);
  }
  const body = bodyOf(doc, headers, notes);
  const auth = text(doc.http.auth);
  if (auth && auth !== 'none' && auth !== 'inherit') notes.push(dropped(`auth type "${auth}" removed; the environment supplies the keys`));
  const expectations: string[] = [];
  for (const a of list(doc.assertions).filter(enabled)) {
    const e = expectationOf(text(a.name), text(a.value));
    if (e) expectations.push(e);
    else notes.push(dropped(`assert "${text(a.name)}: ${text(a.value)}" has no @expect equivalent`));
  }
  const vars = isObject(doc.vars) ? doc.vars : {};
  const sets: ImportedRequest['sets'] = [];
  for (const v of list(vars.res).filter(enabled)) {
    const path = responsePath(text(v.value));
    if (path) sets.push({ variable: text(v.name), path });
    else notes.push(dropped(`post-response variable ${text(v.name)} = ${text(v.value)}: not a response body path`));
  }
  for (const v of list(vars.req).filter(enabled)) {
    variables.push({ name: text(v.name), value: text(v.value) });
    notes.push(carried(`pre-request variable ${text(v.name)} written as @${text(v.name)}`));
  }
  const script = isObject(doc.script) ? doc.script : {};
  for (const [key, what] of [['req', 'pre-request script'], ['res', 'post-response script']] as const) {
    if (text(script[key]).trim()) notes.push(dropped(`${what} not carried over: nothing in an imported file is run`));
  }
  if (text(doc.tests).trim()) notes.push(dropped('tests block not carried over (JavaScript, never run here): write its checks as assert entries or # @expect lines'));
  const folder = file.path.split('/').slice(0, -1).join(' / ');
  const name = text(meta.name) || file.path.replace(/\.bru$/, '');
  return {
    seq: Number(text(meta.seq)) || 0,
    request: { title: folder ? `${folder} / ${name}` : name, method: text(doc.http.method) || 'get', url, headers, ...(body !== undefined ? { body } : {}), expectations, sets, notes },
  };
}

/** An environment file's enabled variables; a secret one's value, when Bruno kept it in the file, too (the writer lifts it). */
function brunoEnvironmentVariables(textOfFile: string): Array<{ name: string; value: string }> {
  const doc = readBruEnvironment(textOfFile);
  return isObject(doc) ? list(doc.variables).filter(enabled).map((v) => ({ name: text(v.name), value: text(v.value) })) : [];
}

/** A Bruno collection from its bruno.json and its .bru files (folder order, then each folder's `seq`). */
export function readBrunoCollection(brunoJson: string, files: readonly BruFile[], environment?: { name: string; text: string }): ImportedCollection {
  let config: Json;
  try {
    config = JSON.parse(brunoJson);
  } catch {
    throw new Error('bruno.json is not JSON: is this a Bruno collection folder?');
  }
  const notes: ImportNote[] = [];
  const variables: Array<{ name: string; value: string }> = [];
  if (environment) {
    variables.push(...brunoEnvironmentVariables(environment.text));
    notes.push(carried(`variables of the environment "${environment.name}"`));
  }
  const read = files.map((f) => ({ file: f, ...requestOf(f, variables) }));
  for (const r of read) if (r.note) notes.push(r.note);
  const folderOf = (p: string) => p.split('/').slice(0, -1).join('/');
  const requests = read
    .filter((r) => r.request)
    .sort((a, b) => folderOf(a.file.path).localeCompare(folderOf(b.file.path)) || a.seq - b.seq || a.file.path.localeCompare(b.file.path))
    .map((r) => r.request!);
  return { name: isObject(config) ? text(config.name) || 'bruno-collection' : 'bruno-collection', format: 'Bruno collection', requests, variables, notes };
}
