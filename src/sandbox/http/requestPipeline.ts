// One gateway or boarding request, start to finish: count, faults, routing, rate limit, auth,
// body decoding, the module's handler, saving the change, and the family's envelope.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorAnswer, type Answer, type SandboxRequest } from '../domain/domain';
import { authenticate } from './auth';
import { decodeBody, mediaFormat } from './bodyDecoder';
import { familyFor, newExchangeId, renderError, renderAnswer, type ErrorFacts, type Rendered, type ResponseFamily } from './envelopes';
import { retryAfterHeader } from './faults';
import { AFTER_COMMIT_KINDS, type AfterCommitKind, type FiredFault } from './chaos';
import { maskCardNumbersInFreeText } from '../domain/freeText';
import { isHppPublicKey, type HppKeyPair } from '../domain/answerSignature';
import { legacyBodyKey, LEGACY_KEY_FIELD, selectedOperation, unselectedMessage } from './legacyForms';
import { route, type Route } from './router';
import type { Operation } from '../../catalog/types';
import type { LiveSandbox } from '../liveSandbox';
import { countAnswer, countError } from '../coverage/answerOutcomes';

export interface PipelineEnv { live: LiveSandbox; gatewayUrl: string; log: (line: string) => void }

const SERVER_ERROR = '050';
/**
 * A path (or method) the gateway does not have: the published table's "Invalid Request" (S8
 * transaction result codes, 000-059; docs/sandbox.md "Typed clients"), under HTTP 404 or 405.
 * Boarding answers its own error shape, whose numeric resultCode stays the HTTP status.
 */
const INVALID_REQUEST = '011';
const RATE_LIMITED = '429';

/** Statuses that never carry a body, so never a Content-Length either (RFC 9110). */
const BODYLESS = new Set([204, 304]);

// With a length, node sends the body as it is instead of chunked: fewer bytes and writes per
// answer, and less parsing for every client.
function write(res: ServerResponse, r: Rendered): void {
  if (!BODYLESS.has(r.status)) r.headers['content-length'] = String(Buffer.byteLength(r.body));
  res.writeHead(r.status, r.headers);
  res.end(r.body);
}

type RequestUrl = Pick<URL, 'pathname' | 'searchParams'>;
type Fail = (e: ErrorFacts, headers?: Record<string, string>) => void;

/**
 * Answers one request. Undefined once the answer is sent; a promise only when the answer waits
 * (a delay fault, or a change on its way to disk): on the common path no promise is made.
 * PERF(bench/sandboxThroughput.ts)
 */
export function handleGatewayRequest(env: PipelineEnv, req: IncomingMessage, res: ServerResponse, url: RequestUrl, raw: Buffer | undefined): Promise<void> | undefined {
  const { live } = env;
  const method = req.method ?? 'GET';
  live.tick();
  const routed = route(method, url.pathname);
  const selected = routed.kind === 'by-field' ? selectedOperation(routed.alias, routed.template, req.headers, raw) : undefined;
  const op = routed.kind === 'operation' ? routed.op : routed.kind === 'by-field' ? selected ?? routed.template : undefined;
  live.count(op?.id);
  const sentXml = raw !== undefined && raw.length > 0 && mediaFormat(req.headers['content-type']) === 'xml';
  const sentJson = raw !== undefined && raw.length > 0 && mediaFormat(req.headers['content-type']) === 'json';
  const family: ResponseFamily = familyFor(op, url.pathname, req.headers, sentXml, sentJson);
  const exchangeId = newExchangeId(family);
  const fail: Fail = (e, headers) => {
    countError(live.outcomes, e, family === 'boarding');
    write(res, renderError(family, exchangeId, e, live.clock.now(), headers));
  };

  // The queue first: a test that queued a fault expects the very next request to meet it.
  const fault = live.faults.take(op?.id) ?? live.chaos.take(op);
  if (fault) live.outcomes.add('fault', fault.fault);
  if (fault?.fault === 'reset' || fault?.fault === 'reset-before') {
    env.log(`fault: reset connection on ${method} ${url.pathname}`);
    req.socket.destroy();
    return;
  }
  if (fault?.fault === 'delay') return sleep(fault.delayMs).then(() => serveOperation(env, req, res, url, raw, routed, selected, family, exchangeId, fail));
  if (fault && isAfterCommit(fault)) {
    return serveOperation(env, req, res, url, raw, routed, selected, family, exchangeId, fail, fault);
  }
  if (fault?.fault === '429') {
    fail({ status: 429, resultCode: RATE_LIMITED, message: 'Too Many Requests (injected fault): wait for Retry-After, then retry.' },
      { 'retry-after': retryAfterHeader(fault, new Date()) });
    return;
  }
  if (fault?.fault === '500' || fault?.fault === '503') {
    const status = Number(fault.fault);
    fail({ status, resultCode: SERVER_ERROR, message: `${status === 500 ? 'Internal Error' : 'Service Unavailable'} (injected fault): retry later.` });
    return;
  }
  return serveOperation(env, req, res, url, raw, routed, selected, family, exchangeId, fail);
}

