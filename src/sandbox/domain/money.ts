// Amounts as integer cents inside the sandbox, two-decimal strings on the wire, so totals
// never drift by floating-point error; one maximum for every amount (sale, tip, ACH).

import { ErrorAnswer } from './domain';

/** 999999.99: the largest amount, tip or total the sandbox takes. */
export const MAX_AMOUNT_CENTS = 99_999_999;
const AMOUNT_MAXIMUM = '044';

/** Cents of a decimal string such as "25.00" (two places required). */
function toCents(amount: string): number {
  const m = /^(\d+)\.(\d{2})$/.exec(amount);
  if (!m) throw new RangeError(`Not an amount with two decimal places: ${amount}`);
  return Number(m[1]) * 100 + Number(m[2]);
}

/** "25.00" from 2500. */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A non-negative two-place decimal string (a tip may be "0.00"). */
export function isMoney(value: string): boolean {
  return /^(0|[1-9]\d*)\.\d{2}$/.test(value);
}

/** The 400 `044` answer for an amount (or a total) above the maximum. */
export function amountMaximumError(what: string): ErrorAnswer {
  return new ErrorAnswer(400, AMOUNT_MAXIMUM, `Amount Maximum: ${what} is above the sandbox maximum of ${fromCents(MAX_AMOUNT_CENTS)}.`);
}

/**
 * Cents of a two-place decimal string, refusing (400 `044`) one above the maximum before any
 * arithmetic, so a 25-digit amount never meets floating point.
 */
export function boundedCents(amount: string, field: string): number {
  const whole = /^0*(\d*)\./.exec(amount)?.[1] ?? '';
  if (whole.length > String(Math.floor(MAX_AMOUNT_CENTS / 100)).length) throw amountMaximumError(`${field} ${amount}`);
  const cents = toCents(amount);
  if (cents > MAX_AMOUNT_CENTS) throw amountMaximumError(`${field} ${amount}`);
  return cents;
}
