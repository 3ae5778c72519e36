// cURL commands, as "Copy as cURL" (browsers, Postman, our own Generate Code…) and API guides
// write them: split into words by a shell-words parser (shell-quote), never by a shell — nothing
// in them is run, `$(…)`, backticks and `$VAR` stay text. Several commands may follow each other.

import { parse, type ParseEntry } from 'shell-quote';
import { dropped, type ImportNote, type ImportedCollection, type ImportedRequest } from './importedRequest';

/** Options that take a value we do not need: skipped with it. */
const IGNORED_WITH_VALUE = new Set(['-o', '--output', '-w', '--write-out', '--connect-timeout', '-m', '--max-time', '--retry', '-A', '--user-agent', '-e', '--referer', '--cacert', '--cert', '--key', '-x', '--proxy', '--resolve', '--limit-rate']);
/** Options that change how curl prints or connects, not what is sent. */
const IGNORED = new Set(['-s', '--silent', '-S', '--show-error', '-k', '--insecure', '-i', '--include', '-v', '--verbose', '-L', '--location', '--compressed', '-f', '--fail', '--fail-with-body', '--http1.1', '--http2', '-#', '--progress-bar', '-N', '--no-buffer']);
const DATA = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--data-urlencode']);

interface Draft {
  method?: string;
  url?: string;
  headers: Array<{ name: string; value: string }>;
  data: string[];
  get: boolean;
  notes: ImportNote[];
}

const newDraft = (): Draft => ({ headers: [], data: [], get: false, notes: [] });

/** The words of the text; an operator (`|`, `;`, `&&`) ends a command, a comment is dropped. */
function words(source: string): Array<string | { op: string }> {
  // A line continuation (`\` or, pasted from Windows, `^` at a line's end) is a space.
  // Comment lines go first: shell-quote's comment runs to the end of the whole text.
  const joined = source.replace(/^\s*#.*$/gm, '').replace(/[\\^]\r?\n/g, ' ');
  return parse(joined, (name) => `$${name}`).flatMap((entry: ParseEntry): Array<string | { op: string }> => {
    if (typeof entry === 'string') return [entry];
    if ('comment' in entry) return [];
    if ('op' in entry && entry.op === 'glob') return [(entry as { pattern: string }).pattern];
    return 'op' in entry ? [{ op: entry.op }] : [];
  });
}

function requestOf(draft: Draft, index: number): ImportedRequest | undefined {
  if (!draft.url) return undefined;
  let url = draft.url;
  let body: string | undefined = draft.data.length ? draft.data.join('&') : undefined;
  if (draft.get && body !== undefined) {
    url += (url.includes('?') ? '&' : '?') + body;
    body = undefined;
  }
  const method = draft.method ?? (body !== undefined ? 'POST' : 'GET');
  if (body !== undefined && !draft.headers.some((h) => /^content-type$/i.test(h.name))) {
    draft.headers.push({ name: 'Content-Type', value: /^\s*[[{]/.test(body) ? 'application/json' : /^\s*</.test(body) ? 'application/xml' : 'application/x-www-form-urlencoded' });
  }
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.replace(/^\{\{[^}]*\}\}/, '');
  }
  return { title: `${method} ${path.split('?')[0]}${index ? ` (${index + 1})` : ''}`, method, url, headers: draft.headers, ...(body !== undefined ? { body } : {}), expectations: [], sets: [], notes: draft.notes };
}

export function readCurl(name: string, source: string): ImportedCollection {
  const notes: ImportNote[] = [];
  const drafts: Draft[] = [];
  let draft: Draft | undefined;
  const tokens = words(source);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (typeof token !== 'string') {
      if (draft && !['&&', ';', '\n'].includes(token.op)) draft.notes.push(dropped(`what follows "${token.op}" is another program: not imported`));
      draft = undefined;
      continue;
    }
    if (token === 'curl' || /\/curl(?:\.exe)?$/.test(token)) {
      draft = newDraft();
      drafts.push(draft);
      continue;
    }
    if (!draft) continue;
    const next = (): string => {
      const value = tokens[++i];
      return typeof value === 'string' ? value : '';
    };
    // `-XPOST`, `-HAccept:…`, `-d{…}`: a short option with its value attached.
    const attached = /^(-[XHdub])(.+)$/.exec(token);
    const option = attached ? attached[1] : token.replace(/=.*$/, '');
    const inline = attached ? attached[2] : token.includes('=') && token.startsWith('--') ? token.slice(token.indexOf('=') + 1) : undefined;
    const value = (): string => inline ?? next();
    if (option === '-X' || option === '--request') draft.method = value().toUpperCase();
    else if (option === '-H' || option === '--header') {
      const header = value();
      const colon = header.indexOf(':');
      if (colon > 0) draft.headers.push({ name: header.slice(0, colon).trim(), value: header.slice(colon + 1).trim() });
    } else if (DATA.has(option)) {
      const data = value();
      if (data.startsWith('@') && option !== '--data-raw') draft.notes.push(dropped(`body from the file ${data.slice(1)}: not read (paste its content, or write it as "< ${data.slice(1)}")`));
      else draft.data.push(option === '--data-urlencode' ? encodeURIComponent(data).replace(/%3D/, '=') : data);
    } else if (option === '--json') {
      draft.data.push(value());
      draft.headers.push({ name: 'Content-Type', value: 'application/json' }, { name: 'Accept', value: 'application/json' });
    } else if (option === '-u' || option === '--user') {
      value();
      draft.notes.push(dropped('user and password (-u) removed; the environment supplies the keys'));
    } else if (option === '-b' || option === '--cookie') {
      value();
      draft.notes.push(dropped('cookies (-b) removed: this client keeps no cookies'));
    } else if (option === '--url') draft.url = value();
    else if (option === '-G' || option === '--get') draft.get = true;
    else if (IGNORED_WITH_VALUE.has(option)) value();
    else if (IGNORED.has(option) || /^-[sSkivLf#N]+$/.test(token)) continue;
    else if (token.startsWith('-')) draft.notes.push(dropped(`curl option ${token.replace(/=.*/, '')} ignored`));
    else if (!draft.url) draft.url = token;
  }
  const requests = drafts.map(requestOf).filter((r): r is ImportedRequest => r !== undefined);
  if (drafts.length === 0) throw new Error('no curl command in it: paste a command that starts with "curl"');
  if (requests.length < drafts.length) notes.push(dropped(`${drafts.length - requests.length} curl command(s) without a URL: not imported`));
  return { name, format: 'cURL command', requests, variables: [], notes };
}
