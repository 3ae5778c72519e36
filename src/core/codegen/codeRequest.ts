// The language-neutral description of one request that every code generator renders: the URL,
// headers and body as text with named parameters in it, the headers the interface asks for, and
// the credentials read from the environment. Built from a request-file request (file variables
// resolved, built-ins and chained values turned into parameters) or from a catalog operation
// alone (path parameters become parameters, the body is the catalog's sample).

import { matchOperation, type BodyFormat, type Operation } from '../../catalog';
import { isAuthHeader } from '../authHeaders';
import { findVariableRefs, isSystemVariable, type BodyFileRef, type PromptVariable, type RequestFile } from '../requestFile';
import { systemVariableValue } from '../systemVariableValues';
import { bodyFilePathFromVariables } from '../runner/variableResolver';
import { BodyFileError, type BodyFileReader } from '../bodyFile';
import { bodyFormatOf } from './mediaTypes';
import { ACCEPT, CONTENT_TYPE } from '../../catalog/mediaTypes';
import {
  BUILTIN_PARAMETERS, CREDENTIAL_PARAMETERS, parameterForPath, parameterForPrompt, parameterForResponseValue, parameterForSystemVariable, parameterForVariable, type Parameter,
} from './parameters';

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
    const fallback = variable === 'gatewayUrl' ? this.options.gatewayUrl : variable === 'boardingUrl' ? this.options.boardingUrl : undefined;
    return this.use(`builtin:${known.parameter.name}`, () => ({ ...known.parameter, ...(fallback ? { fallback: fallback.replace(/\/+$/, '') } : {}) }));
  }

  credential(parameter: Parameter): Segment {
    return this.use(`builtin:${parameter.name}`, () => parameter);
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
    if (prompt) {
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
  if (!first || !('text' in first) || /^https?:\/\//i.test(first.text)) return segments;
  const path = first.text.startsWith('/') ? first.text : `/${first.text}`;
  const out: Segment[] = [parameters.builtin(path.startsWith('/api/') ? 'boardingUrl' : 'gatewayUrl')];
  [{ text: path }, ...segments.slice(1)].forEach((s) => pushSegment(out, s));
  return out;
}

/** The credential headers of a path, as the interface assigns them (`/rest/` api-key, `/api/` AccessKey + MerchantId). */
function credentialHeaders(path: string, parameters: ParameterSet): CodeHeader[] {
  if (path.startsWith('/rest/')) return [{ name: 'api-key', value: [parameters.credential(CREDENTIAL_PARAMETERS.apiKey)] }];
  if (path.startsWith('/api/')) {
    return [
      { name: 'AccessKey', value: [parameters.credential(CREDENTIAL_PARAMETERS.accessKey)] },
      { name: 'MerchantId', value: [parameters.credential(CREDENTIAL_PARAMETERS.merchantId)] },
    ];
  }
  return [];
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
  const parameters = new ParameterSet(options, request.prompts);
  const url = withBase(segmentsOf(request.target.trim(), file, parameters), parameters);
  const method = request.method.toUpperCase();
  const path = pathOf(url);
  const operation = matchOperation(method, path)?.op;
  const credentials = credentialHeaders(path, parameters);
  const written = request.headers
    .filter((h) => !isAuthHeader(h.name))
    .map((h) => ({ name: h.name, value: segmentsOf(h.value, file, parameters) }));
  const bodyFile = request.body?.file;
  const bodyText = (bodyFile ? bodyFileText(bodyFile, file, options.readBodyFile) : request.body?.text)?.replace(/\s+$/, '');
  const contentType = request.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value;
  const bodyFormat: BodyFormat = bodyText ? bodyFormatOf(bodyText, contentType, operation) : 'none';
  // `< path` sends the file as it is: its "{{" are text, not parameters.
  const bodySegments = (text: string): Segment[] => (bodyFile && !bodyFile.fillVariables ? [{ text }] : segmentsOf(text, file, parameters));
  const body = bodyText && bodyFormat !== 'none' ? { format: bodyFormat, text: bodySegments(bodyText) } : undefined;
  const what = operation ? `${operation.title} (${operation.id})` : `${method} ${path}`;
  const label = request.name ?? request.title;
  return {
    title: label && label !== operation?.title ? `${what}: ${label}` : what,
    ...(operation ? { operation } : {}),
    method,
    url,
    headers: [...credentials, ...written, ...interfaceHeaders(written, operation, bodyFormat)],
    ...(body ? { body } : {}),
    parameters: parameters.list,
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
  const credentials = credentialHeaders(operation.path, parameters);
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
