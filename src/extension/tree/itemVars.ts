// The values a tree item hands to the operations of its menu, per item kind, from the record the
// gateway listed. Pure (no vscode) so a node test can hold every ITEM_ACTIONS row to it: each
// operation an item offers must produce a document that uses the item's ids.
import type { OperationVars } from '../contracts';
import { text, type GatewayRecord } from './responseReading';

export const ITEM_VARS = {
  cardTransaction: (record: GatewayRecord): OperationVars => {
    const id = text(record, 'id');
    return { id, transactionId: id };
  },
  // A stored card stands in for the card number and its expiry: a sale on a token charges the
  // token, never the sample's test card (body fields named like a var take its value).
  cardToken: (record: GatewayRecord): OperationVars => {
    const tokenId = text(record, 'token-id');
    const expDate = text(record, 'exp-date');
    return { tokenId, card: tokenId, ...(expDate ? { 'exp-date': expDate } : {}) };
  },
  // A customer gives its key to its own reads and to a new plan's body (`customer-key`).
  customer: (record: GatewayRecord): OperationVars => {
    const customerKey = text(record, 'customer-key');
    return { customerKey, 'customer-key': customerKey };
  },
  achTransaction: (record: GatewayRecord): OperationVars => {
    const id = text(record, 'id');
    return { id, achTransactionId: id, secCode: text(record, 'standard-entry-class-code') };
  },
} as const;
