// Card and account numbers shown by their last four: where a card number can hide in text (runs
// of digit groups, Luhn-valid windows of whole groups as long as a card number: cardNumberShape.ts)
// and which digit runs are ids instead. One part of the redaction family (redaction.ts), which
// calls it for every text and leaf.

import { CARD_NUMBER, cardNumberStart, digitRunRest } from '../checks/cardNumberShape';
import { LuhnSum } from '../checks/inputChecks';

/**
 * Identifier fields whose long numeric values are ids, not card numbers (a token id can pass
 * Luhn by chance; masking it would make the token unusable in results), and the digit runs
 * inside an exchange id (`ID-clearent-cgw-1-1650386640436-0-1228863`).
 */
export const IDENTIFIER_CONTEXT =
  /(?:["<]|^|[\s?&;,{])(token-id|tokenid|merchant-legacy-token-id|trace-number|exchange-id|merchantnumber|merchant-number|merchant-id|merchantid|terminal-id|hierarchynodekey)["']?>?\s*[:=]?\s*["']?$|\bID-[\w-]*-$/i;

/** Where a card number can start: the shortest card's digits, single separators allowed between them. */
const PAN_START = cardNumberStart('g');
/** The shortest text a card number fits in. */
export const PAN_MIN = CARD_NUMBER.minDigits;
/** The rest of a digit run from where PAN_START stopped. */
const RUN_REST = digitRunRest();
/** How far back an identifier's name is looked for: the longest name, quoted, with room for `" : "`. */
const IDENTIFIER_LOOKBACK = 48;
/** What joins an identifier's own digits (`…-cgw-1-1650386640436-0-1228863`): a space or a dot after an id starts text again. */
const IDENTIFIER_JOINER = '-';

/**
 * A UUID (an order id, a request id) at `lastIndex`: its digit groups, dashed, can make a
 * Luhn-valid run of card length. No hex digit on either side (that would make a group too
 * long); a dash may join it to a word (`order-…`, `…-01`).
 */
const UUID_AT = /(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])/iy;
const UUID_LENGTH = 36;
const HEX_OR_DASH = /[0-9a-f-]/i;

/** Whether `text[start, end)` lies inside a UUID: no card is written as one, and masking part of it breaks the id. */
function insideUuid(text: string, start: number, end: number): boolean {
  // A UUID around the run is hex digits and dashes up to it: it starts no earlier than they do (a card in prose: at the run).
  let from = start;
  while (from > 0 && HEX_OR_DASH.test(text[from - 1])) from--;
  for (let at = Math.max(from, end - UUID_LENGTH); at <= start; at++) {
    UUID_AT.lastIndex = at;
    if (UUID_AT.test(text)) return true;
  }
  return false;
}

/**
 * Keys, signatures, hashes and tokens written as one long word of letters and digits (a hex HPP
 * key of 248 characters, a hex DER signature, a JWT's base64url parts) hold digit runs that can
 * pass Luhn: about one such key in fifteen did, and masking it broke the key. A run glued to a
 * letter inside a word at least this long is that word's, not a card's; a short word
 * (`PAN4111111111111111`) is still masked.
 */
const LONG_WORD = 40;
const WORD_CHAR = /[A-Za-z0-9_+/=]/;
const LETTER = /[A-Za-z]/;

function insideLongWord(text: string, start: number, end: number): boolean {
  const gluedLeft = start > 0 && LETTER.test(text[start - 1]);
  const gluedRight = end < text.length && LETTER.test(text[end]);
  if (!gluedLeft && !gluedRight) return false;
  // The run itself must be digits only: separators inside it make it no part of one word.
  for (let i = start; i < end; i++) if (!WORD_CHAR.test(text[i])) return false;
  let from = start;
  while (from > 0 && WORD_CHAR.test(text[from - 1])) from--;
  let to = end;
  while (to < text.length && WORD_CHAR.test(text[to])) to++;
  return to - from >= LONG_WORD;
}

/** `XXXXXXXXXXXX1111`: every digit but the last four replaced. */
export function maskPan(pan: string): string {
  const digits = pan.replace(/\D/g, '');
  return 'X'.repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
}

/** Account numbers keep their last four; four or fewer digits are already a last-four. */
export function maskAccount(account: string): string {
  const chars = account.replace(/[\s-]/g, '');
  return 'X'.repeat(Math.max(0, chars.length - 4)) + chars.slice(-4);
}

/** Where a card number stands in a text: `text.slice(start, end)` is its digits and the separators between them. */
interface CardNumberSpan {
  start: number;
  end: number;
}

