// The card vault slice and the one way tokens are made (also used by sales with
// `create-token`). A token keeps brand, last four and expiry; never the number or CSC.

import { emptyTable } from '../domain/state';
import { randomInt } from 'node:crypto';
import { ErrorAnswer, type IdSource, type LinkRef, type SandboxClock } from '../domain/domain';
import { gatewayTimestampOf, isoTime } from '../domain/timestamps';

export interface StoredToken {
  tokenId: string;
  cardType: string;
  expDate: string;
  lastFour: string;
  /** Optional descriptive fields by wire name (description, customer-key, avs-address, avs-zip, status). */
  details: Record<string, string>;
  isDefault: boolean;
  /** AVS result of the address verified at creation (`require-avs`); absent when none was asked for. */
  avsResultCode?: string;
  created: string;
  updated: string;
  timesUsed: number;
}

export interface VaultSlice { tokens: Record<string, StoredToken> }

export function initialVaultSlice(): VaultSlice {
  return { tokens: emptyTable() };
}


export function storeToken(slice: VaultSlice, ids: IdSource, clock: SandboxClock,
  card: { brand: string; lastFour: string; expDate: string }, details: Record<string, string>, isDefault: boolean): StoredToken {
  const seq = String(ids.next('vault.token')).padStart(10, '0');
  const tokenId = `1${seq}${String(randomInt(0, 10_000)).padStart(4, '0')}${card.lastFour}`;
  const now = isoTime(clock.now());
  const token: StoredToken = {
    tokenId, cardType: card.brand, expDate: card.expDate, lastFour: card.lastFour,
    details, isDefault, created: now, updated: now, timesUsed: 0,
  };
  slice.tokens[tokenId] = token;
  return token;
}

export function tokenView(t: StoredToken, merchantId: string): Record<string, string> {
  return {
    'token-id': t.tokenId,
    'card-type': t.cardType,
    'exp-date': t.expDate,
    'last-four-digits': t.lastFour,
    status: 'Active',
    ...t.details,
    ...(t.avsResultCode ? { 'avs-result-code': t.avsResultCode } : {}),
    default: String(t.isDefault),
    created: gatewayTimestampOf(t.created),
    updated: gatewayTimestampOf(t.updated),
    'times-used': String(t.timesUsed),
    'token-status': 'Open',
    'merchant-id': merchantId,
  };
}

/** The link every answer that made or read a token carries. */
export function tokenLink(tokenId: string): LinkRef {
  return { rel: 'token', href: `/rest/v2/tokens/${tokenId}`, id: tokenId };
}

export function findToken(slice: VaultSlice, tokenId: string): StoredToken {
  const token = Object.prototype.hasOwnProperty.call(slice.tokens, tokenId) ? slice.tokens[tokenId] : undefined;
  if (!token) throw new ErrorAnswer(404, '404', `Not Found: no card token ${tokenId} in the vault. Create one with POST /rest/v2/tokens, or search with GET /rest/v2/tokens.`);
  return token;
}
