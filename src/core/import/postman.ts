// Postman collections (format v2.0 / v2.1, as Postman exports them) and Postman environment
// files, read as the JSON they are. Why not the postman-collection SDK: it brings faker, lodash
// and a URL encoder (1.1 MB minified, 385 KB gzipped, measured) for an object model over this same JSON,
// more than the whole CLI package's budget; the format's few fields are read and checked here.

import { carried, dropped, type ImportNote, type ImportedCollection, type ImportedRequest } from './importedRequest';
import { readPostmanScript } from './postmanScripts';

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: Json): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');
const list = (v: Json): Json[] => (Array.isArray(v) ? v : []);

export function isPostmanCollection(doc: Json): boolean {
  return isObject(doc) && isObject(doc.info) && /schema\.getpostman\.com\/json\/collection\/v2/.test(text(doc.info.schema)) && Array.isArray(doc.item);
}

export function isPostmanEnvironment(doc: Json): boolean {
  return isObject(doc) && Array.isArray(doc.values) && (doc._postman_variable_scope === 'environment' || doc._postman_variable_scope === 'globals' || typeof doc.name === 'string');
}

/** An environment's enabled variables (its keys among them: the writer lifts them out). */
export function postmanEnvironmentVariables(doc: Json): Array<{ name: string; value: string }> {
  if (!isObject(doc)) return [];
  return list(doc.values).filter(isObject).filter((v) => v.enabled !== false).map((v) => ({ name: text(v.key), value: text(v.value) })).filter((v) => v.name !== '');
}

function scriptLines(events: Json, listen: 'test' | 'prerequest'): string[] {
  return list(events).filter(isObject).filter((e) => e.listen === listen && e.disabled !== true).flatMap((e) => {
    const exec = isObject(e.script) ? e.script.exec : undefined;
    return Array.isArray(exec) ? exec.map(text) : text(exec).split('\n');
  });
}