function isAfterCommit(fault: { fault: string }): fault is FiredFault & { fault: AfterCommitKind } {
  return (AFTER_COMMIT_KINDS as readonly string[]).includes(fault.fault);
}

/**
 * Everything after the faults: checks, the module's handler, saving, the envelope. With an
 * after-commit fault, a request that reached its handler is committed (and saved) as usual, and
 * only then does its answer fail; one refused before the handler changed nothing and is answered.
 */
function serveOperation(env: PipelineEnv, req: IncomingMessage, res: ServerResponse, url: RequestUrl, raw: Buffer | undefined,
  routed: Route, selected: Operation | undefined, family: ResponseFamily, exchangeId: string, fail: Fail,
  afterCommit?: FiredFault & { fault: AfterCommitKind }): Promise<void> | undefined {
  const { live } = env;
  if (raw === undefined) {
    fail({ status: 413, resultCode: '041', message: 'The request body is larger than 1 MB; send a smaller body.' });
    return;
  }
  const pathCode = (status: number): string => family === 'boarding' ? String(status) : INVALID_REQUEST;
  if (routed.kind === 'not-found') {
    fail({ status: 404, resultCode: pathCode(404), message: routed.message });
    return;
  }
  if (routed.kind === 'wrong-method') {
    fail({ status: 405, resultCode: pathCode(405), message: routed.message }, { allow: routed.allow.join(', ') });
    return;
  }
  // A generic transaction whose type names nothing is refused after authentication and body
  // checks, with the template standing in until then.
  const operation = routed.kind === 'operation' ? routed.op : selected ?? routed.template;
  const params = routed.kind === 'operation' ? routed.params : {};
  const bodyKey = operation.auth === 'api-key' ? legacyBodyKey(req.headers, raw) : undefined;
  const auth = authenticate(operation, params, req.headers, live.state.keys, bodyKey);
  if (!auth.ok) {
    fail(auth);
    return;
  }
  const rate = live.limiter.take(auth.principal);
  if (!rate.ok) {
    fail({ status: 429, resultCode: RATE_LIMITED, message: `Too Many Requests: this key exceeded ${live.limiter.rate} requests per second. Retry after ${rate.retryAfterSeconds} s.` },
      { 'retry-after': String(rate.retryAfterSeconds) });
    return;
  }
  const decoded = decodeBody(operation, req.headers, raw);
  if (!decoded.ok) {
    fail(decoded);
    return;
  }
  if (routed.kind === 'by-field' && !selected) {
    fail({ status: 400, resultCode: '002', message: unselectedMessage(routed.alias) });
    return;
  }
  // A legacy body credential is not a field of the operation.
  if (bodyKey !== undefined) delete decoded.body?.[LEGACY_KEY_FIELD];
  const entry = live.handlers.get(operation.id);
  if (!entry) {
    fail({ status: 501, resultCode: SERVER_ERROR, message: `The Local sandbox does not implement ${operation.id} yet.` });
    return;
  }
  const request: SandboxRequest = {
    op: operation, params, query: url.searchParams, body: maskCardNumbersInFreeText(decoded.body), headers: req.headers, merchant: live.merchant,
  };
  const signer = signerFor(req, live.state.keys.hpp);
  let answer: Answer;
  try {
    answer = entry.handler(request, live.contextFor(entry.module));
  } catch (e) {
    // A declined sale is stored too: its answer waits for the disk like any other.
    const refused = (): void => {
      if (e instanceof ErrorAnswer) {
        const facts = { status: e.status, resultCode: e.resultCode, message: e.message, extraPayload: e.extraPayload, links: e.links };
        countError(live.outcomes, facts, family === 'boarding');
        write(res, renderError(family, exchangeId, facts, live.clock.now(), {}, signer));
        return;
      }
      env.log(`internal error in ${operation.id}: ${(e as Error).message}`);
      fail({ status: 500, resultCode: SERVER_ERROR, message: `Internal Error in the Local sandbox while handling ${operation.id}: ${(e as Error).message}.` });
    };
    return afterSaving(env, res, fail, operation.id, faultedAnswer(env, req, res, fail, operation.id, afterCommit, refused));
  }
  // Counted when the answer goes out: an after-commit fault's answer is the fault's, not this one.
  const send = () => {
    countAnswer(live.outcomes, answer);
    write(res, renderAnswer(family, exchangeId, answer, env.gatewayUrl, signer));
  };
  return afterSaving(env, res, fail, operation.id, faultedAnswer(env, req, res, fail, operation.id, afterCommit, send));
}

