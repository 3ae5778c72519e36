// Amounts as integer cents inside the sandbox, two-decimal strings on the wire, so totals
// never drift by floating-point error.

/** Cents of a decimal string such as "25.00" (two places required). */
export function toCents(amount: string): number {
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
