// The values a tree item hands to the operations of its menu, per item kind, from the record the
// gateway listed. Pure (no vscode) so a node test can hold every ITEM_ACTIONS row to it: each
// operation an item offers must produce a document that uses the item's ids.
import type { OperationVars } from '../contracts';
import { text, type GatewayRecord } from './responseReading';

/** A stored card stands in for the card number and its expiry (a customer's token too). */
function cardTokenVars(record: GatewayRecord): OperationVars {
  const tokenId = text(record, 'token-id');
  const expDate = text(record, 'exp-date');
  return { tokenId, card: tokenId, ...(expDate ? { 'exp-date': expDate } : {}) };
}

export const ITEM_VARS = {
  cardTransaction: (record: GatewayRecord): OperationVars => {
    const id = text(record, 'id');
    return { id, transactionId: id };
  },
  // A stored card stands in for the card number and its expiry: a sale on a token charges the
  // token, never the sample's test card (body fields named like a var take its value).
  cardToken: (record: GatewayRecord): OperationVars => cardTokenVars(record),
  // A customer gives its key to its own reads and to a new plan's body (`customer-key`).
  customer: (record: GatewayRecord): OperationVars => {
    const customerKey = text(record, 'customer-key');
    return { customerKey, 'customer-key': customerKey };
  },
  // A customer's token: a new plan needs both the customer's key and the token (`token-id`).
  customerToken: (customerKey: string, token: GatewayRecord): OperationVars => {
    const tokenId = text(token, 'token-id');
    return { ...cardTokenVars(token), customerKey, 'customer-key': customerKey, 'token-id': tokenId };
  },
  paymentPlan: (plan: GatewayRecord): OperationVars => {
    const customerKey = text(plan, 'customer-key');
    return { planKey: text(plan, 'plan-key'), customerKey, tokenId: text(plan, 'token-id') };
  },
  achTransaction: (record: GatewayRecord): OperationVars => {
    const id = text(record, 'id');
    return { id, achTransactionId: id, secCode: text(record, 'standard-entry-class-code') };
  },
} as const;
