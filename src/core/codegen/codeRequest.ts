// The language-neutral description of one request that every code generator renders: the URL,
// headers and body as text with named parameters in it, the headers the interface asks for, and
// the credentials read from the environment. Built from a request-file request (file variables
// resolved, built-ins and chained values turned into parameters) or from a catalog operation
// alone (path parameters become parameters, the body is the catalog's sample).

import { matchOperation, type BodyFormat, type Operation } from '../../catalog';
import { isAuthHeader } from '../protection/authHeaders';
import { keyBinding, type OriginFamily, type UrlOrigin } from '../protection/authBinding';
import { canonicalPieces } from '../http/canonicalUrl';
import { KNOWN_METHODS, findVariableRefs, isSystemVariable, type BodyFileRef, type PromptVariable, type RequestFile } from '../requestFile';
import { systemVariableValue } from '../requestFile/systemVariableValues';
import { bodyFilePathFromVariables } from '../runner/variableResolver';
import { BodyFileError, type BodyFileReader } from '../requestFile/bodyFile';
import { bodyFormatOf } from './mediaTypes';
import { ACCEPT, CONTENT_TYPE } from '../../catalog/mediaTypes';
import {
  BUILTIN_PARAMETERS, CREDENTIAL_PARAMETERS, parameterForPath, parameterForPrompt, parameterForResponseValue, parameterForSystemVariable, parameterForVariable, type Parameter,
} from './parameters';
import { CodeGenerationError, checkHeaders } from './requestChecks';

/** Text with parameters in it: `[{ text: '/rest/v2/transactions/' }, { param: 'SALE1_TRANSACTION_ID' }]`. */
export type Segment = { text: string } | { param: string };

interface CodeHeader {
  name: string;
  value: Segment[];
}

export interface CodeRequest {
  /** One line for the program's first comment. */
  title: string;
  operation?: Operation;
  method: string;
  url: Segment[];
  /** Every header to send, credentials included (their values are parameters). */
  headers: CodeHeader[];
  body?: { format: Exclude<BodyFormat, 'none'>; text: Segment[] };
  /** Every parameter used above, in order of first use; read from environment variables. */
  parameters: Parameter[];
  /** Why the program sends no key: the request goes somewhere its keys are not bound to. */
  keyNote?: string;
}

export interface CodeRequestOptions {
  /** Values the generated program falls back to when GATEWAY_URL / BOARDING_URL are unset. */
  gatewayUrl?: string;
  boardingUrl?: string;
  /** Reads a body file (`< ./sale.json`): the program carries its content, as the request sends it. */
  readBodyFile?: BodyFileReader;
}

/** The parameters of one program: one per variable, names unique. */
class ParameterSet {
  readonly list: Parameter[] = [];
  private readonly byKey = new Map<string, Parameter>();

  /** `prompts`: the request's `# @prompt` variables, which a send asks for before its file's values. */
  constructor(private readonly options: CodeRequestOptions, readonly prompts: readonly PromptVariable[] = []) {}

  /** The parameter for `key`, made on first use; a name already taken gets a `_2` suffix. */
  use(key: string, make: () => Parameter): Segment {
    let parameter = this.byKey.get(key);
    if (!parameter) {
      const made = make();
      const taken = new Set(this.list.map((p) => p.name));
      let name = made.name;
      for (let n = 2; taken.has(name); n++) name = `${made.name}_${n}`;
      parameter = { ...made, name };
      this.byKey.set(key, parameter);
    }
    if (!this.list.includes(parameter)) this.list.push(parameter);
    return { param: parameter.name };
  }

  builtin(variable: string): Segment {
    const known = BUILTIN_PARAMETERS.find((b) => b.variable === variable);
    if (!known) throw new RangeError(`${variable} is not a built-in variable`);
    const fallback = this.fallbackOf(variable);
    return this.use(`builtin:${known.parameter.name}`, () => ({ ...known.parameter, ...(fallback ? { fallback } : {}) }));
  }

