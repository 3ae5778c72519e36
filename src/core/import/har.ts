// HAR files (HTTP Archive 1.2: a browser's "Save all as HAR", a proxy's export, our own Traffic
// export): each entry's request becomes a request; its recorded status becomes `# @expect
// status`. Entries to hosts that are not the gateway's (a page's scripts, fonts…) are left out
// and counted in the report.

import { carried, dropped, type ImportNote, type ImportedCollection, type ImportedRequest } from './importedRequest';
import { harShapeProblems } from './harShape';

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: Json): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const list = (v: Json): Json[] => (Array.isArray(v) ? v : []);

export function isHar(doc: Json): boolean {
  return isObject(doc) && isObject(doc.log) && Array.isArray(doc.log.entries);
}

export function readHar(name: string, doc: Json): ImportedCollection {
  if (!isHar(doc) || !isObject(doc) || !isObject(doc.log)) throw new Error('not a HAR file: it has no log.entries (save it again as "HAR" from the browser or proxy)');
  const notes: ImportNote[] = [];
  const problems = harShapeProblems(doc);
  if (problems.length) notes.push(dropped(`not a complete HAR 1.2 file (${problems.slice(0, 3).join('; ')}${problems.length > 3 ? '; …' : ''}): read what is there`));
  const requests: ImportedRequest[] = [];
  for (const entry of list(doc.log.entries).filter(isObject)) {
    const request = isObject(entry.request) ? entry.request : undefined;
    if (!request) continue;
    const requestNotes: ImportNote[] = [];
    const response = isObject(entry.response) ? entry.response : {};
    const status = Number(response.status);
    const expectations = Number.isInteger(status) && status >= 100 && status <= 599 ? [`status ${status}`] : [];
    if (expectations.length) requestNotes.push(carried(`the recorded answer's status ${status} as # @expect status ${status}`));
    const post = isObject(request.postData) ? request.postData : undefined;
    const headers = list(request.headers).filter(isObject).map((h) => ({ name: text(h.name), value: text(h.value) }));
    if (post && post.mimeType && !headers.some((h) => /^content-type$/i.test(h.name))) headers.push({ name: 'Content-Type', value: text(post.mimeType) });
    let body = post ? text(post.text) : undefined;
    if (post && !body && list(post.params).length) {
      body = list(post.params).filter(isObject).map((p) => `${encodeURIComponent(text(p.name))}=${encodeURIComponent(text(p.value))}`).join('&');
    }
    const url = text(request.url);
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      path = url; // kept as written: the writer says what is wrong with it
    }
    requests.push({ title: `${text(request.method)} ${path}`, method: text(request.method) || 'GET', url, headers, ...(body ? { body } : {}), expectations, sets: [], notes: requestNotes });
  }
  return { name, format: 'HAR file', requests, variables: [], notes };
}
