// Creating and finding card transactions in the slice, and the answer every transaction
// operation shares. Approved transactions land in the open batch here, in one place.

import { ErrorAnswer, type DomainContext, type Answer, type SandboxRequest } from '../domain/domain';
import { optionalString, type Body } from '../http/bodyFields';
import { ensureOpenBatch, type BatchesSlice } from '../batches/batchState';
import { isoTime } from '../domain/timestamps';
import type { CardTransaction, CardsSlice } from './cardState';
import { noteStored } from './transactionIndex';
import { transactionLink, transactionView } from './transactionView';

export type CardsCtx = DomainContext<CardsSlice>;

const REFERENCE_FIELDS = ['order-id', 'invoice', 'purchase-order', 'customer-id', 'description', 'comments', 'email-address'];

const INVALID_REQUEST = '011';

export function references(body: Body): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of REFERENCE_FIELDS) {
    const v = optionalString(body, f);
    if (v !== undefined && v !== '') out[f] = v;
  }
  return out;
}

/**
 * String fields a card transaction echoes as sent (docs/gateway-facts.md §2.2), each a property
 * of the community OpenAPI's transaction model (S3 TransactionModel). `email-receipt` is a
 * request field only: the model (additionalProperties: false) has no such property and no
 * public answer shows one, so it is accepted and not echoed.
 */
const ECHOED_FIELDS = ['billing-is-shipping', 'sales-tax-amount', 'sales-tax-type', 'client-ip', 'software-type', 'software-type-version', 'service-fee'];
const ADDRESS_OBJECTS = ['billing', 'shipping'];

/** The echoed fields of a body: strings as sent, and the string members of billing and shipping. */
export function echoes(body: Body): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of ECHOED_FIELDS) {
    const v = body?.[f];
    if (typeof v === 'string' && v !== '') out[f] = v;
    else if (typeof v === 'boolean' || typeof v === 'number') out[f] = String(v);
  }
  for (const f of ADDRESS_OBJECTS) {
    const v = body?.[f];
    if (typeof v !== 'object' || v === null || Array.isArray(v)) continue;
    const address = Object.fromEntries(Object.entries(v).filter(([k, x]) => typeof x === 'string' && x !== '' && !k.startsWith('@_')));
    if (Object.keys(address).length > 0) out[f] = address;
  }
  return out;
}

type NewTransaction = Omit<CardTransaction, 'id' | 'created' | 'batchId' | 'voided' | 'tipAdjusted'> & Partial<Pick<CardTransaction, 'tipAdjusted'>>;

/** A transaction built whole but for its id and creation time, which stampAndStore adds. */
export type UnstampedTransaction = Omit<CardTransaction, 'id' | 'created'> & Partial<Pick<CardTransaction, 'id' | 'created'>>;

/** Stores a transaction; an approved one lands in the open batch. */
export function record(ctx: CardsCtx, fields: NewTransaction): CardTransaction {
  // Object.assign rather than a spread literal: measurably cheaper. A sale, the common case,
  // builds its record in one literal and calls stampAndStore itself (charges.ts).
  return stampAndStore(ctx, Object.assign({ voided: false, tipAdjusted: false, childIds: [] }, fields));
}

/**
 * Gives `tx` its id and creation time, as its last keys (so every record has its keys in one
 * order), and stores it; an approved one lands in the open batch.
 */
export function stampAndStore(ctx: CardsCtx, unstamped: UnstampedTransaction): CardTransaction {
  const id = String(ctx.ids.next('card.transaction', 100001));
  unstamped.id = id;
  unstamped.created = isoTime(ctx.clock.now());
  const tx = unstamped as CardTransaction;
  if (tx.result === 'APPROVED') {
    tx.batchId = ensureOpenBatch(ctx.mutatePeer<BatchesSlice>('batches'), ctx.ids, ctx.clock).id;
  }
  const parent = tx.originalId === undefined ? undefined : ctx.slice.transactions[tx.originalId];
  if (parent) parent.childIds = [...childIdsOf(ctx.slice, parent), id];
  ctx.slice.transactions[id] = tx;
  noteStored(ctx.slice.transactions, tx);
  return tx;
}

/** Ids of the transactions that capture, refund or void `parent`. */
export function childIdsOf(slice: CardsSlice, parent: CardTransaction): string[] {
  // Records saved before the index existed: found once by a scan, then indexed on the next child.
  return parent.childIds ?? Object.values(slice.transactions).filter(t => t.originalId === parent.id).map(t => t.id);
}

export function findTransaction(ctx: CardsCtx, id: string): CardTransaction {
  const tx = Object.prototype.hasOwnProperty.call(ctx.slice.transactions, id) ? ctx.slice.transactions[id] : undefined;
  if (!tx) {
    throw new ErrorAnswer(404, '027', `Original transaction not found: no card transaction with id ${id}. Search with GET /rest/v2/transactions to find its id.`);
  }
  return tx;
}

export function view(ctx: CardsCtx, req: SandboxRequest, tx: CardTransaction): Record<string, unknown> {
  return transactionView(tx, ctx.peer<BatchesSlice>('batches'), req.merchant);
}

export function transactionAnswer(ctx: CardsCtx, req: SandboxRequest, tx: CardTransaction, extra?: Record<string, unknown>): Answer {
  // No spread literal: this builds every sale's answer.
  const payload: Record<string, unknown> = { transaction: view(ctx, req, tx) };
  if (extra) Object.assign(payload, extra);
  return { status: 200, payloadType: 'transaction', payload, links: [transactionLink(tx.id)] };
}

/** A 402 refusal of an operation the transaction's state does not allow. */
export function refused(message: string): ErrorAnswer {
  return new ErrorAnswer(402, INVALID_REQUEST, message);
}