  credential(parameter: Parameter): Segment {
    return this.use(`builtin:${parameter.name}`, () => parameter);
  }

  /** The base URL the generator was given for a built-in (`gatewayUrl`), without its trailing slashes. */
  fallbackOf(variable: string): string | undefined {
    const value = variable === 'gatewayUrl' ? this.options.gatewayUrl : variable === 'boardingUrl' ? this.options.boardingUrl : undefined;
    return value?.replace(/\/+$/, '');
  }

  /** The origin of that base URL, when it is one. */
  originOf(variable: string): string | undefined {
    const value = this.fallbackOf(variable);
    if (!value) return undefined;
    try {
      return new URL(value).origin;
    } catch {
      return undefined;
    }
  }
}

function pushSegment(segments: Segment[], segment: Segment): void {
  const last = segments[segments.length - 1];
  if ('text' in segment) {
    if (segment.text === '') return;
    if (last && 'text' in last) {
      last.text += segment.text;
      return;
    }
  }
  segments.push(segment);
}

/** Methods whose requests carry no body in every client (fetch refuses one; curl's --head sends none). */
const BODILESS_METHODS: readonly string[] = ['GET', 'HEAD'];

/** The built-ins a key's origin follows: a file variable of these names is never read (as the runner never reads one). */
const BASE_URL_VARIABLES: readonly string[] = ['gatewayUrl', 'boardingUrl'];

