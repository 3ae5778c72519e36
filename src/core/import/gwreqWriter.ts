// The one writer of imported requests: request-file text (the syntax README "Request files"
// describes) and, per request, what was carried over and what was not. Keys are lifted out here
// whatever the format: key headers and key variables are dropped, their values remembered and
// checked for in everything written.

import { carried, dropped, type ImportNote, type ImportedCollection, type ImportedRequest } from './importedRequest';
import { mapBaseUrl } from './baseUrlMapping';
import { isKeyHeader, isKeyName, looksLikeKey, withoutKeys } from './keyLifting';

export interface RequestReport {
  title: string;
  /** `METHOD path` as written, or why the request was left out. */
  written: boolean;
  notes: ImportNote[];
}

interface WrittenImport {
  /** The request file's text; undefined when no request could be written. */
  text?: string;
  requests: RequestReport[];
  notes: ImportNote[];
}

/** Headers a browser or a tool adds by itself: noise in a request file (the client sets its own). */
const TRANSPORT_HEADERS = /^(?::.*|host|content-length|connection|accept-encoding|accept-language|user-agent|cookie|origin|referer|pragma|cache-control|postman-token|sec-.*|upgrade-insecure-requests|te|keep-alive|transfer-encoding|priority)$/i;
/** Variable names whose value is the environment's merchant number: the built-in {{merchantId}}. */
const MERCHANT_ID_NAMES = /^(?:merchant[-_]?id|mid|merchantnumber)$/i;
/** Postman's dynamic variables with an equivalent here; others are reported. */
const DYNAMIC_VARIABLES: Readonly<Record<string, string>> = { $guid: '$guid', $randomUUID: '$guid', $timestamp: '$timestamp', $isoTimestamp: '$datetime iso8601', $randomInt: '$randomInt' };
const VARIABLE_REF = /\{\{\s*([^{}]+?)\s*\}\}/g;

const identifier = (title: string): string => {
  const words = title.replace(/[^A-Za-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
  const camel = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase())).join('');
  return /^[A-Za-z_]/.test(camel) ? camel.slice(0, 40) : `request${camel}`.slice(0, 40);
};

const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ').trim();

/** Whether a variable is the base every URL starts with (`{{baseUrl}}`, `{{host}}`), from its use rather than its name. */
function baseVariables(collection: ImportedCollection): Set<string> {
  const bases = new Set<string>();
  for (const r of collection.requests) {
    const leading = /^\{\{\s*([^{}\s]+)\s*\}\}/.exec(r.url.trim());
    if (leading) bases.add(leading[1]);
  }
  return bases;
}

export function writeImport(collection: ImportedCollection, outsideKeys: ReadonlySet<string> = new Set()): WrittenImport {
  const notes: ImportNote[] = [...collection.notes];
  const knownKeys = new Set(outsideKeys);
  const values = new Map<string, string>();
  const keyVariables = new Set<string>();
  for (const v of collection.variables) {
    values.set(v.name, v.value);
    if (isKeyName(v.name) || looksLikeKey(v.value)) {
      keyVariables.add(v.name);
      if (v.value.trim()) knownKeys.add(v.value.trim());
    }
  }
  // Keys written straight into a header are keys too, wherever else they appear.
  for (const r of collection.requests) {
    for (const h of r.headers) if (!TRANSPORT_HEADERS.test(h.name) && isKeyHeader(h.name, h.value, knownKeys) && !h.value.includes('{{')) knownKeys.add(h.value.trim().replace(/^(?:Bearer|Basic)\s+/i, ''));
  }
  const bases = baseVariables(collection);

  // Chaining: each variable a request's answer sets becomes a read of that request's answer.
  const usedNames = new Set<string>();
  const requestNames = collection.requests.map((r) => {
    if (r.name === undefined && r.sets.length === 0) return undefined;
    let name = r.name ?? identifier(r.title);
    for (let n = 2; usedNames.has(name); n++) name = `${r.name ?? identifier(r.title)}${n}`;
    usedNames.add(name);
    return name;
  });
  const chained = new Map<string, string>();

  const fileVariables: string[] = [];
  for (const v of collection.variables) {
    if (keyVariables.has(v.name)) {
      notes.push(dropped(`variable {{${v.name}}}: a key, removed; the environment supplies it`));
    } else if (bases.has(v.name)) {
      notes.push(carried(`variable {{${v.name}}} mapped to {{gatewayUrl}} / {{boardingUrl}} (the environment's)`));
    } else if (MERCHANT_ID_NAMES.test(v.name)) {
      notes.push(carried(`variable {{${v.name}}} mapped to {{merchantId}} (the environment's)`));
    } else if (collection.requests.some((r) => r.sets.some((s) => s.variable === v.name))) {
      // Set by a request's answer: its initial value is not needed.
    } else if (/^[A-Za-z_$][\w$-]*$/.test(v.name) && !/[\r\n]/.test(v.value)) {
      fileVariables.push(`@${v.name} = ${v.value}`);
    } else {
      notes.push(dropped(`variable "${oneLine(v.name)}": its name or value does not fit on an @name = value line`));
    }
  }

  const reports: RequestReport[] = [];
  const blocks: string[] = [];
  collection.requests.forEach((request, index) => {
    const report = writeRequest(request, requestNames[index], { values, bases, keyVariables, knownKeys, chained });
    reports.push(report.report);
    if (report.block !== undefined) blocks.push(report.block);
    for (const s of request.sets) if (requestNames[index]) chained.set(s.variable, `${requestNames[index]}.${s.path}`);
  });
  if (blocks.length === 0) return { requests: reports.map((r) => scrubbed(r, knownKeys)), notes: notes.map((n) => scrubNote(n, knownKeys)) };
  const header = [
    `# Imported from ${oneLine(collection.format)} "${oneLine(collection.name)}" by gateway-workbench import.`,
    '# Keys are not written here: the environment supplies them when a request is sent.',
  ];
  const raw = [...header, ...(fileVariables.length ? ['', ...fileVariables] : []), '', blocks.join('\n\n'), ''].join('\n');
  const clean = withoutKeys(raw, knownKeys);
  if (clean.found) notes.push(dropped('a key found elsewhere in the requests (a body, a URL) was replaced by "[key removed]": fix those places by hand'));
  return { text: clean.text, requests: reports.map((r) => scrubbed(r, knownKeys)), notes: notes.map((n) => scrubNote(n, knownKeys)) };
}

