// Card numbers typed into free text (a description, an invoice, a customer key) are masked
// before any handler sees the body, so the sandbox never stores or echoes one: its state holds
// last fours only. Fields that carry a number on purpose reach the handlers as sent; they keep
// only what they need (brand and last four, an account's last four) or are ids.

import { CARD_NUMBER, cardNumberStart } from '../../core/checks/cardNumberShape';
import { redact } from '../../core/protection/redaction';

/** Lower-cased field names whose values are card or account numbers, CSCs or ids by design. */
const NUMBER_FIELDS = new Set([
  'card', 'account-number', 'accountnumber', 'csc', 'cvv', 'routing-number', 'authorization-code',
  'track2-data', 'emv-data', 'encrypted-track-data', 'key-serial-number',
  'id', 'original-id', 'token-id', 'merchant-id', 'merchantid', 'merchant-number', 'merchantnumber', 'terminal-id',
  'hierarchynodekey', 'trace-number',
]);

/** As many digits as the shortest card number, maybe grouped by single spaces, dashes or dots: what could hold one. */
const LONG_DIGIT_RUN = cardNumberStart('');

function copyOf(source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // defineProperty: a `__proto__` key stays a key instead of setting the copy's prototype.
  for (const k of Object.keys(source)) Object.defineProperty(out, k, { value: source[k], enumerable: true, writable: true, configurable: true });
  return out;
}

function maskNode(key: string | undefined, value: unknown): unknown {
  if (typeof value === 'string') {
    if (key !== undefined && NUMBER_FIELDS.has(key.toLowerCase())) return value;
    // Shorter than a card number, no run fits: most values (amounts, dates, names) skip the regex.
    return value.length >= CARD_NUMBER.minDigits && LONG_DIGIT_RUN.test(value) ? redact(value) : value;
  }
  if (Array.isArray(value)) {
    const items = value.map(item => maskNode(key, item));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (typeof value === 'object' && value !== null) {
    // Copied only once something in it changes: most bodies hold no long digit run at all.
    const source = value as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    for (const k in source) {
      const inner = source[k];
      const masked = maskNode(k, inner);
      if (masked === inner) continue;
      out ??= copyOf(source);
      Object.defineProperty(out, k, { value: masked, enumerable: true, writable: true, configurable: true });
    }
    return out ?? value;
  }
  return value;
}

/** The body with every card number (cardNumberShape.ts) in its free-text strings masked to the last four. */
export function maskCardNumbersInFreeText(body: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return maskNode(undefined, body) as Record<string, unknown> | undefined;
}
