// Mobile JWTs: real three-part JWTs (RFC 7519, HS256 over the sandbox's own secret) that a
// client can decode. Their claims say what they stand for (a card's brand, last four and expiry,
// or a bank account's routing number, last four and type) and until when; the sandbox keeps each
// one's id to accept it once, and only under the header of its kind.

import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ErrorAnswer, type SandboxClock } from '../domain/domain';
import { isoTime } from '../domain/timestamps';
import type { AchJwt, CardJwt, MintedJwt, MobileSlice } from './mobileState';

/** Not published by any source; the sandbox's decision (docs/sandbox.md). */
const JWT_LIFETIME_MS = 10 * 60_000;

// docs/gateway-facts.md lists one result code for credential problems (042 Unauthorized).
const UNAUTHORIZED = '042';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** The header each kind of JWT is presented in, with what it stands for and where it comes from and goes. */
interface JwtKinds { mobilejwt: CardJwt; achmobilejwt: AchJwt }
type JwtHeader = keyof JwtKinds;

const KINDS: { readonly [H in JwtHeader]: { is(r: MintedJwt): r is JwtKinds[H]; what: string; mint: string; charge: string } } = {
  mobilejwt: {
    is: (r): r is CardJwt => 'card' in r,
    what: 'a card', mint: 'POST /rest/v2/mobilejwt/manual', charge: '/rest/v2/mobile/transactions/{sale,refund}',
  },
  achmobilejwt: {
    is: (r): r is AchJwt => 'account' in r,
    what: 'a bank account', mint: 'POST /rest/v2/mobilejwt/ach', charge: '/rest/v2/ach/mobile/transactions/{debit,credit}',
  },
};

function signature(secret: string, signed: string): string {
  return createHmac('sha256', Buffer.from(secret, 'hex')).update(signed).digest('base64url');
}

/**
 * Mints a JWT for `subject` (a card or a bank account) whose claims carry `claims` besides the
 * registered ones; the record is kept under its id.
 */
export function mintJwt<R extends MintedJwt>(slice: MobileSlice, clock: SandboxClock, subject: Omit<R, 'issued' | 'expires'>,
  claims: Record<string, string>): { jwt: string; record: R } {
  const jti = randomUUID();
  const now = clock.nowMs();
  const expires = now + JWT_LIFETIME_MS;
  const all = { iss: 'gateway-workbench-sandbox', jti, iat: Math.floor(now / 1000), exp: Math.floor(expires / 1000), ...claims };
  const signed = `${HEADER}.${Buffer.from(JSON.stringify(all)).toString('base64url')}`;
  const record = { ...subject, issued: isoTime(new Date(now)), expires: isoTime(new Date(expires)) } as R;
  slice.jwts[jti] = record;
  return { jwt: `${signed}.${signature(slice.secret, signed)}`, record };
}

function refused(message: string): ErrorAnswer {
  return new ErrorAnswer(401, UNAUTHORIZED, `Unauthorized: ${message}`);
}

/**
 * The minted, unspent, unexpired JWT of `header`'s kind that the request presents in `header`,
 * with its id; anything else is refused with 401 042 saying which (missing, not this sandbox's,
 * altered, the other kind, expired, already used). A JWT of the other kind is not spent.
 */
export function acceptJwt<H extends JwtHeader>(slice: MobileSlice, clock: SandboxClock, header: H, headers: IncomingHttpHeaders): { jti: string; record: JwtKinds[H] } {
  const kind = KINDS[header];
  const sent: string | string[] | undefined = headers[header as string];
  const jwt = Array.isArray(sent) ? sent[0] : sent;
  if (!jwt) throw refused(`the ${header} header is missing. Send payload["mobile-jwt"].jwt from ${kind.mint}.`);
  const parts = jwt.split('.');
  if (parts.length !== 3) throw refused(`the ${header} header is not a JWT (three dot-separated parts).`);
  const [head, body, sig] = parts;
  const expected = Buffer.from(signature(slice.secret, `${head}.${body}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw refused(`the ${header} was not issued by this sandbox or was altered (its signature does not match).`);
  }
  let claims: { jti?: unknown };
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { jti?: unknown };
  } catch {
    throw refused(`the ${header} claims are not JSON.`);
  }
  const jti = typeof claims.jti === 'string' ? claims.jti : '';
  const record = Object.prototype.hasOwnProperty.call(slice.jwts, jti) ? slice.jwts[jti] : undefined;
  if (!record) throw refused(`the ${header} is not one this sandbox issued (was the sandbox reset?).`);
  if (!kind.is(record)) {
    const other = (Object.keys(KINDS) as JwtHeader[]).find((h) => KINDS[h].is(record)) ?? header;
    throw refused(`the ${header} header holds a JWT for ${KINDS[other].what}, not ${kind.what}: send it as ${other} to ${KINDS[other].charge}, or mint one for ${kind.what} with ${kind.mint}.`);
  }
  if (record.used) throw refused(`the ${header} was already used (${record.used}, transaction ${record.transactionId ?? 'declined'}); a token is charged once: tokenize ${kind.what} again.`);
  if (clock.nowMs() >= Date.parse(record.expires)) {
    throw refused(`the ${header} expired at ${record.expires} (sandbox clock ${isoTime(clock.now())}); tokens live ${JWT_LIFETIME_MS / 60_000} minutes: tokenize ${kind.what} again.`);
  }
  return { jti, record };
}
