// Batch counts and totals, always derived from the batch's own transactions:
// sales = SALE, FORCED SALE and CAPTURE; refunds = REFUND; voided and declined excluded;
// net = sales - refunds; total count = sales + refunds.

import { SALE_TYPES, type CardTransaction } from '../cardTransactions/cardState';

interface BatchTotals { salesCount: number; salesCents: number; refundCount: number; refundCents: number }

export function batchTotals(transactions: Iterable<CardTransaction>, batchId: string): BatchTotals {
  const totals: BatchTotals = { salesCount: 0, salesCents: 0, refundCount: 0, refundCents: 0 };
  for (const tx of transactions) {
    if (tx.batchId !== batchId || tx.voided || tx.result !== 'APPROVED') continue;
    if (SALE_TYPES.includes(tx.type)) {
      totals.salesCount += 1;
      totals.salesCents += tx.amountCents;
    } else if (tx.type === 'REFUND') {
      totals.refundCount += 1;
      totals.refundCents += tx.amountCents;
    }
  }
  return totals;
}
