// The batch object on the wire: the interface's fields, plus the underscore spellings it
// says the response also carries.

import type { SandboxRequest } from '../domain/domain';
import { fromCents } from '../domain/money';
import { gatewayTimestampOf } from '../domain/timestamps';
import type { CardTransaction } from '../cardTransactions/cardState';
import type { BatchRecord } from './batchState';
import { batchTotals } from './batchTotals';

/** Hyphenated field → its underscore twin. */
const UNDERSCORE_TWINS: Readonly<Record<string, string>> = {
  'confirmation-code': 'confirmation_code',
  'net-amount': 'net_amount',
  'refund-count': 'refund_count',
  'refund-total': 'refund_total',
  'sales-count': 'sales_count',
  'sales-total': 'sales_total',
  'total-count': 'total_count',
};

export function batchView(batch: BatchRecord, transactions: Iterable<CardTransaction>, merchant: SandboxRequest['merchant']): Record<string, string> {
  const t = batchTotals(transactions, batch.id);
  const view: Record<string, string> = {
    id: batch.id,
    'merchant-id': merchant.merchantId,
    'terminal-id': merchant.terminalId,
    'terminal-name': merchant.terminalName,
    'date-opened': gatewayTimestampOf(batch.dateOpened),
    'switch-batch-id': batch.switchBatchId,
    'refund-count': String(t.refundCount),
    'refund-total': fromCents(t.refundCents),
    'sales-count': String(t.salesCount),
    'sales-total': fromCents(t.salesCents),
    'net-amount': fromCents(t.salesCents - t.refundCents),
    'total-count': String(t.salesCount + t.refundCount),
    status: batch.status,
  };
  // Unset fields are omitted, as the gateway omits nulls.
  if (batch.confirmationCode) view['confirmation-code'] = batch.confirmationCode;
  if (batch.settled) view.settled = gatewayTimestampOf(batch.settled);
  for (const [hyphen, underscore] of Object.entries(UNDERSCORE_TWINS)) {
    if (hyphen in view) view[underscore] = view[hyphen];
  }
  return view;
}
