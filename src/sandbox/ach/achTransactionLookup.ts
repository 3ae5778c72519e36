// Reading ACH transactions: one by id, or a filtered, paged search.

import { checks } from '../../core/checks/inputChecks';
import type { DomainContext, Handler, PageInfo } from '../domain/domain';
import { pageIndex, pageInfoAt } from '../http/paging';
import { fieldProblems } from './achErrors';
import { canonical } from './achInput';
import { achIdSerial, type AchSlice, type AchStatus, type AchTransactionRecord } from './achState';
import { requireTransaction } from './achTransactionChanges';
import { ACH_TYPES } from './achTransactionCreate';
import { localDate } from './achDates';
import { transactionAnswer, transactionWire } from './achWire';

const STATUSES: readonly AchStatus[] = ['Pending', 'Settling', 'Settled', 'Returned', 'Void'];
const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 1000;

type Filter = (t: AchTransactionRecord) => boolean;

interface SearchPlan {
  filters: Filter[];
  /** 0-based index of the page asked for (the page object's `number` is this plus one). */
  page: number;
  pageSize: number;
  descending: boolean;
}

function wholeNumber(query: URLSearchParams, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const sent = query.get(name);
  if (sent === null || sent === '') return fallback;
  const value = /^\d+$/.test(sent) ? Number(sent) : NaN;
  if (!(value >= min && value <= max)) {
    problems.push(`${name} "${sent}" must be a whole number from ${min} to ${max}.`);
    return fallback;
  }
  return value;
}

/** Adds a filter for query parameter `name` when sent; a bad value becomes a problem. */
function enumFilter<T extends string>(
  query: URLSearchParams, name: string, allowed: readonly T[], pick: (t: AchTransactionRecord) => string,
  filters: Filter[], problems: string[],
): void {
  const sent = query.get(name);
  if (!sent) return;
  const wanted = canonical(sent, allowed);
  if (!wanted) problems.push(`${name} "${sent}" is not allowed; use one of ${allowed.join(', ')}.`);
  else filters.push((t) => pick(t) === wanted);
}

function plan(query: URLSearchParams, timeZone: string): SearchPlan {
  const problems: string[] = [];
  const filters: Filter[] = [];
  const id = query.get('id');
  if (id) filters.push((t) => t.id === id);
  enumFilter(query, 'status', STATUSES, (t) => t.status, filters, problems);
  enumFilter(query, 'type', ACH_TYPES, (t) => t.type, filters, problems);
  for (const [name, keep] of [
    ['start-date', (created: string, bound: string) => created >= bound],
    ['end-date', (created: string, bound: string) => created <= bound],
  ] as const) {
    const bound = query.get(name);
    if (!bound) continue;
    const problem = checks.date(bound);
    if (problem) problems.push(`${name}: ${problem}`);
    else filters.push((t) => keep(localDate(new Date(t.created), timeZone), bound));
  }
  // 1-based like every gateway search (docs/sandbox.md, Paging); 0 also means the first page.
  const page = pageIndex(wholeNumber(query, 'page', 1, 0, Number.MAX_SAFE_INTEGER, problems));
  const pageSize = wholeNumber(query, 'page-size', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE, problems);
  const order = query.get('isDescending');
  if (order && !['true', 'false'].includes(order.toLowerCase())) problems.push(`isDescending "${order}" must be true or false.`);
  if (problems.length > 0) throw fieldProblems(problems);
  return { filters, page, pageSize, descending: order?.toLowerCase() !== 'false' };
}

function pageInfo(p: SearchPlan, total: number, onPage: number): PageInfo {
  return pageInfoAt(p.page, p.pageSize, total, onPage, { id: p.descending ? 'DESC' : 'ASC' });
}

function search(query: URLSearchParams, ctx: DomainContext<AchSlice>): ReturnType<Handler<AchSlice>> {
  const p = plan(query, ctx.clock.timeZone);
  const direction = p.descending ? -1 : 1;
  const matches = Object.values(ctx.slice.transactions)
    .filter((t) => p.filters.every((keep) => keep(t)))
    .sort((a, b) => direction * (achIdSerial(a.id) - achIdSerial(b.id)));
  const onPage = matches.slice(p.page * p.pageSize, (p.page + 1) * p.pageSize);
  return {
    status: 200,
    payloadType: 'ach-transactions',
    payload: { 'ach-transactions': { 'ach-transaction': onPage.map(transactionWire) } },
    links: [{ rel: 'self', href: `/rest/v2/ach/transactions?${query.toString()}`, id: '' }],
    page: pageInfo(p, matches.length, onPage.length),
  };
}

export const lookupHandlers: Record<string, Handler<AchSlice>> = {
  'achTransactions.get': (req, ctx) => transactionAnswer(requireTransaction(ctx.slice, req.params.id)),
  'achTransactions.search': (req, ctx) => search(req.query, ctx),
};
