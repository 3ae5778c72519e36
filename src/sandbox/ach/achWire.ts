// Stored ACH records as the gateway shows them: hyphenated names, string values, unset fields
// omitted, and the account number as its last four digits only.

import type { Answer } from '../domain/domain';
import type { AchTokenRecord, AchTransactionRecord, StoredAccount } from './achState';
import { gatewayTimestamp } from './achDates';

const stamp = (iso: string): string => gatewayTimestamp(new Date(iso));

function accountWire(a: StoredAccount): Record<string, string> {
  return {
    'routing-number': a.routingNumber,
    'account-number': a.lastFour,
    'account-type': a.accountType,
    ...(a.individualName ? { 'individual-name': a.individualName } : {}),
  };
}

/** Drops undefined members so absent fields are omitted, as the gateway does. */
function defined(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}

export function transactionWire(t: AchTransactionRecord): Record<string, unknown> {
  return defined({
    id: t.id,
    type: t.type,
    amount: t.amount,
    status: t.status,
    'status-change-date': stamp(t.statusChanged),
    created: stamp(t.created),
    'merchant-id': t.merchantId,
    'standard-entry-class-code': t.secCode,
    provider: t.provider,
    ...accountWire(t.account),
    'token-id': t.tokenId,
    'original-id': t.originalId,
    'reversal-id': t.reversalId,
    'trace-number': t.traceNumber,
    'settled-date': t.settledDate,
    'returned-date': t.returnedDate,
    'returned-code': t.returned?.code,
    'returned-message': t.returned?.message,
    ...t.details,
  });
}

export function tokenWire(t: AchTokenRecord): Record<string, unknown> {
  return defined({
    'token-id': t.tokenId,
    ...accountWire(t.account),
    'customer-key': t.customerKey,
    default: String(t.isDefault),
    'merchant-id': t.merchantId,
    created: stamp(t.created),
    updated: stamp(t.updated),
    'last-used': t.lastUsed ? stamp(t.lastUsed) : undefined,
    'times-used': String(t.timesUsed),
    'token-description': t.tokenDescription,
  });
}

/** The answer of every call that returns one ACH transaction. */
export function transactionAnswer(t: AchTransactionRecord): Answer {
  return {
    status: 200,
    payloadType: 'ach-transaction',
    payload: { 'ach-transaction': transactionWire(t) },
    links: [{ rel: 'ach-transaction', href: `/rest/v2/ach/transactions/${t.id}`, id: t.id }],
  };
}
