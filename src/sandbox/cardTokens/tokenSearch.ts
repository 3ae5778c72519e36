// Token search with the Vault API's filters (docs/gateway-facts.md §3): token id, update-date range or preset
// window, customer key, paging.

import type { SandboxClock } from '../domain/domain';
import { fieldError } from '../http/bodyFields';
import { pageOf, pageRequest } from '../http/paging';
import { parseSearchTime } from '../domain/timestamps';
import type { StoredToken } from './cardTokenState';

const DAY = 24 * 60 * 60 * 1000;

/** Preset windows of `date-filter`, as [start, end) relative to now. */
const DATE_FILTERS: Record<string, (now: number) => [number, number]> = {
  last_24_hours: now => [now - DAY, now + 1],
  yesterday: now => {
    const midnight = now - (now % DAY);
    return [midnight - DAY, midnight];
  },
  last_week: now => [now - 7 * DAY, now + 1],
  last_month: now => [now - 30 * DAY, now + 1],
  last_180_days: now => [now - 180 * DAY, now + 1],
};

function bound(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const t = parseSearchTime(raw);
  if (!t) throw fieldError(name, `"${raw}" is not a date; write yyyy-MM-dd or yyyy-MM-dd HH:mm`);
  return t.getTime();
}

export function searchTokens(tokens: StoredToken[], query: URLSearchParams, clock: SandboxClock) {
  const paging = pageRequest(query, 'updated');
  let start = bound(query, 'updated-start-date');
  let end = bound(query, 'updated-end-date');
  const filter = query.get('date-filter');
  if (filter && filter !== 'custom_range') {
    const window = DATE_FILTERS[filter];
    if (!window) throw fieldError('date-filter', `must be one of custom_range, ${Object.keys(DATE_FILTERS).join(', ')}`);
    [start, end] = window(clock.now().getTime());
  }
  const tokenId = query.get('token-id');
  const legacy = query.get('merchant-legacy-token-id');
  const customer = query.get('customer-key');
  const matches = tokens.filter(t => {
    const updated = Date.parse(t.updated);
    return (!tokenId || t.tokenId === tokenId)
      && (!legacy || t.details['merchant-legacy-token-id'] === legacy)
      && (!customer || t.details['customer-key'] === customer)
      && (start === undefined || updated >= start)
      && (end === undefined || updated <= end);
  });
  matches.sort((a, b) => (Date.parse(a.updated) - Date.parse(b.updated)) || a.tokenId.localeCompare(b.tokenId));
  if (paging.descending) matches.reverse();
  return pageOf(matches, paging);
}