/**
 * Every card number in `text`: within each run of digit groups (separated by single spaces,
 * dashes or dots), every window of whole groups that is a card number (12-19 digits passing
 * Luhn), overlapping windows as one. `identifierFirst`: the text is an identifier field's value,
 * so a run at its very start is the id's (as the text after `"token-id":"` is). What
 * maskCardNumbers masks, for a caller that puts something else there (the code generator: a
 * parameter the program reads from its environment).
 */
export function cardNumberSpans(text: string, identifierFirst = false): CardNumberSpan[] {
  const spans: CardNumberSpan[] = [];
  if (text.length < PAN_MIN) return spans;
  PAN_START.lastIndex = 0;
  let found = PAN_START.exec(text);
  while (found) {
    // The leftmost start of a card's digits is the start of its run: any earlier digit of the run would have matched.
    const start = found.index;
    RUN_REST.lastIndex = start + found[0].length;
    RUN_REST.exec(text);
    const end = RUN_REST.lastIndex;
    if (!insideUuid(text, start, end) && !insideLongWord(text, start, end)) spans.push(...cardWindows(text, start, end, identifierFirst));
    PAN_START.lastIndex = end;
    found = PAN_START.exec(text);
  }
  return spans;
}

/** Masks card numbers (cardNumberSpans) to their last four. */
export function maskCardNumbers(text: string, identifierFirst = false): string {
  const spans = cardNumberSpans(text, identifierFirst);
  if (spans.length === 0) return text;
  let out = '';
  let copied = 0;
  for (const { start, end } of spans) {
    out += text.slice(copied, start) + maskPan(text.slice(start, end));
    copied = end;
  }
  return out + text.slice(copied);
}

/** A run of digit groups taken apart: its digits, where each group ends among them, and the separator after each. */
interface Run {
  digits: string;
  ends: number[];
  separators: string[];
}

/** `text` is digit groups and one separator between each two (what PAN_START and RUN_REST match); a loop over its characters is twice as fast as split and match. */
function runOf(text: string): Run {
  let digits = '';
  const ends: number[] = [];
  const separators: string[] = [];
  let groupStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) continue;
    digits += text.slice(groupStart, i);
    ends.push(digits.length);
    separators.push(text[i]);
    groupStart = i + 1;
  }
  digits += text.slice(groupStart);
  ends.push(digits.length);
  return { digits, ends, separators };
}

/** Where group `i` of a run starts among its digits. */
function groupStart(ends: readonly number[], i: number): number {
  return i === 0 ? 0 : ends[i - 1];
}

/**
 * The card numbers of the run of digit groups `text[start, end)`, as spans of `text`. Every
 * window of whole groups that is a card number is one; windows that overlap are one span,
 * showing one last four when masked: a card beside digit groups that make another card number
 * with part of it shows no more than four of its digits, while two cards side by side keep a
 * last four each. After an identifier's name, the run's first group and the groups dashed to it
 * are the id's and kept; that is only looked at when the run holds a card number at all (most
 * runs hold none).
 */
function cardWindows(text: string, start: number, end: number, identifierFirst: boolean): CardNumberSpan[] {
  const run = runOf(text.slice(start, end));
  const { ends, separators } = run;
  const longest = longestCards(run);
  if (!longest.some((last) => last >= 0)) return [];
  let first = 0;
  if ((identifierFirst && start === 0) || IDENTIFIER_CONTEXT.test(text.slice(Math.max(0, start - IDENTIFIER_LOOKBACK), start))) {
    do first++;
    while (first < ends.length && separators[first - 1] === IDENTIFIER_JOINER);
  }
  // Group k of the run starts at its digits' start plus the k separators before it.
  const groupAt = (k: number): number => start + groupStart(ends, k) + k;
  const windows: CardNumberSpan[] = [];
  // The furthest group reached by a card number starting at or before the current group.
  let reach = -1;
  for (let i = first; i < ends.length; ) {
    reach = Math.max(reach, longest[i]);
    let last = i;
    while (reach > last) reach = Math.max(reach, longest[++last]);
    if (reach >= i) windows.push({ start: groupAt(i), end: start + ends[last] + last });
    i = last + 1;
  }
  return windows;
}

/** For each group of a run: the last group of the longest card number (12-19 digits passing Luhn) of whole groups starting there, or -1. */
function longestCards({ digits, ends }: Run): number[] {
  const longest: number[] = [];
  const sum = new LuhnSum();
  for (let start = 0; start < ends.length; start++) {
    longest.push(-1);
    sum.reset();
    const from = groupStart(ends, start);
    for (let end = start; end < ends.length && ends[end] - from <= CARD_NUMBER.maxDigits; end++) {
      for (let k = groupStart(ends, end); k < ends[end]; k++) sum.add(digits.charCodeAt(k) - 48);
      if (ends[end] - from >= CARD_NUMBER.minDigits && sum.passes()) longest[start] = end;
    }
  }
  return longest;
}