/** How a committed request's answer goes out under an after-commit fault (as it is without one). */
function faultedAnswer(env: PipelineEnv, req: IncomingMessage, res: ServerResponse, fail: Fail, operationId: string,
  fault: (FiredFault & { fault: AfterCommitKind }) | undefined, send: () => void): () => void {
  if (!fault) return send;
  return () => {
    env.log(`fault: ${fault.fault} on ${operationId} (committed)`);
    if (fault.fault === 'lost-answer') {
      req.socket.destroy();
    } else if (fault.fault === '5xx-after-commit') {
      fail({ status: fault.status, resultCode: SERVER_ERROR, message: `Server error (injected fault, after the request was committed): the ${operationId} request may have been carried out.` });
    } else {
      // The client's own timeout should trip first; if it waits it out, it gets the real answer.
      setTimeout(() => {
        if (!req.socket.destroyed) send();
      }, fault.delayMs).unref();
    }
  };
}

/**
 * The key pair to sign the answer with: a request presenting the sandbox's HPP public key in
 * `public-key` (as the SDKs send it) gets a signed answer, as HPP-originated answers are
 * (docs/sandbox.md, "HPP key and signed answers"). Its handler's answers are signed, declines
 * included; refusals before the handler (keys, routing, faults) are not.
 */
function signerFor(req: IncomingMessage, pair: HppKeyPair): HppKeyPair | undefined {
  const given = req.headers['public-key'];
  const key = Array.isArray(given) ? given[0] : given;
  return key !== undefined && isHppPublicKey(pair, key.trim()) ? pair : undefined;
}

/** Sends the answer once what the request changed is saved; at once without a data file. */
function afterSaving(env: PipelineEnv, res: ServerResponse, fail: Fail, operationId: string, send: () => void): Promise<void> | undefined {
  const saving = env.live.persist();
  if (!saving) {
    send();
    return undefined;
  }
  return saved(env, res, fail, operationId, saving).then(ok => {
    if (ok) send();
  });
}

/**
 * Waits until what the request changed is on disk (with a data file), so that an answer
 * never reports a change a crash could still lose. False, with a 500 sent, when saving failed.
 */
async function saved(env: PipelineEnv, res: ServerResponse, fail: (e: ErrorFacts) => void, operationId: string, saving: Promise<void>): Promise<boolean> {
  try {
    await saving;
    return true;
  } catch (e) {
    env.log(`${operationId}: ${(e as Error).message}`);
    if (!res.headersSent) {
      fail({ status: 500, resultCode: SERVER_ERROR, message: `${(e as Error).message} The change was made but may not survive a restart of the Local sandbox.` });
    }
    return false;
  }
}
