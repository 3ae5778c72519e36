// Wraps a handler's Answer (or an error) in the envelope of the operation's family, so
// handlers never format responses themselves.

import { signedEnvelopeText, type HppKeyPair } from '../domain/answerSignature';
import type { IncomingHttpHeaders } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Operation } from '../../catalog/types';
import type { LinkRef, Answer } from '../domain/domain';
import { renderObjectXml, renderResponseXml } from './xmlRendering';

/**
 * gateway-json / gateway-xml: cards, vault, ACH. object-xml: settings and batches (XML unless
 * JSON is asked for); object-json: the same answered in the gateway's JSON envelope, as the
 * mobile SDK reads them. boarding: `/api/` (raw JSON or a file).
 */
export type ResponseFamily = 'gateway-json' | 'gateway-xml' | 'object-xml' | 'object-json' | 'boarding';

export interface Rendered { status: number; headers: Record<string, string>; body: string | Buffer }

export interface ErrorFacts { status: number; resultCode: string; message: string; extraPayload?: Record<string, unknown>; links?: LinkRef[] }

const XML = 'application/xml; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

function wantsXml(headers: IncomingHttpHeaders, sentXml: boolean): boolean {
  const accept = (headers.accept ?? '').toLowerCase();
  if (accept.includes('xml')) return true;
  if (accept.includes('json')) return false;
  return sentXml;
}

/** Settings and batches stay XML unless JSON is asked for, or a JSON body is sent without asking. */
function wantsJson(headers: IncomingHttpHeaders, sentJson: boolean): boolean {
  const accept = (headers.accept ?? '').toLowerCase();
  if (accept.includes('json')) return !accept.includes('xml') || accept.indexOf('json') < accept.indexOf('xml');
  if (accept.includes('xml')) return false;
  return sentJson;
}

export function familyFor(op: Operation | undefined, pathname: string, headers: IncomingHttpHeaders, sentXml: boolean, sentJson = false): ResponseFamily {
  if (op ? op.host === 'boarding' : pathname.startsWith('/api/')) return 'boarding';
  if (op && (op.group === 'settings' || op.group === 'batches')) return wantsJson(headers, sentJson) ? 'object-json' : 'object-xml';
  return wantsXml(headers, sentXml) ? 'gateway-xml' : 'gateway-json';
}

let gatewaySequence = 0;

/** Exchange ids in the shapes the real service uses (docs/gateway-facts.md §2.4). */
export function newExchangeId(family: ResponseFamily): string {
  if (family === 'object-xml' || family === 'object-json') return `ID-clearent-gss-2-${randomUUID()}`;
  if (family === 'boarding') return randomUUID();
  gatewaySequence += 1;
  return `ID-clearent-cgw-1-${Date.now()}-0-${gatewaySequence}`;
}

function statusWord(status: number): string {
  return status < 400 ? 'success' : 'fail';
}

/** The answer's own headers, then the exchange id and the content type. */
function envelopeHeaders(answer: Answer, exchangeId: string, contentType: string): Record<string, string> {
  if (!answer.headers) return { 'exchange-id': exchangeId, 'content-type': contentType };
  return Object.assign({}, answer.headers, { 'exchange-id': exchangeId, 'content-type': contentType });
}

/** `{"code", "status", "exchange-id", "links", "page"?, "payload": {"payloadType", …}}` as text. */
function gatewayJson(answer: Answer, exchangeId: string, payloadType: string, payload: Record<string, unknown>, links: LinkRef[], signer?: HppKeyPair): string {
  const body: Record<string, unknown> = { code: String(answer.status), status: statusWord(answer.status), 'exchange-id': exchangeId, links };
  if (answer.page) body.page = answer.page;
  // Object.assign, not a `{ payloadType, ...payload }` literal. PERF(bench/sandboxThroughput.ts)
  const fullPayload = Object.assign({ payloadType }, payload);
  if (signer) return signedEnvelopeText(body, fullPayload, signer);
  body.payload = fullPayload;
  return JSON.stringify(body);
}

