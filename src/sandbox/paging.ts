// `page` / `page-size` / `isDescending` as the gateway's searches take them, and the `page`
// object they answer with. Pages are numbered from 0, like the `number` field they return.

import { GatewayError, type PageInfo } from './domain';

export interface PageRequest { page: number; size: number; descending: boolean }

const FIELD_VALIDATION = '041';

export function pageRequest(query: URLSearchParams, sortField: string): PageRequest & { sortField: string } {
  const intParam = (name: string, fallback: number, min: number, max: number): number => {
    const raw = query.get(name);
    if (raw === null || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new GatewayError(400, FIELD_VALIDATION, `Field Validation: ${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
    }
    return Number(raw);
  };
  const desc = query.get('isDescending');
  if (desc !== null && desc !== 'true' && desc !== 'false') {
    throw new GatewayError(400, FIELD_VALIDATION, `Field Validation: isDescending must be "true" or "false", not "${desc}".`);
  }
  return {
    page: intParam('page', 0, 0, 1_000_000),
    size: intParam('page-size', 25, 1, 100),
    descending: desc !== 'false',
    sortField,
  };
}

export function pageOf<T>(items: readonly T[], req: PageRequest & { sortField: string }): { items: T[]; page: PageInfo } {
  const start = req.page * req.size;
  const slice = items.slice(start, start + req.size);
  const totalPages = Math.ceil(items.length / req.size);
  return {
    items: slice,
    page: {
      first: req.page === 0,
      last: req.page >= totalPages - 1,
      number: req.page,
      'number-of-elements': slice.length,
      size: req.size,
      sort: { [req.sortField]: req.descending ? 'DESC' : 'ASC' },
      'total-elements': items.length,
      'total-pages': totalPages,
    },
  };
}
