// Value checks named by the catalog (CheckName). One implementation shared by the language
// server, the extension and the sandbox, so all three agree on what is valid.

import type { CheckName } from '../../catalog/types';
import { CARD_NUMBER, digitsOfWrittenCardNumber, isCardNumberLength, SEPARATOR_NAMES, withoutCardSeparators } from './cardNumberShape';

/** A digit doubled as Luhn doubles it: 2d, less 9 above 9. */
const LUHN_DOUBLED = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9];

/**
 * Luhn (mod 10) over digits given one at a time, asked at any point whether the digits so far
 * pass: the masker asks it for every window of a run of digit groups as it extends one. From the
 * last digit every second one is doubled, so which are doubled changes with each new digit; two
 * running sums (even positions doubled, odd positions doubled) answer for either.
 */
export class LuhnSum {
  private evenDoubled = 0;
  private oddDoubled = 0;
  private count = 0;

  /** Starts again with no digits. */
  reset(): void {
    this.evenDoubled = 0;
    this.oddDoubled = 0;
    this.count = 0;
  }

  add(digit: number): void {
    const even = this.count % 2 === 0;
    this.evenDoubled += even ? LUHN_DOUBLED[digit] : digit;
    this.oddDoubled += even ? digit : LUHN_DOUBLED[digit];
    this.count++;
  }

  /** With n digits, those at n's parity are an odd distance from the last: the doubled ones. */
  passes(): boolean {
    return (this.count % 2 === 0 ? this.evenDoubled : this.oddDoubled) % 10 === 0;
  }
}

/** Luhn (mod 10) checksum over a card number's digits (12-19: cardNumberShape.ts). */
export function luhnValid(pan: string): boolean {
  if (!isCardNumberLength(pan)) return false;
  const sum = new LuhnSum();
  for (let i = 0; i < pan.length; i++) sum.add(pan.charCodeAt(i) - 48);
  return sum.passes();
}

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];
const ABA_SHAPE = /^\d{9}$/;

/** ABA routing number: 9 digits whose 3-7-1 weighted sum is a multiple of 10. */
export function abaValid(routing: string): boolean {
  if (!ABA_SHAPE.test(routing)) return false;
  const sum = ABA_WEIGHTS.reduce((acc, weight, i) => acc + weight * (routing.charCodeAt(i) - 48), 0);
  return sum % 10 === 0;
}

/** A positive decimal string with exactly two fractional digits, e.g. "25.00". */
export function isAmount(s: string): boolean {
  return /^(0|[1-9]\d*)\.\d{2}$/.test(s) && Number(s) > 0;
}

/** Card brands by leading digits (IIN ranges), as the gateway names them in `card-type`. */
const BRAND_PREFIXES: ReadonlyArray<{ brand: string; pattern: RegExp }> = [
  { brand: 'AMERICAN EXPRESS', pattern: /^3[47]/ },
  { brand: 'DINERS CLUB', pattern: /^3(0[0-5]|[689])/ },
  { brand: 'JCB', pattern: /^35(2[89]|[3-8]\d)/ },
  { brand: 'VISA', pattern: /^4/ },
  { brand: 'MASTERCARD', pattern: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/ },
  { brand: 'DISCOVER', pattern: /^(6011|65|64[4-9]|622(12[6-9]|1[3-9]\d|[2-8]\d\d|9[01]\d|92[0-5]))/ },
];

/** The card brand of a PAN by its prefix, or undefined when no known brand matches. */
export function cardBrand(pan: string): string | undefined {
  const digits = withoutCardSeparators(pan);
  return BRAND_PREFIXES.find((entry) => entry.pattern.test(digits))?.brand;
}

/**
 * Whether `YYYY-MM-DD` names a day of the calendar: the date Date.UTC makes of its numbers is
 * written the same (a day or month past the end rolls over into another date). Years 0000-0099
 * come back as 1900-1999, so they fail too: no payment is dated then.
 */
function realDate(written: string, year: number, month: number, day: number): boolean {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === written;
}

const SEC_CODES = ['PPD', 'CCD', 'WEB', 'TEL'];

/** Each check returns an actionable message, or undefined when the value is valid. */
export const checks: Record<CheckName, (v: string) => string | undefined> = {
  luhn: (v) => {
    if (!isCardNumberLength(v)) {
      const written = digitsOfWrittenCardNumber(v);
      return written
        ? `not a valid card number: write its ${written.length} digits without ${SEPARATOR_NAMES}`
        : `not a valid card number: use ${CARD_NUMBER.minDigits} to ${CARD_NUMBER.maxDigits} digits with no ${SEPARATOR_NAMES}`;
    }
    return luhnValid(v) ? undefined : 'not a valid card number: the Luhn checksum fails (check for a mistyped digit)';
  },
  aba: (v) =>
    !ABA_SHAPE.test(v)
      ? 'not a valid routing number: use exactly 9 digits'
      : abaValid(v)
        ? undefined
        : 'not a valid routing number: the ABA checksum (3-7-1) fails (check for a mistyped digit)',
  amount: (v) =>
    isAmount(v) ? undefined : 'not a valid amount: write a positive decimal string with two places, e.g. "25.00"',
  expDate: (v) =>
    /^(0[1-9]|1[0-2])\d{2}$/.test(v) ? undefined : 'not a valid exp-date: write MMYY with month 01-12, e.g. "1228"',
  time: (v) => (/^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? undefined : 'not a valid time: write HH:MM in 24-hour form, e.g. "21:30"'),
  date: (v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return 'not a valid date: write YYYY-MM-DD, e.g. "2025-01-31"';
    return realDate(v, Number(m[1]), Number(m[2]), Number(m[3])) ? undefined : `not a valid date: ${v} does not exist in the calendar`;
  },
  secCode: (v) => (SEC_CODES.includes(v) ? undefined : `not a valid SEC code: use one of ${SEC_CODES.join(', ')}`),
  csc: (v) => (/^\d{3,4}$/.test(v) ? undefined : 'not a valid CSC: use the 3 or 4 digits printed on the card'),
  accountNumber: (v) => (/^\d{1,17}$/.test(v) ? undefined : 'not a valid account number: use 1 to 17 digits'),
  email: (v) =>
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? undefined : 'not a valid email address: write it like name@example.com',
  url: (v) => {
    let parsed: URL;
    try {
      parsed = new URL(v);
    } catch {
      return 'not a valid URL: write it like https://example.com/path';
    }
    if (parsed.protocol === 'https:') return undefined;
    const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(parsed.hostname);
    return parsed.protocol === 'http:' && loopback ? undefined : 'not a valid URL: use https (plain http only for localhost)';
  },
  year: (v) => (/^(19|20)\d{2}$/.test(v) ? undefined : 'not a valid year: write four digits, e.g. "2025"'),
  month: (v) => (/^(0[1-9]|1[0-2])$/.test(v) ? undefined : 'not a valid month: write two digits 01-12, e.g. "03"'),
  digits: (v) => (/^\d+$/.test(v) ? undefined : 'not a number: use digits only'),
};
