// What a seed from a stranger's repository is checked for before anything is made of it, and
// the card numbers it may carry in free text masked after: a seed is refused when it nests too
// deep, holds a too-long string, a non-finite number or a `__proto__`/`constructor`/`prototype`
// member, and no full card number it carries outside the fields that take one reaches the state.

import { redact } from '../../core/protection/redaction';
import { cardNumberStart, CARD_NUMBER, isCardNumberLength } from '../../core/checks/cardNumberShape';
import { cardBrand, luhnValid } from '../../core/checks/inputChecks';
import { pathOf, SEED_LIMITS, SeedError } from './seedDocument';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The JSON path of the members walked to, made only for an error. */
function pathThrough(members: ReadonlyArray<string | number>): string {
  return members.reduce<string>((path, m) => pathOf(path, m), '$');
}

/** Throws a SeedError at the first member past the limits. `members` is the way down to `value`. */
export function checkSeedShape(value: unknown, members: Array<string | number> = []): void {
  if (typeof value === 'string') {
    if (value.length > SEED_LIMITS.stringLength) throw new SeedError(pathThrough(members), `is a string of ${value.length} characters; a seed's strings are at most ${SEED_LIMITS.stringLength}`);
    return;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new SeedError(pathThrough(members), 'is not a finite number');
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (members.length >= SEED_LIMITS.depth) throw new SeedError(pathThrough(members), `nests deeper than ${SEED_LIMITS.depth} levels; a seed is a few levels deep`);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      members.push(i);
      checkSeedShape(value[i], members);
      members.pop();
    }
    return;
  }
  for (const key of Object.keys(value)) {
    members.push(key);
    if (FORBIDDEN_KEYS.has(key)) throw new SeedError(pathThrough(members), `"${key}" is not a member a seed may have`);
    checkSeedShape((value as Record<string, unknown>)[key], members);
    members.pop();
  }
}

/**
 * Members whose values are ids or numbers on purpose (a token id is 19 digits): kept as they are.
 * Their shapes are checked where they are read (seedRecords.ts).
 */
const ID_MEMBERS = new Set([
  'id', 'tokenId', 'originalId', 'capturedById', 'childIds', 'batchId', 'transactionId', 'customerKey', 'planKey', 'token-id',
  'customer-key', 'plan-key', 'traceNumber', 'merchantId', 'switchBatchId', 'confirmationCode', 'hierarchyNodeKey', 'merchantNumber',
  'routingNumber', 'authorizationCode', 'reversalId', 'imageSha256', 'last-payment-transaction-id',
]);

const LONG_DIGIT_RUN = cardNumberStart('');

function isCardNumber(value: string): boolean {
  return isCardNumberLength(value) && luhnValid(value) && cardBrand(value) !== undefined;
}

/**
 * Masks, in place, every card number written in free text anywhere in `value` (a description,
 * a customer's comments, an echoed field of a record), as the request pipeline does to bodies.
 */
export function maskFreeTextCardNumbers(value: unknown, key?: string): unknown {
  if (typeof value === 'string') {
    // An id member keeps its value, unless that value is a card number (a hostile seed's
    // `"token-id": "4111111111111111"` in an echo): Luhn-valid, of a known brand. The sandbox's
    // own ids are neither (token ids start with 1, which no brand does).
    if (key !== undefined && ID_MEMBERS.has(key)) return isCardNumber(value) ? redact(value) : value;
    return value.length >= CARD_NUMBER.minDigits && LONG_DIGIT_RUN.test(value) ? redact(value) : value;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = maskFreeTextCardNumbers(value[i], key);
    return value;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const k of Object.keys(record)) record[k] = maskFreeTextCardNumbers(record[k], k);
  }
  return value;
}