/** `signer`: sign a JSON answer's payload (a request that presented the HPP public key); XML answers are never signed. */
function gatewayEnvelope(family: ResponseFamily, exchangeId: string, answer: Answer, signer?: HppKeyPair): Rendered {
  const payloadType = answer.payloadType ?? 'none';
  const payload = answer.payload ?? {};
  const links = answer.links ?? [];
  if (family === 'gateway-xml') {
    return {
      status: answer.status,
      headers: envelopeHeaders(answer, exchangeId, XML),
      body: renderResponseXml({ code: String(answer.status), status: statusWord(answer.status), exchangeId, links, page: answer.page, payloadType, payload }),
    };
  }
  return { status: answer.status, headers: envelopeHeaders(answer, exchangeId, JSON_TYPE), body: gatewayJson(answer, exchangeId, payloadType, payload, links, signer) };
}

function objectEnvelope(exchangeId: string, answer: Answer, gatewayUrl: string): Rendered {
  const headers: Record<string, string> = { ...answer.headers, 'exchange-id': exchangeId, 'content-type': XML };
  const payloadType = answer.payloadType ?? 'none';
  const children: Record<string, unknown> = answer.genericEnvelope
    ? {
      code: answer.status, status: 'SUCCESS', 'exchange-id': exchangeId, gatewayUrl,
      ...(answer.links?.length ? { links: answer.links } : {}),
      payload: { payloadType, ...answer.payload },
    }
    : { payloadType, ...answer.payload };
  return { status: answer.status, headers, body: renderObjectXml(children) };
}

function boardingAnswer(exchangeId: string, answer: Answer): Rendered {
  const headers: Record<string, string> = { ...answer.headers, 'exchange-id': exchangeId };
  if (answer.file) {
    return {
      status: answer.status,
      headers: {
        ...headers,
        'content-type': answer.file.contentType,
        'content-disposition': `attachment; filename="${answer.file.fileName.replace(/["\\\r\n]/g, '_')}"`,
      },
      body: answer.file.bytes,
    };
  }
  if (answer.raw === undefined) return { status: answer.status, headers, body: '' };
  return { status: answer.status, headers: { ...headers, 'content-type': JSON_TYPE }, body: JSON.stringify(answer.raw) };
}

export function renderAnswer(family: ResponseFamily, exchangeId: string, answer: Answer, gatewayUrl: string, signer?: HppKeyPair): Rendered {
  if (answer.status === 204) return { status: 204, headers: { ...answer.headers, 'exchange-id': exchangeId }, body: '' };
  if (family === 'boarding') return boardingAnswer(exchangeId, answer);
  if (family === 'object-xml') return objectEnvelope(exchangeId, answer, gatewayUrl);
  if (family === 'object-json') return gatewayEnvelope('gateway-json', exchangeId, answer.jsonPayload ? { ...answer, payload: answer.jsonPayload } : answer, signer);
  return gatewayEnvelope(family, exchangeId, answer, signer);
}

export function renderError(family: ResponseFamily, exchangeId: string, e: ErrorFacts, now: Date, headers: Record<string, string> = {}, signer?: HppKeyPair): Rendered {
  if (family === 'boarding') {
    const resultCode = Number.parseInt(e.resultCode, 10);
    const raw = {
      errors: [{ errorMessage: e.message, resultCode: Number.isNaN(resultCode) ? e.status : resultCode, timeStamp: now.toISOString() }],
      statusCode: e.status,
    };
    return boardingAnswer(exchangeId, { status: e.status, raw, headers });
  }
  const error = { 'error-message': e.message, 'result-code': e.resultCode };
  const answer: Answer = { status: e.status, payloadType: 'error', payload: { ...e.extraPayload, error }, headers, ...(e.links ? { links: e.links } : {}) };
  if (family === 'object-xml') return objectEnvelope(exchangeId, answer, '');
  return gatewayEnvelope(family === 'object-json' ? 'gateway-json' : family, exchangeId, answer, signer);
}