/** The URL as Postman's `raw` has it, its `:name` path variables filled from `url.variable`. */
function urlOf(url: Json, notes: ImportNote[]): string {
  if (typeof url === 'string') return url;
  if (!isObject(url)) return '';
  let raw = text(url.raw);
  if (!raw) {
    const host = list(url.host).map(text).join('.');
    const path = list(url.path).map(text).join('/');
    const query = list(url.query).filter(isObject).filter((q) => q.disabled !== true).map((q) => `${text(q.key)}=${text(q.value)}`).join('&');
    raw = `${url.protocol ? `${text(url.protocol)}://` : ''}${host}/${path}${query ? `?${query}` : ''}`;
  }
  // Disabled query parameters are in `raw` too: Postman leaves them out when sending.
  for (const q of list(url.query).filter(isObject).filter((q) => q.disabled === true)) {
    raw = raw.replace(new RegExp(`([?&])${escapeRegExp(text(q.key))}=[^&#]*&?`), '$1').replace(/[?&]$/, '');
  }
  for (const v of list(url.variable).filter(isObject)) {
    const key = text(v.key);
    if (!key) continue;
    const value = text(v.value);
    raw = raw.replace(new RegExp(`/:${escapeRegExp(key)}(?=[/?#]|$)`, 'g'), `/${value || `{{${key}}}`}`);
    notes.push(carried(`path variable :${key} written as ${value ? `"${value}"` : `{{${key}}}`}`));
  }
  return raw;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function bodyOf(body: Json, headers: ImportedRequest['headers'], notes: ImportNote[]): string | undefined {
  if (!isObject(body) || body.disabled === true) return undefined;
  switch (body.mode) {
    case 'raw': {
      const language = isObject(body.options) && isObject(body.options.raw) ? text(body.options.raw.language) : '';
      const type = language === 'json' ? 'application/json' : language === 'xml' ? 'application/xml' : undefined;
      if (type && !headers.some((h) => /^content-type$/i.test(h.name))) headers.push({ name: 'Content-Type', value: type });
      return text(body.raw);
    }
    case 'urlencoded': {
      if (!headers.some((h) => /^content-type$/i.test(h.name))) headers.push({ name: 'Content-Type', value: 'application/x-www-form-urlencoded' });
      return list(body.urlencoded).filter(isObject).filter((p) => p.disabled !== true).map((p) => `${encodeURIComponent(text(p.key))}=${encodeURIComponent(text(p.value))}`).join('&');
    }
    case undefined:
    case 'none':
      return undefined;
    default:
      notes.push(dropped(`a ${text(body.mode)} body: not carried over (the gateway takes JSON or XML)`));
      return undefined;
  }
}

function authNote(auth: Json, where: string): ImportNote | undefined {
  if (!isObject(auth) || auth.type === 'noauth' || auth.type === undefined) return undefined;
  return dropped(`${where}auth type "${text(auth.type)}" removed; the environment supplies the keys`);
}

function requestOf(item: Record<string, Json>, folder: string, inheritedAuth: Json): ImportedRequest | undefined {
  const req = item.request;
  if (!isObject(req) && typeof req !== 'string') return undefined;
  const notes: ImportNote[] = [];
  const request = isObject(req) ? req : { url: req, method: 'GET' };
  const headers = list(request.header).filter(isObject).filter((h) => h.disabled !== true).map((h) => ({ name: text(h.key), value: text(h.value) }));
  const url = urlOf(request.url, notes);
  const body = bodyOf(request.body, headers, notes);
  const auth = authNote(request.auth ?? inheritedAuth, request.auth ? '' : 'inherited ');
  if (auth) notes.push(auth);
  const tests = readPostmanScript(scriptLines(item.event, 'test'));
  for (const line of tests.leftOver) notes.push(dropped(`test script statement not carried over: ${line.slice(0, 120)}`));
  const pre = scriptLines(item.event, 'prerequest').filter((l) => l.trim() && !l.trim().startsWith('//'));
  if (pre.length) notes.push(dropped(`pre-request script (${pre.length} line${pre.length === 1 ? '' : 's'}) not carried over: nothing in an imported file is run`));
  return {
    title: folder ? `${folder} / ${text(item.name)}` : text(item.name),
    method: text(request.method) || 'GET',
    url,
    headers,
    ...(body !== undefined ? { body } : {}),
    expectations: tests.expectations,
    sets: tests.sets,
    notes,
  };
}

function walk(items: Json, folder: string, auth: Json, out: ImportedRequest[], notes: ImportNote[]): void {
  for (const item of list(items).filter(isObject)) {
    if (Array.isArray(item.item)) {
      const scripts = scriptLines(item.event, 'test').length + scriptLines(item.event, 'prerequest').length;
      if (scripts) notes.push(dropped(`folder "${text(item.name)}": its scripts are not carried over`));
      walk(item.item, folder ? `${folder} / ${text(item.name)}` : text(item.name), item.auth ?? auth, out, notes);
    } else {
      const request = requestOf(item, folder, auth);
      if (request) out.push(request);
    }
  }
}

/** A collection with the variables of the environments given with it (theirs win, as Postman's do). */
export function readPostmanCollection(doc: Json, environments: ReadonlyArray<Array<{ name: string; value: string }>> = []): ImportedCollection {
  if (!isPostmanCollection(doc) || !isObject(doc) || !isObject(doc.info)) throw new Error('not a Postman collection (format v2.0 or v2.1): export it again from Postman as "Collection v2.1"');
  const notes: ImportNote[] = [];
  const requests: ImportedRequest[] = [];
  walk(doc.item, '', doc.auth, requests, notes);
  const collectionScripts = scriptLines(doc.event, 'test').length + scriptLines(doc.event, 'prerequest').length;
  if (collectionScripts) notes.push(dropped('the collection\'s own scripts are not carried over'));
  const variables = new Map<string, string>();
  for (const v of list(doc.variable).filter(isObject)) if (v.disabled !== true && text(v.key)) variables.set(text(v.key), text(v.value));
  for (const env of environments) for (const v of env) variables.set(v.name, v.value);
  return {
    name: text(doc.info.name) || 'postman-collection',
    format: 'Postman collection v2.1',
    requests,
    variables: [...variables].map(([name, value]) => ({ name, value })),
    notes,
  };
}
