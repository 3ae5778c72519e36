// Transaction search with docs/gateway-facts.md §2.6 query parameters, newest first by default.

import { fieldError } from '../http/bodyFields';
import { fromCents } from '../domain/money';
import { pageOf, pageRequest } from '../http/paging';
import { parseSearchTime } from '../domain/timestamps';
import type { CardTransaction } from './cardState';

const LEVELS = ['terminal', 'merchant'];

/** Exact-match filters: query parameter → the transaction's value. */
const EXACT: Record<string, (tx: CardTransaction) => string | undefined> = {
  id: tx => tx.id,
  amount: tx => fromCents(tx.amountCents),
  type: tx => tx.type,
  status: tx => tx.result,
  'last-four': tx => tx.card.lastFour,
  'authorization-code': tx => tx.authorizationCode,
  invoice: tx => tx.references.invoice,
  'order-id': tx => tx.references['order-id'],
  'display-message': tx => tx.displayMessage,
};

function bound(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const t = parseSearchTime(raw);
  if (!t) throw fieldError(name, `"${raw}" is not a time; write yyyy-MM-dd HH:mm (UTC), e.g. 2025-01-31 14:00`);
  return t.getTime();
}

export function searchTransactions(all: CardTransaction[], query: URLSearchParams) {
  const paging = pageRequest(query, 'created');
  const level = query.get('level');
  if (level !== null && !LEVELS.includes(level)) throw fieldError('level', `must be ${LEVELS.join(' or ')}`);
  const start = bound(query, 'start-date');
  const end = bound(query, 'end-date');
  const wanted = Object.entries(EXACT)
    .map(([name, get]) => ({ value: query.get(name), get }))
    .filter((f): f is { value: string; get: (tx: CardTransaction) => string | undefined } => f.value !== null && f.value !== '');
  const matches = all.filter(tx => {
    const created = Date.parse(tx.created);
    return (start === undefined || created >= start)
      && (end === undefined || created <= end + 59_999)
      && wanted.every(f => (f.get(tx) ?? '').toLowerCase() === f.value.toLowerCase());
  });
  // Slice order is creation order; newest first unless isDescending=false.
  if (paging.descending) matches.reverse();
  return pageOf(matches, paging);
}
