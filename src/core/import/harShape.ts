// HAR 1.2's required fields (http://www.softwareishard.com/blog/har-12-spec/), as data: what an
// imported HAR is checked against, and what our own export must satisfy (its test says so).

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

type Kind = 'string' | 'number' | 'object' | 'array';
type Shape = Readonly<Record<string, Kind>>;

const LOG: Shape = { version: 'string', creator: 'object', entries: 'array' };
const CREATOR: Shape = { name: 'string', version: 'string' };
const ENTRY: Shape = { startedDateTime: 'string', time: 'number', request: 'object', response: 'object', cache: 'object', timings: 'object' };
const REQUEST: Shape = { method: 'string', url: 'string', httpVersion: 'string', cookies: 'array', headers: 'array', queryString: 'array', headersSize: 'number', bodySize: 'number' };
const RESPONSE: Shape = { status: 'number', statusText: 'string', httpVersion: 'string', cookies: 'array', headers: 'array', content: 'object', redirectURL: 'string', headersSize: 'number', bodySize: 'number' };
const CONTENT: Shape = { size: 'number', mimeType: 'string' };
const TIMINGS: Shape = { send: 'number', wait: 'number', receive: 'number' };
const NAME_VALUE: Shape = { name: 'string', value: 'string' };
const POST_DATA: Shape = { mimeType: 'string' };

const kindOf = (v: Json): Kind | 'other' => (Array.isArray(v) ? 'array' : isObject(v) ? 'object' : typeof v === 'string' ? 'string' : typeof v === 'number' ? 'number' : 'other');

function check(value: Json, shape: Shape, where: string, problems: string[]): void {
  if (!isObject(value)) {
    problems.push(`${where} is not an object`);
    return;
  }
  for (const [field, kind] of Object.entries(shape)) {
    if (kindOf(value[field]) !== kind) problems.push(`${where}.${field} is missing or not a${kind === 'array' || kind === 'object' ? 'n' : ''} ${kind}`);
  }
}

/** What a document lacks to be HAR 1.2 (empty: nothing). */
export function harShapeProblems(doc: Json): string[] {
  const problems: string[] = [];
  if (!isObject(doc) || !isObject(doc.log)) return ['log is missing'];
  check(doc.log, LOG, 'log', problems);
  check(doc.log.creator, CREATOR, 'log.creator', problems);
  const entries = Array.isArray(doc.log.entries) ? doc.log.entries : [];
  entries.forEach((entry: Json, i) => {
    const at = `log.entries[${i}]`;
    check(entry, ENTRY, at, problems);
    if (!isObject(entry)) return;
    check(entry.request, REQUEST, `${at}.request`, problems);
    check(entry.response, RESPONSE, `${at}.response`, problems);
    check(entry.timings, TIMINGS, `${at}.timings`, problems);
    if (isObject(entry.response)) check(entry.response.content, CONTENT, `${at}.response.content`, problems);
    if (isObject(entry.request)) {
      for (const list of ['headers', 'queryString', 'cookies'] as const) {
        const items = entry.request[list];
        if (Array.isArray(items)) items.forEach((h: Json, j) => check(h, NAME_VALUE, `${at}.request.${list}[${j}]`, problems));
      }
      if (entry.request.postData !== undefined) check(entry.request.postData, POST_DATA, `${at}.request.postData`, problems);
    }
    if (isObject(entry.response) && Array.isArray(entry.response.headers)) entry.response.headers.forEach((h: Json, j) => check(h, NAME_VALUE, `${at}.response.headers[${j}]`, problems));
  });
  return problems;
}
