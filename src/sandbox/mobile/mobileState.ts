// The mobile slice: the secret the sandbox signs its mobile JWTs with, and every JWT it minted,
// by id, with what it stands for — a card (brand, last four, expiry) or a bank account (routing
// number, last four, type): never the card or account number — and whether it was charged. A
// JWT is a record of its own, so the journal saves one when it is minted or spent (docs/sandbox.md
// "Web and mobile payment tokens"). Receipts and signatures are kept by the transaction they
// belong to (docs/sandbox.md "Receipts, signatures and reader configuration").

import { randomBytes } from 'node:crypto';
import { emptyTable } from '../domain/state';
import type { StoredCard } from '../cardTransactions/cardState';
import type { StoredAccount } from '../ach/achState';

interface JwtLife {
  /** ISO times on the sandbox clock. */
  issued: string;
  expires: string;
  /** When it was charged, and the transaction it made: a JWT is charged once. */
  used?: string;
  transactionId?: string;
}

/** A card's JWT (`mobilejwt`): typed card data. Records saved before ACH JWTs are all of this kind. */
export interface CardJwt extends JwtLife { card: StoredCard }

/** A bank account's JWT (`achmobilejwt`): the account as the ACH slice may keep it. */
export interface AchJwt extends JwtLife { account: StoredAccount }

export type MintedJwt = CardJwt | AchJwt;

/** An e-mail receipt of a card transaction (none is mailed: the sandbox has no mail delivery). */
interface SentReceipt {
  transactionId: string;
  emailAddress: string;
  created: string;
}

/** A transaction's signature: the latest one sent (the SDK resends when an upload failed). */
interface StoredSignature {
  id: string;
  /** As the client wrote it ("yyyy-MM-dd HH:mm"), or the sandbox clock's time. */
  created: string;
  received: string;
  /** Size and SHA-256 of the decoded image: the image itself is not kept. */
  imageBytes: number;
  imageSha256: string;
}

export interface MobileSlice {
  /** HS256 key (hex) of the sandbox's mobile JWTs. */
  secret: string;
  jwts: Record<string, MintedJwt>;
  /** By receipt id; each names its transaction. Absent in states saved before receipts. */
  receipts?: Record<string, SentReceipt>;
  /** By transaction id. Absent in states saved before signatures. */
  signatures?: Record<string, StoredSignature>;
}

export function initialMobileSlice(): MobileSlice {
  return { secret: randomBytes(32).toString('hex'), jwts: emptyTable(), receipts: emptyTable(), signatures: emptyTable() };
}
