// `page` / `page-size` / `isDescending` as the gateway's searches take them, and the `page`
// object they answer with. Pages are numbered from 1, like the `number` field they return: a
// reconciliation poller starts at `page=1` and stops at `number == total-pages`, and the
// community OpenAPI example shows `page: 1` answering `number: 1, first: true`. `page=0` is
// read as the first page too, so clients written against our earlier 0-based numbering still
// see it.

import { ErrorAnswer, type PageInfo } from '../domain/domain';

interface PageRequest { page: number; size: number; descending: boolean }

const FIELD_VALIDATION = '041';

/** The 0-based index of the page a `page` query value asks for (0 and 1 both mean the first). */
export function pageIndex(page: number): number {
  return Math.max(page, 1) - 1;
}

/** The `page` object for the page at 0-based `index` of `total` items, `size` a page. */
export function pageInfoAt(index: number, size: number, total: number, onPage: number, sort: Record<string, string>): PageInfo {
  const totalPages = Math.ceil(total / size);
  return {
    first: index === 0,
    last: index >= totalPages - 1,
    number: index + 1,
    'number-of-elements': onPage,
    size,
    sort,
    'total-elements': total,
    'total-pages': totalPages,
  };
}

export function pageRequest(query: URLSearchParams, sortField: string): PageRequest & { sortField: string } {
  const intParam = (name: string, fallback: number, min: number, max: number): number => {
    const raw = query.get(name);
    if (raw === null || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new ErrorAnswer(400, FIELD_VALIDATION, `Field Validation: ${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
    }
    return Number(raw);
  };
  const desc = query.get('isDescending');
  if (desc !== null && desc !== 'true' && desc !== 'false') {
    throw new ErrorAnswer(400, FIELD_VALIDATION, `Field Validation: isDescending must be "true" or "false", not "${desc}".`);
  }
  return {
    page: pageIndex(intParam('page', 1, 0, 1_000_000)),
    size: intParam('page-size', 25, 1, 100),
    descending: desc !== 'false',
    sortField,
  };
}

/** `req.page` is the 0-based index from `pageRequest`. */
export function pageOf<T>(items: readonly T[], req: PageRequest & { sortField: string }): { items: T[]; page: PageInfo } {
  return pageAt(items.length, i => items[i], req);
}

/**
 * The page `req` asks for of `total` items that `itemAt` reads one at a time (0 ≤ i < total):
 * only that page's items are read, so the last page of a long result costs what the first does.
 */
export function pageAt<T>(total: number, itemAt: (i: number) => T, req: PageRequest & { sortField: string }): { items: T[]; page: PageInfo } {
  const start = req.page * req.size;
  const items: T[] = [];
  for (let i = start; i < Math.min(total, start + req.size); i++) items.push(itemAt(i));
  return {
    items,
    page: pageInfoAt(req.page, req.size, total, items.length, { [req.sortField]: req.descending ? 'DESC' : 'ASC' }),
  };
}