interface Context {
  values: ReadonlyMap<string, string>;
  bases: ReadonlySet<string>;
  keyVariables: ReadonlySet<string>;
  knownKeys: Set<string>;
  chained: ReadonlyMap<string, string>;
}

function scrubNote(note: ImportNote, keys: ReadonlySet<string>): ImportNote {
  return { ...note, text: withoutKeys(note.text, keys).text };
}

function scrubbed(report: RequestReport, keys: ReadonlySet<string>): RequestReport {
  return { ...report, title: withoutKeys(report.title, keys).text, notes: report.notes.map((n) => scrubNote(n, keys)) };
}

/** `{{…}}` references rewritten: chained values to the answer they come from, dynamic variables to ours. */
function rewriteRefs(text: string, context: Context, notes: ImportNote[]): string {
  return text.replace(VARIABLE_REF, (whole, inner: string) => {
    const name = inner.trim();
    const chainedTo = context.chained.get(name);
    if (chainedTo) return `{{${chainedTo}}}`;
    if (MERCHANT_ID_NAMES.test(name)) return '{{merchantId}}';
    if (name.startsWith('$')) {
      const [fn, ...args] = name.split(/\s+/);
      const ours = DYNAMIC_VARIABLES[fn];
      if (ours) return `{{${ours}${args.length ? ` ${args.join(' ')}` : ''}}}`;
      if (fn === '$processEnv' || fn === '$dotenv') return whole;
      notes.push(dropped(`{{${name}}}: no such dynamic variable here; define it with @${fn.slice(1)} = … or give a value`));
      return `{{${fn.slice(1)}}}`;
    }
    if (context.keyVariables.has(name)) notes.push(dropped(`{{${name}}} is a key variable, removed from the file: this place needs fixing by hand`));
    return whole;
  });
}

function writeRequest(request: ImportedRequest, name: string | undefined, context: Context): { report: RequestReport; block?: string } {
  const notes: ImportNote[] = [...request.notes];
  const title = oneLine(request.title) || `${request.method} ${request.url}`;
  const method = request.method.toUpperCase();
  const url = rewriteRefs(request.url.trim(), context, notes);
  const mapped = mapBaseUrl(method, url, context.values);
  if (!mapped.ok) {
    notes.push(dropped(mapped.problem));
    return { report: { title, written: false, notes } };
  }
  if (mapped.note) notes.push(carried(mapped.note));
  notes.push(mapped.operation ? carried(`matched to the catalog operation "${mapped.operation.title}" (${mapped.operation.id})`) : dropped(`${method} ${mapped.url.replace(/^\{\{\w+\}\}/, '')} is no catalog operation: written as it is; the editor flags it`));
  const headers: string[] = [];
  for (const h of request.headers) {
    if (TRANSPORT_HEADERS.test(h.name)) {
      if (/^cookie$/i.test(h.name)) notes.push(dropped('Cookie header removed: this client keeps no cookies'));
      continue;
    }
    const refsKey = [...h.value.matchAll(VARIABLE_REF)].some((m) => context.keyVariables.has(m[1].trim()));
    if (isKeyHeader(h.name, h.value, context.knownKeys) || refsKey) {
      notes.push(dropped(`key header ${oneLine(h.name)} removed; the environment supplies it`));
      continue;
    }
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(h.name) || /[\r\n]/.test(h.value)) {
      notes.push(dropped(`header "${oneLine(h.name)}": not a valid header line`));
      continue;
    }
    headers.push(`${h.name}: ${rewriteRefs(h.value, context, notes)}`);
  }
  const lines = [`### ${title}`];
  if (name) lines.push(`# @name ${name}`);
  for (const p of request.prompts ?? []) lines.push(`# @prompt ${p}`);
  for (const e of request.expectations) lines.push(`# @expect ${rewriteRefs(e, context, notes)}`);
  if (request.expectations.length) notes.push(carried(`${request.expectations.length} check${request.expectations.length === 1 ? '' : 's'} as # @expect lines`));
  for (const s of request.sets) notes.push(carried(`{{${s.variable}}} chained: later requests read {{${name}.${s.path}}}`));
  lines.push(`${method} ${mapped.url}`, ...headers);
  if (request.body !== undefined && request.body.trim() !== '') {
    // A body line starting with ### would end the request: indent it by a space.
    const body = rewriteRefs(request.body.replace(/\r\n/g, '\n').replace(/^###/gm, ' ###'), context, notes);
    lines.push('', body.replace(/\n+$/, ''));
  }
  return { report: { title, written: true, notes }, block: lines.join('\n') };
}
