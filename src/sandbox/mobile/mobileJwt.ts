// Mobile JWTs: real three-part JWTs (RFC 7519, HS256 over the sandbox's own secret) that a
// client can decode. Their claims say which card they stand for (brand, last four, expiry) and
// until when; the sandbox keeps each one's id to accept it once.

import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { ErrorAnswer, type SandboxClock } from '../domain/domain';
import { isoTime } from '../domain/timestamps';
import type { StoredCard } from '../cardTransactions/cardState';
import type { MintedJwt, MobileSlice } from './mobileState';

/** Not published by any source; the sandbox's decision (docs/sandbox.md). */
const JWT_LIFETIME_MS = 10 * 60_000;

// docs/gateway-facts.md lists one result code for credential problems (042 Unauthorized).
const UNAUTHORIZED = '042';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function signature(secret: string, signed: string): string {
  return createHmac('sha256', Buffer.from(secret, 'hex')).update(signed).digest('base64url');
}

export function mintJwt(slice: MobileSlice, clock: SandboxClock, card: StoredCard): { jwt: string; record: MintedJwt } {
  const jti = randomUUID();
  const now = clock.nowMs();
  const expires = now + JWT_LIFETIME_MS;
  const claims = {
    iss: 'gateway-workbench-sandbox', jti, iat: Math.floor(now / 1000), exp: Math.floor(expires / 1000),
    'card-type': card.brand, 'last-four': card.lastFour, 'exp-date': card.expDate,
  };
  const signed = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const record: MintedJwt = { card, issued: isoTime(new Date(now)), expires: isoTime(new Date(expires)) };
  slice.jwts[jti] = record;
  return { jwt: `${signed}.${signature(slice.secret, signed)}`, record };
}

function refused(message: string): ErrorAnswer {
  return new ErrorAnswer(401, UNAUTHORIZED, `Unauthorized: ${message}`);
}

/**
 * The minted, unspent, unexpired JWT `jwt` is, with its id; anything else is refused with 401 042
 * saying which (missing, not this sandbox's, altered, expired, already used).
 */
export function acceptJwt(slice: MobileSlice, clock: SandboxClock, jwt: string | undefined): { jti: string; record: MintedJwt } {
  if (!jwt) throw refused('the mobilejwt header is missing. Send payload["mobile-jwt"].jwt from POST /rest/v2/mobilejwt/manual.');
  const parts = jwt.split('.');
  if (parts.length !== 3) throw refused('the mobilejwt header is not a JWT (three dot-separated parts).');
  const [head, body, sig] = parts;
  const expected = Buffer.from(signature(slice.secret, `${head}.${body}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw refused('the mobilejwt was not issued by this sandbox or was altered (its signature does not match).');
  }
  let claims: { jti?: unknown };
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { jti?: unknown };
  } catch {
    throw refused('the mobilejwt claims are not JSON.');
  }
  const jti = typeof claims.jti === 'string' ? claims.jti : '';
  const record = Object.prototype.hasOwnProperty.call(slice.jwts, jti) ? slice.jwts[jti] : undefined;
  if (!record) throw refused('the mobilejwt is not one this sandbox issued (was the sandbox reset?).');
  if (record.used) throw refused(`the mobilejwt was already used (${record.used}, transaction ${record.transactionId ?? 'declined'}); a token is charged once: tokenize the card again.`);
  if (clock.nowMs() >= Date.parse(record.expires)) {
    throw refused(`the mobilejwt expired at ${record.expires} (sandbox clock ${isoTime(clock.now())}); tokens live ${JWT_LIFETIME_MS / 60_000} minutes: tokenize the card again.`);
  }
  return { jti, record };
}
