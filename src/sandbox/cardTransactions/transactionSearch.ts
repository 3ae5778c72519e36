// Transaction search with docs/gateway-facts.md §2.6 query parameters, newest first by default.
// Answered from the table's index (transactionIndex.ts), in the table's key order — creation
// order — as a scan of every stored transaction would, in time that does not grow with them.

import { fieldError } from '../http/bodyFields';
import { pageAt, pageRequest } from '../http/paging';
import { parseSearchTime } from '../domain/timestamps';
import type { CardTransaction } from './cardState';
import { FILTERED_FIELDS, indexedMatches, type FilteredField, type SearchCriteria } from './transactionIndex';

const LEVELS = ['terminal', 'merchant'];

/** A `start-date`/`end-date` bound as epoch ms, or undefined when absent; 400 naming it when unreadable. */
export function bound(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const t = parseSearchTime(raw);
  if (!t) throw fieldError(name, `"${raw}" is not a time; write yyyy-MM-dd HH:mm (UTC), e.g. 2025-01-31 14:00`);
  return t.getTime();
}

export function searchTransactions(table: Record<string, CardTransaction>, query: URLSearchParams) {
  const paging = pageRequest(query, 'created');
  const level = query.get('level');
  if (level !== null && !LEVELS.includes(level)) throw fieldError('level', `must be ${LEVELS.join(' or ')}`);
  const start = bound(query, 'start-date');
  const end = bound(query, 'end-date');
  const criteria: SearchCriteria = {
    exact: (Object.keys(FILTERED_FIELDS) as FilteredField[])
      .map(field => ({ field, value: query.get(field) }))
      .filter((f): f is { field: FilteredField; value: string } => f.value !== null && f.value !== ''),
    fromMs: start,
    // The end is a minute: every time within it is in.
    toMs: end === undefined ? undefined : end + 59_999,
  };
  const matches = indexedMatches(table, criteria);
  // Table order is creation order; newest first unless isDescending=false.
  return pageAt(matches.total, paging.descending ? i => matches.at(matches.total - 1 - i) : i => matches.at(i), paging);
}
