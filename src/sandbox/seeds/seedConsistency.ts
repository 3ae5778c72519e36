// A seed must agree with itself: what an entry names (the transaction a refund refunds, the
// customer and token a plan charges, the customer a token belongs to, the batch a transaction
// sits in) must be in the seed too. Checked once everything is loaded, so a stored record may
// name one that comes after it; a short entry's references were checked as it was made.

import type { AchSlice } from '../ach/achState';
import type { BatchesSlice } from '../batches/batchState';
import type { CardsSlice } from '../cardTransactions/cardState';
import type { VaultSlice } from '../cardTokens/cardTokenState';
import type { CustomersSlice } from '../customers/customerState';
import type { MobileSlice } from '../mobile/mobileState';
import { pathOf, SeedError } from './seedDocument';

/** Where each entry sits in the seed, by its id; a short entry's path ends in `|short`. */
export interface EntryPaths {
  transactions: Map<string, string>;
  tokens: Map<string, string>;
  customers: Map<string, string>;
  plans: Map<string, string>;
  achTransactions: Map<string, string>;
  achTokens: Map<string, string>;
  batches: Map<string, string>;
}

const has = (table: Record<string, unknown> | undefined, id: string): boolean => table !== undefined && Object.prototype.hasOwnProperty.call(table, id);

/** The path of a member of the entry stored under `id`, by the name a short entry or a record uses. */
function memberPath(paths: Map<string, string>, id: string, shortName: string, recordName: string): string {
  const at = paths.get(id) ?? '$';
  return at.endsWith('|short') ? pathOf(at.slice(0, -'|short'.length), shortName) : pathOf(at, recordName);
}

function refused(path: string, what: string, id: string, where: string): SeedError {
  return new SeedError(path, `names ${what} ${JSON.stringify(id)}, which is not in this seed (add it to ${where}, or leave this out)`);
}

export function checkConsistency(slices: Record<string, unknown>, paths: EntryPaths, batchesFromSeed: boolean): void {
  const cards = (slices.cards as CardsSlice).transactions;
  const tokens = (slices.vault as VaultSlice).tokens;
  const { customers, plans } = slices.customers as CustomersSlice;
  const ach = slices.ach as AchSlice;
  const batches = slices.batches as BatchesSlice;
  const batchIds = new Set([...(batches.open ? [batches.open.id] : []), ...batches.closed.map(b => b.id)]);

  for (const tx of Object.values(cards)) {
    for (const [member, id] of [['originalId', tx.originalId], ['capturedById', tx.capturedById]] as const) {
      if (id !== undefined && !has(cards, id)) throw refused(memberPath(paths.transactions, tx.id, 'original-id', member), 'transaction', id, '$.transactions');
    }
    (tx.childIds ?? []).forEach((id, i) => {
      if (!has(cards, id)) throw refused(pathOf(memberPath(paths.transactions, tx.id, 'childIds', 'childIds'), i), 'transaction', id, '$.transactions');
    });
    if (tx.batchId !== undefined && (batchesFromSeed || !paths.transactions.get(tx.id)?.endsWith('|short')) && !batchIds.has(tx.batchId)) {
      throw refused(memberPath(paths.transactions, tx.id, 'batchId', 'batchId'), 'batch', tx.batchId, '$.batches');
    }
  }
  for (const token of Object.values(tokens)) {
    const owner = token.details['customer-key'];
    if (owner !== undefined && !has(customers, owner)) {
      const at = paths.tokens.get(token.tokenId) ?? '$';
      const path = at.endsWith('|short') ? pathOf(at.slice(0, -6), 'customer-key') : pathOf(pathOf(at, 'details'), 'customer-key');
      throw refused(path, 'customer', owner, '$.customers');
    }
  }
  for (const plan of Object.values(plans)) {
    const customer = plan.fields['customer-key'];
    const token = plan.fields['token-id'];
    const at = (member: string) => {
      const base = paths.plans.get(plan.planKey) ?? '$';
      return base.endsWith('|short') ? pathOf(base.slice(0, -6), member) : pathOf(pathOf(base, 'fields'), member);
    };
    if (customer === undefined || !has(customers, customer)) throw refused(at('customer-key'), 'customer', String(customer), '$.customers');
    if (token === undefined || !has(tokens, token)) throw refused(at('token-id'), 'card token', String(token), '$.tokens');
    plan.payments.forEach((p, i) => {
      if (!has(cards, p.transactionId)) throw refused(pathOf(pathOf(pathOf(paths.plans.get(plan.planKey) ?? '$', 'payments'), i), 'transactionId'), 'transaction', p.transactionId, '$.transactions');
    });
  }
  for (const tx of Object.values(ach.transactions)) {
    for (const [member, id] of [['originalId', tx.originalId], ['reversalId', tx.reversalId]] as const) {
      if (id !== undefined && !has(ach.transactions, id)) throw refused(memberPath(paths.achTransactions, tx.id, member, member), 'ACH transaction', id, '$.achTransactions');
    }
    if (tx.tokenId !== undefined && !has(ach.tokens, tx.tokenId)) throw refused(memberPath(paths.achTransactions, tx.id, 'token-id', 'tokenId'), 'ACH token', tx.tokenId, '$.achTokens');
  }
  const mobile = slices.mobile as MobileSlice;
  const byTransaction: Array<[string, Record<string, { transactionId?: string }>]> = [['jwts', mobile.jwts], ['receipts', mobile.receipts ?? {}]];
  for (const [name, table] of byTransaction) {
    for (const [id, record] of Object.entries(table)) {
      const tx = record.transactionId;
      if (tx !== undefined && !has(cards, tx)) throw refused(pathOf(pathOf(pathOf('$.mobile', name), id), 'transactionId'), 'transaction', tx, '$.transactions');
    }
  }
  for (const id of Object.keys(mobile.signatures ?? {})) {
    if (!has(cards, id)) throw new SeedError(pathOf('$.mobile.signatures', id), `is the signature of transaction ${JSON.stringify(id)}, which is not in this seed`);
  }
}
