// The Gateway Overview's numbers, shaped from the gateway's own answers (no vscode, no network
// here: ./overviewGather.ts asks, these functions only count). Amounts are counted in cents so that
// a batch of many sales adds up exactly; every label is the gateway's own text, kept short, and the
// view escapes it (a stranger's gateway may answer anything).

import { isObject, objectNamed } from '../answers/objectNamed';

/** One bar: a label and a number (cents for money, a count otherwise). */
export interface Bar {
  label: string;
  value: number;
}

/** Sales and refunds of one card brand in the open batch. */
interface BrandTotals {
  brand: string;
  salesCents: number;
  salesCount: number;
  refundCents: number;
  refundCount: number;
}

export interface BatchSection {
  id: string;
  salesCents: number;
  salesCount: number;
  refundCents: number;
  refundCount: number;
  netCents: number;
  byBrand: BrandTotals[];
}

export interface DeclineSection {
  /** Declined card transactions by result code ("014 Exceeds limit"), most first. */
  byResultCode: Bar[];
  /** How many transactions the search answered (declines are a share of them). */
  transactionsRead: number;
  /** The search had more pages than were read. */
  truncated: boolean;
}

/** The four stages an ACH transaction goes through, in order. */
const ACH_STAGES = ['Pending', 'Settling', 'Settled', 'Returned'] as const;

export interface AchSection {
  /** One bar per ACH_STAGES entry, in that order (voided ones are not in the pipeline). */
  pipeline: Bar[];
  /** Returned transactions by R-code ("R01 Insufficient Funds"), most first. */
  returnsByCode: Bar[];
  truncated: boolean;
}

export interface CoverageSection {
  covered: number;
  total: number;
  percent: number;
  /** Outcomes served, by how often. */
  outcomes: Bar[];
  /** Outcomes not yet served: their names. */
  uncovered: string[];
}

/** A section's numbers, or why they could not be read (the other sections still show). */
export type Section<T> = { ok: true; value: T } | { ok: false; error: string };

export interface Overview {
  environmentName: string;
  /** When the numbers were read (ISO). */
  readAt: string;
  batch: Section<BatchSection | undefined>;
  declines: Section<DeclineSection>;
  ach: Section<AchSection>;
  /** Only for a Local sandbox. */
  coverage?: Section<CoverageSection>;
}

type Json = Record<string, unknown>;


/** The records listed under `listKey` / `itemKey` (one record comes as an object, several as a list). */
export function recordsOf(answer: unknown, listKey: string, itemKey: string): Json[] {
  const list = objectNamed(answer, listKey)?.[itemKey];
  if (Array.isArray(list)) return list.filter(isObject);
  return isObject(list) ? [list] : [];
}

/** Labels are the gateway's text: one line, no control characters, short. */
function labelText(value: unknown, fallback = 'unknown'): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const clean = text.replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/g, ' ').trim();
  if (!clean) return fallback;
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean;
}

/** "12.34" → 1234; anything that is not an amount counts as 0. */
function cents(value: unknown): number {
  const text = typeof value === 'number' ? value.toFixed(2) : typeof value === 'string' ? value.trim() : '';
  const m = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return 0;
  const whole = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -whole : whole;
}

/** 1234 → "12.34" (money is shown as the gateway writes it, no currency symbol). */
export function money(centsValue: number): string {
  const sign = centsValue < 0 ? '-' : '';
  const abs = Math.abs(Math.round(centsValue));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const SALE_TYPES = new Set(['SALE', 'CAPTURE', 'FORCED SALE']);
const REFUND_TYPES = new Set(['REFUND', 'UNMATCHED REFUND']);
const approved = (t: Json) => String(t.result ?? '').toUpperCase() === 'APPROVED';
const voided = (t: Json) => String(t.voided ?? '').toLowerCase() === 'true';

/** Counts of equal labels as bars, most first, then by label. */
function tally(labels: readonly string[]): Bar[] {
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts].map(([label, value]) => ({ label, value })).sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
}

/**
 * The open batch: its totals as the gateway answers them (batches.getOpen), split by card brand
 * from the card transactions the search answered that carry the batch's id. Undefined when
 * there is no open batch.
 */
export function batchSection(batchAnswer: unknown, transactions: readonly Json[]): BatchSection | undefined {
  const batch = objectNamed(batchAnswer, 'batch');
  if (!batch) return undefined;
  const id = labelText(batch.id, '');
  const brands = new Map<string, BrandTotals>();
  for (const t of transactions) {
    if (String(t['batch-string-id'] ?? '') !== id || !approved(t) || voided(t)) continue;
    const type = String(t.type ?? '').toUpperCase();
    const sale = SALE_TYPES.has(type);
    if (!sale && !REFUND_TYPES.has(type)) continue;
    const brand = labelText(t['card-type']);
    const row = brands.get(brand) ?? { brand, salesCents: 0, salesCount: 0, refundCents: 0, refundCount: 0 };
    if (sale) { row.salesCents += cents(t.amount); row.salesCount += 1; } else { row.refundCents += cents(t.amount); row.refundCount += 1; }
    brands.set(brand, row);
  }
  const count = (v: unknown) => Math.max(0, Math.trunc(Number(v)) || 0);
  return {
    id,
    salesCents: cents(batch['sales-total']),
    salesCount: count(batch['sales-count']),
    refundCents: cents(batch['refund-total']),
    refundCount: count(batch['refund-count']),
    netCents: cents(batch['net-amount']),
    byBrand: [...brands.values()].sort((a, b) => b.salesCents - a.salesCents || a.brand.localeCompare(b.brand)),
  };
}

/** Declined card transactions by result code and the gateway's message for it. */
export function declineSection(transactions: readonly Json[], truncated: boolean): DeclineSection {
  const declined = transactions.filter((t) => !approved(t) && t.result !== undefined);
  const label = (t: Json) => `${labelText(t['result-code'], '?')} ${labelText(t['display-message'], '')}`.trim();
  return { byResultCode: tally(declined.map(label)), transactionsRead: transactions.length, truncated };
}

/** ACH transactions by stage, and the returned ones by R-code. */
export function achSection(achTransactions: readonly Json[], truncated: boolean): AchSection {
  const status = (t: Json) => labelText(t.status, '');
  const pipeline = ACH_STAGES.map((stage) => ({ label: stage, value: achTransactions.filter((t) => status(t).toLowerCase() === stage.toLowerCase()).length }));
  const returned = achTransactions.filter((t) => status(t).toLowerCase() === 'returned');
  const label = (t: Json) => `${labelText(t['returned-code'], '?')} ${labelText(t['returned-message'], '')}`.trim();
  return { pipeline, returnsByCode: tally(returned.map(label)), truncated };
}

/** The coverage report's numbers (checked already by sandboxCoverage.checkedCoverage). */
export function coverageSection(report: { covered: readonly { outcome: string; count: number }[]; uncovered: readonly { outcome: string }[]; summary: { covered: number; total: number; percent: number } }): CoverageSection {
  return {
    covered: report.summary.covered,
    total: report.summary.total,
    percent: report.summary.percent,
    outcomes: report.covered.map((c) => ({ label: labelText(c.outcome), value: c.count })).sort((a, b) => b.value - a.value || a.label.localeCompare(b.label)),
    uncovered: report.uncovered.map((u) => labelText(u.outcome)),
  };
}
