// The mobile slice: the secret the sandbox signs its mobile JWTs with, and every JWT it minted,
// by id, with the card it stands for (brand, last four, expiry: never the number) and whether
// it was charged. A JWT is a record of its own, so the journal saves one when it is minted or
// spent (docs/sandbox.md "Web and mobile payment tokens").

import { randomBytes } from 'node:crypto';
import { emptyTable } from '../domain/state';
import type { StoredCard } from '../cardTransactions/cardState';

export interface MintedJwt {
  card: StoredCard;
  /** ISO times on the sandbox clock. */
  issued: string;
  expires: string;
  /** When it was charged, and the transaction it made: a JWT is charged once. */
  used?: string;
  transactionId?: string;
}

export interface MobileSlice {
  /** HS256 key (hex) of the sandbox's mobile JWTs. */
  secret: string;
  jwts: Record<string, MintedJwt>;
}

export function initialMobileSlice(): MobileSlice {
  return { secret: randomBytes(32).toString('hex'), jwts: emptyTable() };
}
