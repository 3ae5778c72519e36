// The request forms older clients of the real gateway send, read before the usual pipeline:
// the generic transaction endpoint (its body's `type` picks the operation) and the `api-key`
// carried as a JSON body field instead of a header. docs/sandbox.md lists each with its evidence.

import type { IncomingHttpHeaders } from 'node:http';
import { aliasTarget, LEGACY_KEY_FIELD, LEGACY_KEY_HEADER, requireOperation, TRANSACTION_TYPES, type OperationAlias } from '../../catalog';
import type { Operation } from '../../catalog/types';
import { decodeBody, mediaFormat } from './bodyDecoder';

export { LEGACY_KEY_FIELD };

/** The operation a by-field alias becomes for this body; undefined when the body does not say. */
export function selectedOperation(alias: OperationAlias, template: Operation, headers: IncomingHttpHeaders, raw: Buffer | undefined): Operation | undefined {
  if (!raw) return undefined;
  const decoded = decodeBody(template, headers, raw);
  if (!decoded.ok || !decoded.body) return undefined;
  const type = decoded.body.type;
  const id = typeof type === 'string' ? aliasTarget(alias, type) : undefined;
  return id ? requireOperation(id) : undefined;
}

/** Why a generic transaction body was not routed, and what to send instead. */
export function unselectedMessage(alias: OperationAlias): string {
  return `Validation error: ${alias.method} ${alias.path} needs a type field naming the transaction, one of ${Object.keys(TRANSACTION_TYPES).join(', ')} (any case); or send the body to the typed path, e.g. /rest/v2/transactions/sale.`;
}

/**
 * The `api-key` a JSON body carries, for requests with no `api-key` header (a CMS payment
 * plugin authenticates this way). Undefined for anything else, including unparseable bodies,
 * which then fail authentication as usual.
 */
export function legacyBodyKey(headers: IncomingHttpHeaders, raw: Buffer | undefined): string | undefined {
  if (headers[LEGACY_KEY_FIELD] !== undefined || headers[LEGACY_KEY_HEADER] !== undefined || !raw || raw.length === 0) return undefined;
  if (mediaFormat(headers['content-type']) !== 'json') return undefined;
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const key = (parsed as Record<string, unknown>)[LEGACY_KEY_FIELD];
    return typeof key === 'string' && key !== '' ? key : undefined;
  } catch {
    return undefined;
  }
}
