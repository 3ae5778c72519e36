// What to tell a user when a request that changes state may have done its work but no readable
// answer came back (lost connection, timeout, a 5xx, an answer that cannot be read): it was not
// sent again, and which read shows whether it went through (the catalog's `verifyWith`).

import { matchOperation, operationById, SAFETY_WORDING } from '../../catalog';
import type { Operation } from '../../catalog/types';
import type { GatewayResult } from '../answers/result';
import { isReadMethod } from './retryPolicy';

/** True when the request may have changed something on the gateway. */
export function changesState(method: string, operation?: Operation): boolean {
  return operation ? operation.safety !== 'read' : !isReadMethod(method);
}

/** The path of the catalog operation behind `url`, whose base URL may carry a path prefix. */
function catalogPath(url: URL): string {
  const at = url.pathname.search(/\/(rest|api)\//);
  return at > 0 ? url.pathname.slice(at) : url.pathname;
}

/** `GET /rest/v2/ach/transactions/123 (Get ACH transaction)`: the read that tells, its path filled from the request's. */
function verificationRead(method: string, url: URL, operation?: Operation): string | undefined {
  const verify = operation?.verifyWith ? operationById(operation.verifyWith) : undefined;
  if (!verify) return undefined;
  const params = matchOperation(method, catalogPath(url))?.params ?? {};
  const path = verify.path.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] ? encodeURIComponent(params[name]) : whole));
  return `${verify.method} ${path} (${verify.title})`;
}

/** "check with GET … before retrying", or the general advice when the catalog names no read. */
export function checkBeforeRetrying(method: string, url: URL, operation?: Operation): string {
  const read = verificationRead(method, url, operation);
  return read ? `check with ${read} before retrying` : 'check whether it went through before retrying';
}

/** The sentence for a state-changing request whose outcome is unknown. */
export function mayHaveHappened(method: string, url: URL, operation?: Operation): string {
  const effect = operation && operation.safety !== 'read' ? ` (it ${SAFETY_WORDING[operation.safety].does})` : '';
  return `It was NOT sent again, because it may have happened already${effect}: ${checkBeforeRetrying(method, url, operation)}.`;
}

/**
 * "the answer could not be read: <why>", and for a request that changes state which read tells
 * whether it went through: a success status over a body nobody can read is an unknown outcome.
 */
export function unreadableAnswerMessage(result: Pick<GatewayResult, 'unreadable' | 'operationId' | 'method' | 'url'>): string {
  const operation = result.operationId ? operationById(result.operationId) : undefined;
  const text = `the answer could not be read: ${result.unreadable ?? 'unknown reason'}`;
  if (!changesState(result.method, operation)) return `${text}; send it again`;
  let read: string | undefined;
  try {
    read = verificationRead(result.method, new URL(result.url), operation);
  } catch {
    read = undefined;
  }
  return `${text} — ${read ? `check with ${read} whether it went through` : 'check whether it went through'} before retrying`;
}

/**
 * True when a request that changes state got no answer that says what happened: a 5xx, or a
 * success status whose body could not be read.
 */
export function resultOutcomeUnknown(result: Pick<GatewayResult, 'status' | 'unreadable' | 'operationId' | 'method'>): boolean {
  const operation = result.operationId ? operationById(result.operationId) : undefined;
  if (!changesState(result.method, operation)) return false;
  return result.status >= 500 || (result.unreadable !== undefined && result.status < 400);
}
