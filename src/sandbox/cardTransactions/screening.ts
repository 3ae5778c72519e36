// What the gateway settings do to a charge that the amount table would approve: the duplicate
// check (045), the AVS filter (046) and the CSC filter (047 mismatch, 048 not verified).
// Result codes and meanings from the result-code table of docs/gateway-facts.md; which filter name covers which
// result is in verificationTable.ts.

import type { SettingsSlice, SettingsValues } from '../settings/settingsState';
import type { CardTransaction } from './cardState';
import { AVS_FILTER_BY_CODE, CSC_FILTER_BY_CODE, type VerificationResult } from './verificationTable';

interface Refusal { resultCode: string; message: string }

function group(settings: SettingsSlice, key: string): SettingsValues {
  return settings.groups[key] ?? {};
}

const isTrue = (v: unknown): boolean => String(v) === 'true';

function asList(v: unknown): Record<string, unknown>[] {
  if (v === undefined || v === null || v === '') return [];
  if (Array.isArray(v)) return v as Record<string, unknown>[];
  return typeof v === 'object' ? [v as Record<string, unknown>] : [];
}

/** 046 when AVS checking is on and the filter for this result says `allowed` false. */
export function avsRefusal(settings: SettingsSlice, avs: VerificationResult | undefined): Refusal | undefined {
  const values = group(settings, 'avs');
  if (!avs || !isTrue(values.enabled)) return undefined;
  const filters = asList((values['response-filters'] as Record<string, unknown> | undefined)?.['response-filter']);
  const name = AVS_FILTER_BY_CODE[avs.code];
  const rule = filters.find((f) => f.name === name);
  if (!rule || isTrue(rule.allowed)) return undefined;
  return { resultCode: '046', message: `AVS Response Not Accepted: the AVS result ${avs.code} (${avs.description}) is not allowed by the AVS settings (${name} allowed false).` };
}

/**
 * Whether the CSC settings accept a filter name. `response-filters` is either the interface's
 * string, naming the accepted results (separated by commas or spaces; empty accepts all), or
 * the Java sample's list of `{name, allowed}` (a result not listed is accepted).
 */
const ACCEPTED = Object.freeze({ accepted: true, shown: '' });

// The names a filter list holds, by its text: asked on every sale with a CSC, of one setting.
const filterNames = new Map<string, readonly string[]>();

function namesIn(filters: string): readonly string[] {
  let names = filterNames.get(filters);
  if (!names) {
    if (filterNames.size >= 16) filterNames.clear();
    names = filters.split(/[\s,;]+/).filter(Boolean);
    filterNames.set(filters, names);
  }
  return names;
}

function cscAccepts(filters: unknown, name: string): { accepted: boolean; shown: string } {
  if (typeof filters === 'string' || filters === undefined) {
    const names = namesIn(filters ?? '');
    if (names.length === 0 || names.includes(name)) return ACCEPTED;
    return { accepted: false, shown: names.join(', ') };
  }
  const rule = asList((filters as Record<string, unknown>)['response-filter']).find((f) => f.name === name);
  return { accepted: !rule || isTrue(rule.allowed), shown: `${name} allowed false` };
}

/** 047 for a mismatch, 048 for a CSC that could not be verified, when the CSC filter does not accept it. */
export function cscRefusal(settings: SettingsSlice, csc: VerificationResult | undefined): Refusal | undefined {
  const values = group(settings, 'csc');
  if (!csc || !isTrue(values.enabled)) return undefined;
  const { accepted, shown } = cscAccepts(values['response-filters'], CSC_FILTER_BY_CODE[csc.code]);
  if (accepted) return undefined;
  return {
    resultCode: csc.code === 'N' ? '047' : '048',
    message: `CSC Response Not Accepted: the CSC result ${csc.code} (${csc.description}) is not accepted by the CSC settings (${shown}).`,
  };
}

interface DuplicateProbe {
  type: CardTransaction['type'];
  amountCents: number;
  card: CardTransaction['card'];
  invoice?: string;
  /** The request's `check-field` (`invoice`: compare invoices instead of cards). */
  checkField?: string;
  now: Date;
}

interface DuplicateOutcome { duplicateOf: CardTransaction; refuse: boolean }

function sameCard(a: CardTransaction['card'], b: CardTransaction['card']): boolean {
  if (a.tokenId || b.tokenId) return a.tokenId === b.tokenId;
  return a.brand === b.brand && a.lastFour === b.lastFour && a.expDate === b.expDate;
}

/**
 * An earlier approved charge this one repeats, when duplicate checking is enabled: same type and
 * amount within `time-range-in-minutes`, with the same card (or the same invoice when
 * `use-invoice-instead-of-card` or the request's `check-field: invoice` says so; also the same
 * invoice when `include-invoice`). The sandbox has one terminal, so merchant-level checking
 * (`check-merchant-level`, `check-field-mid`) compares the same transactions.
 */
/**
 * `history` and `probeOf` are asked for only when checking is on: listing every transaction on
 * each sale would make sales slow down as the sandbox fills, and the probe is work on every sale.
 */
export function findDuplicate(settings: SettingsSlice, history: () => Iterable<CardTransaction>, probeOf: () => DuplicateProbe): DuplicateOutcome | undefined {
  const values = group(settings, 'duplicates');
  if (!isTrue(values.enabled)) return undefined;
  const minutes = Number(values['time-range-in-minutes'] ?? 0);
  if (!(minutes > 0)) return undefined;
  const probe = probeOf();
  const since = probe.now.getTime() - minutes * 60_000;
  const byInvoice = (isTrue(values['use-invoice-instead-of-card']) || probe.checkField?.toLowerCase() === 'invoice') && !!probe.invoice;
  const alsoInvoice = isTrue(values['include-invoice']);
  for (const tx of history()) {
    if (tx.result !== 'APPROVED' || tx.voided || tx.type !== probe.type || tx.amountCents !== probe.amountCents) continue;
    if (Date.parse(tx.created) < since) continue;
    const invoiceSame = (tx.references.invoice ?? '') === (probe.invoice ?? '');
    if (byInvoice ? !invoiceSame : !sameCard(tx.card, probe.card)) continue;
    if (alsoInvoice && !invoiceSame) continue;
    return { duplicateOf: tx, refuse: values['if-duplicate-found-respond-with-error'] === undefined || isTrue(values['if-duplicate-found-respond-with-error']) };
  }
  return undefined;
}
