// Card and account numbers shown by their last four: where a card number can hide in text (runs
// of digit groups, Luhn-valid windows of 13-19 digits) and which digit runs are ids instead.
// One part of the redaction family (redaction.ts), which calls it for every text and leaf.

import { luhnValid } from './inputChecks';

/**
 * Identifier fields whose long numeric values are ids, not card numbers (a token id can pass
 * Luhn by chance; masking it would make the token unusable in results), and the digit runs
 * inside an exchange id (`ID-clearent-cgw-1-1650386640436-0-1228863`).
 */
export const IDENTIFIER_CONTEXT =
  /(?:["<]|^|[\s?&;,{])(token-id|tokenid|merchant-legacy-token-id|trace-number|exchange-id|merchantnumber|merchant-number|merchant-id|merchantid|terminal-id|hierarchynodekey)["']?>?\s*[:=]?\s*["']?$|\bID-[\w-]*-$/i;

/**
 * Where a card number can start: 13 digits in a row, single spaces or dashes allowed between
 * them. A run shorter than that (amounts, dates, most ids) is never looked at again.
 */
const PAN_START = /\d(?:[ -]?\d){12}/g;
/** The shortest text a card number fits in: 13 digits. */
export const PAN_MIN = 13;
/** The rest of a digit run from where PAN_START stopped. */
const RUN_REST = /\d*(?:[ -]\d+)*/y;

/** `XXXXXXXXXXXX1111`: every digit but the last four replaced. */
export function maskPan(pan: string): string {
  const digits = pan.replace(/\D/g, '');
  return 'X'.repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
}

/** Account numbers keep their last four; four or fewer digits are already a last-four. */
export function maskAccount(account: string): string {
  const chars = account.replace(/[\s-]/g, '');
  return chars.length <= 4 ? chars : 'X'.repeat(chars.length - 4) + chars.slice(-4);
}

/**
 * Masks card numbers: within each run of digit groups (separated by single spaces or dashes),
 * any window of whole groups holding 13-19 digits that passes Luhn is masked to its last four.
 */
export function maskCardNumbers(text: string): string {
  if (text.length < PAN_MIN) return text;
  PAN_START.lastIndex = 0;
  let found = PAN_START.exec(text);
  if (!found) return text;
  let out = '';
  let copied = 0;
  while (found) {
    // The leftmost start of 13 digits is the start of its run: any earlier digit of the run would have matched.
    const start = found.index;
    RUN_REST.lastIndex = start + found[0].length;
    RUN_REST.exec(text);
    const end = RUN_REST.lastIndex;
    out += text.slice(copied, start) + maskRun(text, text.slice(start, end), start);
    copied = end;
    PAN_START.lastIndex = end;
    found = PAN_START.exec(text);
  }
  return out + text.slice(copied);
}

/** One run of digit groups of `text` starting at `offset`, with every Luhn-valid 13-19 digit window of whole groups masked. */
function maskRun(text: string, run: string, offset: number): string {
  const parts = run.split(/([ -])/);
  const groups = parts.filter((_p, i) => i % 2 === 0);
  const separators = parts.filter((_p, i) => i % 2 === 1);
  const out: string[] = [];
  let i = 0;
  // An identifier keeps its own dash-joined digits; anything after a space is text again.
  if (IDENTIFIER_CONTEXT.test(text.slice(Math.max(0, offset - 48), offset))) {
    while (i < groups.length && (i === 0 || separators[i - 1] === '-')) out.push(groups[i] + (separators[i++] ?? ''));
  }
  while (i < groups.length) {
    const end = panWindowEnd(groups, i);
    if (end < 0) {
      out.push(groups[i] + (separators[i] ?? ''));
      i++;
      continue;
    }
    out.push(maskPan(groups.slice(i, end + 1).join('')) + (separators[end] ?? ''));
    i = end + 1;
  }
  return out.join('');
}

/** Index of the last group of the longest Luhn-valid 13-19 digit window starting at `start`, or -1. */
function panWindowEnd(groups: readonly string[], start: number): number {
  let digits = '';
  let end = -1;
  for (let j = start; j < groups.length; j++) {
    digits += groups[j];
    if (digits.length > 19) break;
    if (digits.length >= 13 && luhnValid(digits)) end = j;
  }
  return end;
}
