// A card transaction as the gateway shows it: hyphenated fields, decimal strings, the card
// masked to its last four, booleans as "true"/"false" strings (but check-field-duplicate, a
// JSON boolean), unset fields omitted; what the request carried (addresses, sales tax,
// software) echoed as sent.

import type { LinkRef, SandboxRequest } from '../domain/domain';
import { fromCents } from '../domain/money';
import { gatewayTimestampOf } from '../domain/timestamps';
import { isBatchOpen, type BatchesSlice } from '../batches/batchState';
import type { CardTransaction } from './cardState';

export function transactionView(tx: CardTransaction, batches: BatchesSlice, merchant: SandboxRequest['merchant']): Record<string, unknown> {
  const settled = tx.batchId !== undefined && !isBatchOpen(batches, tx.batchId);
  const view: Record<string, unknown> = {
    id: tx.id,
    type: tx.type,
    amount: fromCents(tx.amountCents),
    result: tx.result,
    'result-code': tx.resultCode,
    'display-message': tx.displayMessage,
    card: `XXXXXXXXXXXX${tx.card.lastFour}`,
    'last-four': tx.card.lastFour,
    'card-type': tx.card.brand,
    'exp-date': tx.card.expDate,
    created: gatewayTimestampOf(tx.created),
    status: tx.result === 'APPROVED' ? 'Approved' : 'Declined',
    voided: String(tx.voided),
    settled: String(settled),
    pending: String(tx.result === 'APPROVED' && !settled),
    'merchant-id': merchant.merchantId,
    'terminal-id': merchant.terminalId,
  };
  // Object.assign rather than spreads in the literal: a spread literal takes V8's slow path,
  // and this view is built for every transaction answered. Echoes never share a name with the
  // fields above (cardRecords.ts ECHOED_FIELDS).
  Object.assign(view, tx.references, tx.echoes);
  // Records stored before email-receipt stopped being echoed (cardRecords.ts ECHOED_FIELDS) still
  // carry it; the answer leaves it out for them too.
  if (tx.echoes !== undefined && 'email-receipt' in tx.echoes) delete view['email-receipt'];
  if (tx.authorizationCode) view['authorization-code'] = tx.authorizationCode;
  if (tx.batchId) view['batch-string-id'] = tx.batchId;
  if (tx.tipCents > 0 || tx.tipAdjusted) view['tip-amount'] = fromCents(tx.tipCents);
  if (tx.tipAdjusted) {
    view['tip-adjusted'] = 'true';
    view['tip-adjusted-amount'] = fromCents(tx.tipCents);
  }
  if (tx.originalId) view['ref-id'] = tx.originalId;
  if (tx.card.tokenId) view['token-id'] = tx.card.tokenId;
  if (tx.avs) {
    view['avs-result-code'] = tx.avs.code;
    view['avs-result-code-description'] = tx.avs.description;
  }
  if (tx.csc) {
    view['csc-result-code'] = tx.csc.code;
    view['csc-result-code-description'] = tx.csc.description;
  }
  // A JSON boolean, as the community OpenAPI model types it (S3 TransactionModel; facts §2.4):
  // generated clients fail to decode a string. XML writes it as the text `true`.
  if (tx.duplicate !== undefined) view['check-field-duplicate'] = tx.duplicate;
  return view;
}

export function transactionLink(id: string): LinkRef {
  return { rel: 'transaction', href: `/rest/v2/transactions?id=${id}`, id };
}
