// The card-transaction slice. A stored transaction keeps the card's brand, last four and
// expiry only: the sandbox never needs (or keeps) the full number or the CSC.

import { emptyTable } from '../domain/state';

export type CardTxType = 'SALE' | 'AUTH' | 'CAPTURE' | 'FORCED SALE' | 'REFUND' | 'VOID';

export interface StoredCard {
  brand: string;
  lastFour: string;
  expDate: string;
  /** The vault token that was charged, when `card` was a token id. */
  tokenId?: string;
}

export interface CardTransaction {
  id: string;
  type: CardTxType;
  /** Total charged, tip included, in cents. */
  amountCents: number;
  tipCents: number;
  result: 'APPROVED' | 'DECLINED';
  resultCode: string;
  displayMessage: string;
  authorizationCode?: string;
  card: StoredCard;
  /** Open batch the approved transaction landed in. */
  batchId?: string;
  /** ISO time on the sandbox clock. */
  created: string;
  /** The transaction this one captures, refunds or voids. */
  originalId?: string;
  voided: boolean;
  tipAdjusted: boolean;
  /** An AUTH's CAPTURE, once captured. */
  capturedById?: string;
  /**
   * Transactions whose `originalId` is this one (captures, refunds, voids), oldest first, so a
   * refund finds earlier refunds without a scan. Absent on records saved before it existed.
   */
  childIds?: string[];
  /** Echoed reference fields (invoice, order-id, description, ...). */
  references: Record<string, string>;
  /** Other fields echoed as sent: billing, shipping, sales tax, client-ip, software-type... */
  echoes?: Record<string, unknown>;
  /** AVS and CSC results (docs/sandbox.md "AVS and CSC test values"), when address or CSC was sent. */
  avs?: { code: string; description: string };
  csc?: { code: string; description: string };
  /** The duplicate check found an earlier transaction like this one. */
  duplicate?: boolean;
}

export interface CardsSlice {
  /** By id; ids are increasing numeric strings, so key order is creation order. */
  transactions: Record<string, CardTransaction>;
}

export function initialCardsSlice(): CardsSlice {
  return { transactions: emptyTable() };
}

/** Types that count as sales in batch totals and can be refunded or tipped. */
export const SALE_TYPES: readonly CardTxType[] = ['SALE', 'FORCED SALE', 'CAPTURE'];
