// A card token id in a request's `card` field is digits a card number could be (Luhn passes by
// chance for one in ten), so history's redaction masks it like a card, and a re-run of a token
// sale then asks for a card instead of charging the token. The gateway's answer names the token
// it charged (`token-id`): those ids, and only ones shaped like a token id (never a card number's
// shape, so an answer cannot make history keep a card), are what history keeps. Pure.
import { TOKEN_ID_PATTERN } from '../../catalog/localSandbox/tokenIds';

/** The `token-id` values of a parsed answer that have a token id's shape. */
export function tokenIdsIn(answer: unknown): string[] {
  const found = new Set<string>();
  const queue: unknown[] = [answer];
  // Bounded: an answer is walked once, breadth-first, and stops at a few thousand nodes.
  for (let seen = 0; queue.length && seen < 5000; seen++) {
    const node = queue.shift();
    if (Array.isArray(node)) queue.push(...(node as unknown[]));
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'token-id' && (typeof value === 'string' || typeof value === 'number') && TOKEN_ID_PATTERN.test(String(value))) found.add(String(value));
        else if (typeof value === 'object') queue.push(value);
      }
    }
  }
  return [...found];
}

/**
 * `redact` applied to `text` with `ids` left as they are: each is set aside under a marker
 * redaction does not touch, and put back after.
 */
export function redactKeeping(text: string, ids: readonly string[], redact: (text: string) => string): string {
  const kept = ids.filter((id) => TOKEN_ID_PATTERN.test(id) && text.includes(id));
  if (kept.length === 0) return redact(text);
  const nonce = Math.random().toString(36).slice(2, 10);
  const marker = (i: number) => `token-kept-${nonce}-${String.fromCharCode(97 + i)}`;
  let hidden = text;
  kept.forEach((id, i) => { hidden = hidden.split(id).join(marker(i)); });
  let shown = redact(hidden);
  kept.forEach((id, i) => { shown = shown.split(marker(i)).join(id); });
  return shown;
}
