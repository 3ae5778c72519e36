// What a card number looks like, written once: the input checks accept it (`checks.luhn`), the
// masker hides it (cardNumberMasking.ts, for every log line, result, history entry and report)
// and the Local sandbox keeps it out of its state. A number the editor accepts as a card is
// therefore always one that redaction masks.

/**
 * 12 to 19 digits. ISO/IEC 7812-1 lets a PAN have 8 to 19 digits, but payment cards use 12 to 19:
 * Maestro issues 12-digit numbers (the shortest), Visa 13/16/19, American Express 15, Diners 14.
 * Below 12 there is no card the gateway takes (its `card` is a PAN or a 17-20 digit token id),
 * and masking every Luhn-valid 8-11 digit run would hide amounts, dates, phone and order numbers.
 *
 * Between digit groups, one at a time and mixed as people type them: a space
 * (`4111 1111 1111 1111`), a dash (`4111-1111-…`) or a dot (`6011.1111.1111.1117`). The gateway
 * wants the digits alone; the masker hides every written form.
 */
export const CARD_NUMBER = {
  minDigits: 12,
  maxDigits: 19,
  separators: [
    { char: ' ', name: 'spaces' },
    { char: '-', name: 'dashes' },
    { char: '.', name: 'dots' },
  ],
} as const;

/** `[ \-.]`: one separator. */
const SEPARATOR = `[${CARD_NUMBER.separators.map((s) => s.char.replace(/[-\\\]^]/, '\\$&')).join('')}]`;
const SEPARATORS = new RegExp(SEPARATOR, 'g');
const DIGITS_ONLY = new RegExp(`^\\d{${CARD_NUMBER.minDigits},${CARD_NUMBER.maxDigits}}$`);
const WRITTEN = new RegExp(`^\\d+(?:${SEPARATOR}\\d+)+$`);

/** "spaces, dashes or dots", for messages. */
export const SEPARATOR_NAMES = CARD_NUMBER.separators.map((s) => s.name).join(', ').replace(/, (?=[^,]*$)/, ' or ');

/** Whether `text` is 12-19 digits and nothing else: a card number as the gateway takes it (the checksum aside). */
export function isCardNumberLength(text: string): boolean {
  return DIGITS_ONLY.test(text);
}

/** The digits of a card number written with separators (`4111 1111-1111.1111`); undefined when `text` is no such thing. */
export function digitsOfWrittenCardNumber(text: string): string | undefined {
  if (!WRITTEN.test(text)) return undefined;
  const digits = withoutCardSeparators(text);
  return isCardNumberLength(digits) ? digits : undefined;
}

/** `text` without the separators a card number may be written with. */
export function withoutCardSeparators(text: string): string {
  return text.replace(SEPARATORS, '');
}

/**
 * Where a card number can start in text: the shortest card's count of digits, a single separator
 * allowed between any two. A shorter run (amounts, dates, most ids) is never looked at again.
 * Written out (`\d[ .-]?\d[ .-]?\d…`) rather than as `\d(?:[ .-]?\d){11}`: the same matches,
 * and V8 scans for the written-out form faster. PERF(bench/resultBlocking.ts)
 */
export function cardNumberStart(flags: string): RegExp {
  return new RegExp(`\\d${`${SEPARATOR}?\\d`.repeat(CARD_NUMBER.minDigits - 1)}`, flags);
}

/** The rest of a run of digit groups from where `cardNumberStart` stopped (sticky: set `lastIndex` first). */
export function digitRunRest(): RegExp {
  return new RegExp(`\\d*(?:${SEPARATOR}\\d+)*`, 'y');
}
