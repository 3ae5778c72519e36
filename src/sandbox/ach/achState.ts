// The ACH module's slice of sandbox state: plain JSON, and never a full account number — only
// its last four digits plus the return outcome decided when the record was created.

import { emptyTable } from '../domain/state';
import type { AchReturnOutcome } from './achReturnRules';

/**
 * What every ACH transaction and ACH token id begins with, so that no ACH id is numeric or
 * reads as a card token (docs/sandbox.md, "Typed clients"). Records an older sandbox stored
 * keep their numeric ids.
 */
export const ACH_ID_PREFIX = 'ach-';

/** The serial in an ACH transaction id, old (`1000001`) or new (`ach-1000001`), for ordering. */
export function achIdSerial(id: string): number {
  return Number(id.startsWith(ACH_ID_PREFIX) ? id.slice(ACH_ID_PREFIX.length) : id);
}

export type AchStatus = 'Pending' | 'Settling' | 'Settled' | 'Returned' | 'Void';
export type AchType = 'Debit' | 'Credit';

/** The bank account as the sandbox may keep it. */
export interface StoredAccount {
  routingNumber: string;
  lastFour: string;
  accountType: string;
  individualName?: string;
  /** Decided from the full account number at creation (see achReturnRules.ts). */
  outcome: AchReturnOutcome;
}

export interface AchTransactionRecord {
  id: string;
  type: AchType;
  amount: string;
  status: AchStatus;
  secCode: string;
  provider: string;
  account: StoredAccount;
  merchantId: string;
  /** UTC instants, ISO 8601. */
  created: string;
  statusChanged: string;
  /** Optional business details echoed back as sent (invoice, order-id, billing, ...). */
  details: Record<string, unknown>;
  tokenId?: string;
  originalId?: string;
  reversalId?: string;
  traceNumber?: string;
  settledDate?: string;
  returnedDate?: string;
  returned?: { code: string; message: string };
}

export interface AchTokenRecord {
  tokenId: string;
  account: StoredAccount;
  customerKey?: string;
  tokenDescription?: string;
  isDefault: boolean;
  merchantId: string;
  created: string;
  updated: string;
  lastUsed?: string;
  timesUsed: number;
}

export interface AchSlice {
  /** Keyed by transaction id (numeric strings, so JSON keeps them in creation order). */
  transactions: Record<string, AchTransactionRecord>;
  tokens: Record<string, AchTokenRecord>;
}

export function initialAchSlice(): AchSlice {
  return { transactions: emptyTable(), tokens: emptyTable() };
}