/** `text` split at its `{{…}}` references: file variables expanded, everything else a parameter. */
function segmentsOf(text: string, file: RequestFile, parameters: ParameterSet, depth = 0): Segment[] {
  const segments: Segment[] = [];
  let from = 0;
  for (const ref of findVariableRefs(text, 0, 0)) {
    pushSegment(segments, { text: text.slice(from, ref.startOffset) });
    from = ref.endOffset;
    const name = ref.name;
    const fileVariable = file.variables.find((v) => v.name === name);
    const requestName = name.split(/[.[]/)[0];
    const madeNow = isSystemVariable(name) ? systemVariableValue(name) : undefined;
    const prompt = parameters.prompts.find((p) => p.name === name);
    if (BASE_URL_VARIABLES.includes(name)) {
      // The environment's base URLs, never a file's "@gatewayUrl = …": the runner reads them the same way.
      pushSegment(segments, parameters.builtin(name));
    } else if (prompt) {
      pushSegment(segments, parameters.use(`prompt:${name}`, () => parameterForPrompt(name, prompt.description)));
    } else if (fileVariable && depth < 10) {
      segmentsOf(fileVariable.value, file, parameters, depth + 1).forEach((s) => pushSegment(segments, s));
    } else if (madeNow !== undefined) {
      pushSegment(segments, parameters.use(`system:${name}`, () => parameterForSystemVariable(name, madeNow)));
    } else if (BUILTIN_PARAMETERS.some((b) => b.variable === name)) {
      pushSegment(segments, parameters.builtin(name));
    } else if (name !== requestName && file.requests.some((r) => r.name === requestName)) {
      pushSegment(segments, parameters.use(`chain:${name}`, () => parameterForResponseValue(name)));
    } else {
      pushSegment(segments, parameters.use(`var:${name}`, () => parameterForVariable(name)));
    }
  }
  pushSegment(segments, { text: text.slice(from) });
  return segments;
}

/** The `/rest/…` or `/api/…` path of a URL, parameters standing as `x`. */
function pathOf(url: readonly Segment[]): string {
  const text = url.map((s, i) => ('text' in s ? s.text : i === 0 ? '' : 'x')).join('');
  const at = text.search(/\/(rest|api)\//);
  return ((at >= 0 ? text.slice(at) : text).split('?')[0]);
}

/** A target written as a bare path gets the base URL of its family in front. */
function withBase(segments: Segment[], parameters: ParameterSet): Segment[] {
  const first = segments[0];
  if (!first || !('text' in first) || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(first.text)) return segments;
  const path = first.text.startsWith('/') ? first.text : `/${first.text}`;
  const out: Segment[] = [parameters.builtin(path.startsWith('/api/') ? 'boardingUrl' : 'gatewayUrl')];
  [{ text: path }, ...segments.slice(1)].forEach((s) => pushSegment(out, s));
  return out;
}

const FAMILY_OF_PARAMETER: Readonly<Record<string, OriginFamily>> = { GATEWAY_URL: 'gateway', BOARDING_URL: 'boarding' };
const FAMILY_OF_VARIABLE: Readonly<Record<string, OriginFamily>> = { gatewayUrl: 'gateway', boardingUrl: 'boarding' };

/** Where a URL's origin comes from (undefined: nothing known now decides it), what it starts with, and the path and query after it. */
interface UrlStart {
  from?: UrlOrigin;
  /** For a comment: `GATEWAY_URL`, `http://other`. */
  shown: string;
  base: Segment[];
  rest: Segment[];
}

/** The base URL (`GATEWAY_URL` followed by "/" or "?") or the literal origin a URL starts with. */
function urlStart(url: readonly Segment[], parameters: ParameterSet): UrlStart {
  const [first, ...rest] = url;
  if (!first) throw new CodeGenerationError('the request has no URL');
  if ('param' in first) {
    const family = FAMILY_OF_PARAMETER[first.param];
    const next = rest[0];
    // `{{gatewayUrl}}.evil.example/rest/…` or `{{gatewayUrl}}@evil…`: another host made from the base URL.
    const onBase = family !== undefined && (!next || ('text' in next && /^[/?]/.test(next.text)));
    return onBase ? { from: { family }, shown: first.param, base: [first], rest } : { shown: `${first.param} followed by more of its address`, base: [first], rest };
  }
  const literal = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)(.*)$/s.exec(first.text);
  if (!literal) throw new CodeGenerationError(`"${first.text}" is not a URL: start the request's URL with {{gatewayUrl}}/rest/ or {{boardingUrl}}/api/`);
  const [, authority, path] = literal;
  const after = (text: string): Segment[] => (text ? [{ text }, ...rest] : rest);
  // The environment's own base URL written out: the program reads it as GATEWAY_URL / BOARDING_URL, its key with it.
  for (const variable of BASE_URL_VARIABLES) {
    const base = parameters.fallbackOf(variable);
    if (base && (first.text === base || first.text.startsWith(`${base}/`) || first.text.startsWith(`${base}?`))) {
      return { from: { family: FAMILY_OF_VARIABLE[variable] }, shown: base, base: [parameters.builtin(variable)], rest: after(first.text.slice(base.length)) };
    }
  }
  // `http://{{host}}/rest/…`: the host is only known when the program runs.
  if (rest.length > 0 && !path) return { shown: `${authority}…`, base: [first, rest[0]], rest: rest.slice(1) };
  let origin: URL;
  try {
    origin = new URL(`${authority}/`);
  } catch {
    throw new CodeGenerationError(`"${authority}" is not a valid address: write the URL as http(s)://host[:port]/…`);
  }
  if (!/^https?:$/.test(origin.protocol)) throw new CodeGenerationError(`"${authority}": only http and https URLs can be sent`);
  if (origin.username || origin.password) throw new CodeGenerationError(`"${authority}": a user name or password in the URL is sent differently by each HTTP client; remove it`);
  return { from: { origin: origin.origin }, shown: origin.origin, base: [{ text: origin.origin }], rest: after(path) };
}

/** The URL's path and query in the one spelling every client sends alike (canonicalUrl.ts); refused when there is none. */
function canonicalRest(rest: readonly Segment[]): Segment[] {
  const canonical = canonicalPieces(rest.map((s) => ('text' in s ? { text: s.text } : { opaque: true as const })));
  if (!canonical.ok) throw new CodeGenerationError(`the URL cannot be sent as written: ${canonical.message}`);
  const out: Segment[] = [];
  rest.forEach((s, i) => pushSegment(out, 'text' in s ? { text: canonical.texts[i] ?? '' } : s));
  return out;
}

/** The credential headers of a path, as the interface assigns them (`/rest/` api-key, `/api/` AccessKey + MerchantId). */
function credentialHeaders(surface: 'api-key' | 'access-key', parameters: ParameterSet): CodeHeader[] {
  if (surface === 'api-key') return [{ name: 'api-key', value: [parameters.credential(CREDENTIAL_PARAMETERS.apiKey)] }];
  return [
    { name: 'AccessKey', value: [parameters.credential(CREDENTIAL_PARAMETERS.accessKey)] },
    { name: 'MerchantId', value: [parameters.credential(CREDENTIAL_PARAMETERS.merchantId)] },
  ];
}

/** The URL with its base and canonical path, and the keys it may carry (the origin rule, keyBinding). */
function boundUrl(url: Segment[], parameters: ParameterSet): { url: Segment[]; credentials: CodeHeader[]; keyNote?: string } {
  const start = urlStart(url, parameters);
  const whole: Segment[] = [];
  [...start.base, ...canonicalRest(start.rest)].forEach((s) => pushSegment(whole, s));
  const path = pathOf(whole);
  const origins = { ...(parameters.originOf('gatewayUrl') ? { gateway: parameters.originOf('gatewayUrl') } : {}), ...(parameters.originOf('boardingUrl') ? { boarding: parameters.originOf('boardingUrl') } : {}) };
  const binding = start.from ? keyBinding(start.from, path, origins) : undefined;
  if (binding?.ok) return { url: whole, credentials: credentialHeaders(binding.surface, parameters) };
  const expected = binding && !binding.ok ? binding.expected : 'GATEWAY_URL or BOARDING_URL';
  return {
    url: whole,
    credentials: [],
    keyNote: `This request goes to ${start.shown}, not to the ${expected.replace(/^(gateway|boarding) origin/, '$1 URL')}: it is sent without a key, because keys go only to their environment's own origins.`,
  };
}

/**
 * The errors of the request's block (an unknown method, a malformed header or # @name…): code is
 * never generated from a request that cannot be sent. Its block: from the end of the request
 * before it, so its comment lines count.
 */
function refuseParseErrors(file: RequestFile, index: number): void {
  const request = file.requests[index];
  const from = index > 0 ? file.requests[index - 1].endOffset : -1;
  const error = file.diagnostics.find((d) => d.severity === 'error' && d.startOffset > from && d.endOffset <= request.endOffset);
  if (error) throw new CodeGenerationError(`line ${error.range.start.line + 1}: ${error.message}`);
  if (!KNOWN_METHODS.includes(request.method)) throw new CodeGenerationError(`unknown method "${request.method}": use ${KNOWN_METHODS.join(', ')}`);
}

/** Content-Type and Accept where the request did not write them, as the interface asks. */
function interfaceHeaders(written: readonly CodeHeader[], operation: Operation | undefined, bodyFormat: BodyFormat): CodeHeader[] {
  const has = (name: string): boolean => written.some((h) => h.name.toLowerCase() === name);
  const out: CodeHeader[] = [];
  if (bodyFormat !== 'none' && !has('content-type')) out.push({ name: 'Content-Type', value: [{ text: CONTENT_TYPE[bodyFormat] }] });
  if (!has('accept')) {
    // Cards, tokens and ACH answer an XML request in XML (as the core's request builder asks).
    const xmlConversation = operation?.responseFormat === 'json' && bodyFormat === 'xml';
    out.push({ name: 'Accept', value: [{ text: ACCEPT[xmlConversation ? 'xml' : operation?.responseFormat ?? 'json'] }] });
  }
  return out;
}

/**
 * A body file's content; throws when there is no reader (or it cannot read the file), saying why.
 * A path's `{{…}}` take the file's variables (the environment is the generated code's to choose).
 */
function bodyFileText(ref: BodyFileRef, file: RequestFile, read: BodyFileReader | undefined): string {
  const path = bodyFilePathFromVariables(ref.path, file.variables);
  if (!path.ok) throw new BodyFileError(path.message);
  if (!read) throw new BodyFileError(`the body is the file "${path.path}", which cannot be read here: generate from a saved request file`);
  return read(path.path);
}

/** The request at `index` of a parsed request file. */
export function codeRequestFromFile(file: RequestFile, index: number, options: CodeRequestOptions = {}): CodeRequest {
  const request = file.requests[index];
  if (!request) throw new RangeError(`there is no request #${index + 1} in the file (it has ${file.requests.length})`);
  refuseParseErrors(file, index);
  const parameters = new ParameterSet(options, request.prompts);
  const method = request.method;
  const { url, credentials, keyNote } = boundUrl(withBase(segmentsOf(request.target.trim(), file, parameters), parameters), parameters);
  const path = pathOf(url);
  const operation = matchOperation(method, path)?.op;
  const written = request.headers
    .filter((h) => !isAuthHeader(h.name))
    .map((h) => ({ name: h.name, value: segmentsOf(h.value, file, parameters) }));
  const bodyFile = request.body?.file;
  // The body the runner sends, byte for byte: a file's text as read, an inline body as written.
  const bodyText = bodyFile ? bodyFileText(bodyFile, file, options.readBodyFile) : request.body?.text;
  const contentType = request.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value;
  const bodyFormat: BodyFormat = bodyText ? bodyFormatOf(bodyText, contentType, operation) : 'none';
  // `< path` sends the file as it is: its "{{" are text, not parameters.
  const bodySegments = (text: string): Segment[] => (bodyFile && !bodyFile.fillVariables ? [{ text }] : segmentsOf(text, file, parameters));
  const body = bodyText && bodyFormat !== 'none' ? { format: bodyFormat, text: bodySegments(bodyText) } : undefined;
  if (body && BODILESS_METHODS.includes(method)) throw new CodeGenerationError(`a ${method} request with a body: HTTP clients drop the body or refuse to send it (fetch refuses); remove the body, or use the method its operation takes`);
  const what = operation ? `${operation.title} (${operation.id})` : `${method} ${path}`;
  const label = request.name ?? request.title;
  const headers = [...credentials, ...written, ...interfaceHeaders(written, operation, bodyFormat)];
  checkHeaders(headers);
  return {
    title: label && label !== operation?.title ? `${what}: ${label}` : what,
    ...(operation ? { operation } : {}),
    method,
    url,
    headers,
    ...(body ? { body } : {}),
    parameters: parameters.list,
    ...(keyNote ? { keyNote } : {}),
  };
}

/** A catalog operation on its own (a tree node, a command): unknown path parameters become parameters. */
export function codeRequestFromOperation(
  operation: Operation,
  options: CodeRequestOptions = {},
  values: Readonly<Record<string, string>> = {},
): CodeRequest {
  const parameters = new ParameterSet(options);
  const url: Segment[] = [parameters.builtin(operation.host === 'boarding' ? 'boardingUrl' : 'gatewayUrl')];
  for (const piece of operation.path.split(/(\{\w+\})/)) {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    const value = name === undefined ? undefined : values[name];
    if (name === undefined) pushSegment(url, { text: piece });
    else if (value !== undefined) pushSegment(url, { text: encodeURIComponent(value) });
    else pushSegment(url, parameters.use(`path:${name}`, () => parameterForPath(name, operation.params.find((p) => p.name === name)?.doc)));
  }
  const credentials = credentialHeaders(operation.auth, parameters);
  const bodyFormat: BodyFormat = operation.sample ? operation.bodyFormat : 'none';
  const body = operation.sample && bodyFormat !== 'none' ? { format: bodyFormat, text: [{ text: operation.sample.replace(/\s+$/, '') }] } : undefined;
  return {
    title: `${operation.title} (${operation.id})`,
    operation,
    method: operation.method,
    url,
    headers: [...credentials, ...interfaceHeaders([], operation, bodyFormat)],
    ...(body ? { body } : {}),
    parameters: parameters.list,
  };
}
