// A double: a charge, refund, ACH debit or plan that a faulted run holds more often than the
// clean run did. Compared by what makes two entries the same payment (LedgerEntry.sameAs), not
// by id or invoice, which differ from one fresh sandbox to the next.

import type { LedgerEntry, LedgerKind } from '../../sandbox/moneyLedger';

export interface Double {
  kind: LedgerKind;
  amount: string;
  lastFour?: string;
  invoice?: string;
  /** How many the clean run held, and this run. */
  cleanCount: number;
  count: number;
  /** This run's ids of that payment (the original and its double, or more). */
  ids: string[];
}

function bySameAs(entries: readonly LedgerEntry[]): Map<string, LedgerEntry[]> {
  const groups = new Map<string, LedgerEntry[]>();
  for (const e of entries) {
    const group = groups.get(e.sameAs);
    if (group) group.push(e);
    else groups.set(e.sameAs, [e]);
  }
  return groups;
}

export function doublesBetween(clean: readonly LedgerEntry[], faulted: readonly LedgerEntry[]): Double[] {
  const before = bySameAs(clean);
  const doubles: Double[] = [];
  for (const [sameAs, entries] of bySameAs(faulted)) {
    const cleanCount = before.get(sameAs)?.length ?? 0;
    if (entries.length <= cleanCount) continue;
    const first = entries[0];
    const invoice = entries.find(e => e.invoice !== undefined)?.invoice;
    doubles.push({
      kind: first.kind, amount: first.amount, cleanCount, count: entries.length, ids: entries.map(e => e.id),
      ...(first.lastFour !== undefined ? { lastFour: first.lastFour } : {}),
      ...(invoice !== undefined ? { invoice } : {}),
    });
  }
  return doubles;
}
