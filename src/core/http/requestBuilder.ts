// From an operation and its inputs to the exact HTTP request: URL with encoded path and query
// parameters, auth headers bound to their origin, Content-Type and Accept as the interface says,
// and the body serialised in the chosen format.

import type { BodyFormat, Operation, ResponseFormat } from '../../catalog/types';
import { ACCEPT, CONTENT_TYPE } from '../../catalog/mediaTypes';
import { authHeadersFor, withoutAuthHeaders } from '../protection/authBinding';
import { buildXml } from '../codecs/codecs';
import { joinUrl, type Credentials, type Environment } from '../environments/environment';
import { GatewayError } from './gatewayErrors';

export type ParamValue = string | number | boolean;

export interface BuildInput {
  operation: Operation;
  params?: Readonly<Record<string, ParamValue | undefined>>;
  query?: Readonly<Record<string, ParamValue | undefined>>;
  body?: string | Record<string, unknown>;
  /** Request body format; defaults to what the body looks like, then the operation's preference. */
  bodyFormat?: Exclude<BodyFormat, 'none'>;
  /** Response format to ask for; defaults per operation (XML when the body is XML, where accepted). */
  accept?: ResponseFormat;
  extraHeaders?: Readonly<Record<string, string>>;
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A built request with its URL already parsed, so a sender need not parse it again. */
interface BuiltTarget extends BuiltRequest {
  target: URL;
}

function badInput(op: Operation, reason: string): GatewayError {
  return new GatewayError('bad-input', `${op.id} (${op.method} ${op.path}): ${reason}`);
}

function fillPath(op: Operation, params: BuildInput['params'] = {}): string {
  if (!op.path.includes('{')) return op.path;
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || String(value) === '') {
      throw badInput(op, `the path parameter "${name}" is missing; give it a value`);
    }
    return encodeURIComponent(String(value));
  });
}

function queryString(op: Operation, query: BuildInput['query'] = {}): string {
  for (const spec of op.params) {
    const value = query[spec.name];
    if (spec.in === 'query' && spec.required && (value === undefined || String(value) === '')) {
      throw badInput(op, `the query parameter "${spec.name}" is required; give it a value`);
    }
  }
  const names = Object.keys(query);
  if (names.length === 0) return '';
  const search = new URLSearchParams();
  for (const name of names) {
    const value = query[name];
    if (value !== undefined && String(value) !== '') search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function chooseBodyFormat(op: Operation, input: BuildInput): Exclude<BodyFormat, 'none'> {
  const looksLike = typeof input.body === 'string' ? (input.body.trimStart().startsWith('<') ? 'xml' : 'json') : undefined;
  const wanted = input.bodyFormat ?? looksLike ?? (op.bodyFormat === 'none' ? 'json' : op.bodyFormat);
  if (!op.acceptedBodyFormats.includes(wanted)) {
    const accepted = op.acceptedBodyFormats.filter((f) => f !== 'none').join(' or ');
    throw badInput(op, `a ${wanted.toUpperCase()} body is not accepted here; send ${accepted.toUpperCase()}`);
  }
  return wanted;
}

function serialise(op: Operation, body: BuildInput['body'], format: Exclude<BodyFormat, 'none'>): string {
  if (typeof body === 'string') return body;
  if (format === 'json') return JSON.stringify(body);
  if (!op.xmlRoot) throw badInput(op, 'the operation has no XML root element; send the body as JSON or as XML text');
  return buildXml(op.xmlRoot, body ?? {});
}

function chooseAccept(op: Operation, input: BuildInput, bodyFormat: BodyFormat): string {
  if (input.accept) return ACCEPT[input.accept];
  // Cards, tokens and ACH answer in JSON by default and in XML to an XML conversation.
  const xmlConversation = op.responseFormat === 'json' && bodyFormat === 'xml' && op.acceptedBodyFormats.includes('xml');
  return ACCEPT[xmlConversation ? 'xml' : op.responseFormat];
}

/** Builds the request; throws a `bad-input` or `origin-refused` GatewayError with the fix. */
export function buildRequest(environment: Environment, credentials: Credentials, input: BuildInput): BuiltRequest {
  const { method, url, headers, body } = buildTarget(environment, credentials, input);
  return body === undefined ? { method, url, headers } : { method, url, headers, body };
}

/** `buildRequest`, keeping the parsed URL. */
export function buildTarget(environment: Environment, credentials: Credentials, input: BuildInput): BuiltTarget {
  const op = input.operation;
  const base = op.host === 'gateway' ? environment.gatewayUrl : environment.boardingUrl;
  const url = new URL(joinUrl(base, fillPath(op, input.params)) + queryString(op, input.query));
  const hasBody = input.body !== undefined && !(typeof input.body === 'string' && input.body.trim() === '');
  if (hasBody && op.bodyFormat === 'none') throw badInput(op, 'this operation takes no request body; remove it');
  const bodyFormat: BodyFormat = hasBody ? chooseBodyFormat(op, input) : 'none';
  const headers: Record<string, string> = {
    ...withoutAuthHeaders(input.extraHeaders ?? {}),
    accept: chooseAccept(op, input, bodyFormat),
    ...authHeadersFor(environment, credentials, url, op.auth),
  };
  const href = url.toString();
  if (bodyFormat === 'none') return { method: op.method, url: href, headers, target: url };
  headers['content-type'] = CONTENT_TYPE[bodyFormat];
  return { method: op.method, url: href, headers, body: serialise(op, input.body, bodyFormat), target: url };
}
