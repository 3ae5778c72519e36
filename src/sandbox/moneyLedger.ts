// What money the sandbox holds as moved or promised: approved charges and refunds, ACH debits
// and payment plans. `exactly-once` compares two runs' ledgers to find an application's double
// payments, so each entry carries `sameAs`: what makes two entries the same payment across
// sandboxes, where ids, customer keys and (often) invoices differ from run to run.

import type { CardsSlice, CardTxType } from './cardTransactions/cardState';
import type { AchSlice } from './ach/achState';
import type { CustomersSlice } from './customers/customerState';
import type { SandboxState } from './domain/state';

export type LedgerKind = 'charge' | 'refund' | 'ach-debit' | 'plan';

export interface LedgerEntry {
  kind: LedgerKind;
  /** Transaction id, or plan key. */
  id: string;
  /** Kind, type, last four and amount (a plan: amount and frequency). */
  sameAs: string;
  amount: string;
  lastFour?: string;
  invoice?: string;
}

/** A capture is its auth's follow-on (the gateway refuses a second one), so only these charge. */
const CHARGE_TYPES: readonly CardTxType[] = ['SALE', 'AUTH', 'FORCED SALE'];

const dollars = (cents: number): string => (cents / 100).toFixed(2);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export function moneyLedgerOf(state: SandboxState): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  const cards = state.slices.cards as CardsSlice | undefined;
  for (const tx of Object.values(cards?.transactions ?? {})) {
    if (tx.result !== 'APPROVED' || tx.voided) continue;
    const kind: LedgerKind | undefined = CHARGE_TYPES.includes(tx.type) ? 'charge' : tx.type === 'REFUND' ? 'refund' : undefined;
    if (!kind) continue;
    const amount = dollars(tx.amountCents);
    entries.push({ kind, id: tx.id, sameAs: `${kind} ${tx.type} card ${tx.card.lastFour} ${amount}`, amount, lastFour: tx.card.lastFour, invoice: text(tx.references.invoice) });
  }
  const ach = state.slices.ach as AchSlice | undefined;
  for (const tx of Object.values(ach?.transactions ?? {})) {
    if (tx.type !== 'Debit' || tx.status === 'Void') continue;
    entries.push({ kind: 'ach-debit', id: tx.id, sameAs: `ach-debit account ${tx.account.lastFour} ${tx.amount}`, amount: tx.amount, lastFour: tx.account.lastFour, invoice: text(tx.details.invoice) });
  }
  const customers = state.slices.customers as CustomersSlice | undefined;
  for (const plan of Object.values(customers?.plans ?? {})) {
    const amount = plan.fields['payment-amount'] ?? '';
    entries.push({ kind: 'plan', id: plan.planKey, sameAs: `plan ${amount} ${plan.fields.frequency ?? ''}`, amount });
  }
  return entries;
}
