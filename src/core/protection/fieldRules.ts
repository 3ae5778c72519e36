// Which fields' values redaction hides and how (a key removed, an account number to its last
// four, a CSC as `***`), and where such a field stands in text: JSON (also escaped inside a
// program's string literal), XML, a query, a header. Apart from the Redactor (redaction.ts), so
// the code generator finds the same values without carrying the whole redaction family.

import { maskAccount } from './cardNumberMasking';
import { decodePercentSafely } from '../codecs/percentDecoding';

export const REDACTED = '[REDACTED]';

export type FieldRule = 'remove' | 'account' | 'csc';

/** Field and header names (lower-cased) whose values are never shown, and how to hide them. */
export const FIELD_RULES: Readonly<Record<string, FieldRule>> = {
  'api-key': 'remove',
  api_key: 'remove',
  apikey: 'remove',
  accesskey: 'remove',
  'access-key': 'remove',
  authorization: 'remove',
  'device-api-key': 'remove',
  mobilejwt: 'remove',
  achmobilejwt: 'remove',
  'track2-data': 'remove',
  'encrypted-track-data': 'remove',
  'emv-data': 'remove',
  'account-number': 'account',
  accountnumber: 'account',
  csc: 'csc',
  cvv: 'csc',
};

/** The names as alternatives of a pattern: letters, digits, `-` and `_` stand for themselves there. */
const NAMES = Object.keys(FIELD_RULES).join('|');
/**
 * A quoted value's text, read two ways. First as a string literal that doubles backslashes but
 * keeps quotes writes it (a JavaScript '…' string, a Python """…""" string, a shell's printf
 * '…'): a backslash pair is one backslash of the JSON and starts a JSON escape with what follows,
 * so `"9\\"9"` is one value, which read as JSON would end after `9\\` and leave `9"` shown. Else
 * as JSON. The first reading differs only for a value ending in a backslash, which it hides up
 * to the next quote: for a field that holds card data, hiding more is the safe way to be wrong.
 */
const quotedValue = (q: string): string =>
  `${q}((?:[^${q}\\\\]|\\\\[^${q}\\\\]|\\\\\\\\(?:\\\\\\\\|\\\\${q}|\\\\[^${q}\\\\]|[^\\\\]))*)${q}|${q}((?:[^${q}\\\\]|\\\\.)*)${q}`;
/**
 * A JSON (or JS-like, single-quoted) field, or a PHP or Ruby array's entry (`'csc' => '999'`):
 * its head, then its value's text in double quotes (two ways), in single quotes (two ways), or
 * a number.
 */
const JSON_FIELD = new RegExp(`((["'])(${NAMES})\\2\\s*(?::|=>)\\s*)(?:${quotedValue('"')}|${quotedValue("'")}|(-?\\d+))`, 'gi');
/** The groups of JSON_FIELD's value: one of them matched. */
const JSON_VALUE_GROUPS = [4, 5, 6, 7, 8];
/**
 * The same field inside a string literal of a program, its quotes escaped (`\"csc\": \"999\"`:
 * Python, Java, Go, C# and PHP write a one-line JSON body so). The value's text is read one
 * escape level down: a backslash pair is one backslash of the JSON and starts a JSON escape with
 * the character after it, `\"` ends the value, and `\x…`, `\u…` are the language's escapes of
 * one character — so a quote inside the value (`\\\"`) does not end it.
 */
const escapedValue = (q: string): string => `\\\\${q}((?:[^${q}\\\\]|\\\\[^${q}\\\\]|\\\\\\\\(?:\\\\\\\\|\\\\${q}|\\\\[^${q}\\\\]|[^${q}\\\\]))*)\\\\${q}`;
const ESCAPED_JSON_FIELD = new RegExp(`(\\\\(["'])(${NAMES})\\\\\\2\\s*(?::|=>)\\s*)(?:${escapedValue('"')}|${escapedValue("'")}|(-?\\d+))`, 'gi');
const XML_FIELD = new RegExp(`(<(${NAMES})(?:\\s[^>]*)?>)([^<]*)(</\\2\\s*>)`, 'gi');
const QUERY_FIELD = new RegExp(`((?:^|[?&;,\\s])(${NAMES})=)([^&\\s#;,"']*)`, 'gim');
const HEADER_FIELD = new RegExp(`((?:^|[\\s,{;(])(${NAMES})\\s*:[ \\t]*)((?:(?:Bearer|Basic)\\s+)?[^\\s,;}"']+)`, 'gim');
/**
 * What each field rule needs after a name: a quote (JSON), a backslash (JSON in a string
 * literal), whitespace or `>` (XML), `=` (query), `:` or whitespace (header). One pass tells whether any of the four passes can match; a search
 * answer holds names like `authorization-code` in every row, never followed by one of these.
 */
export const FIELD_CONTEXT = new RegExp(`(?:${NAMES})["'\\s>=:\\\\]`, 'i');
/**
 * Literals shaped like live or test secret keys of common payment APIs (`sk_live_…`,
 * `rk_test_…`), wherever they appear: a key pasted into a query or a body is not ours to show.
 */
export const KEY_LITERAL = /\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{6,}/g;
/** The shortest text a field rule can match: a three-letter name (`csc`) and what follows it. */
export const FIELD_CONTEXT_MIN = 4;

/** A value hidden by its field's rule: a CSC as `***`, an account number by its last four, anything else removed. */
export function hideByRule(rule: FieldRule, value: string): string {
  if (rule === 'csc') return '***';
  if (rule === 'account') return maskAccount(value);
  return REDACTED;
}

/** The rule of a name the field patterns matched (one of FIELD_RULES' names, in any case). */
function ruleOf(name: string): FieldRule {
  return FIELD_RULES[name.toLowerCase()];
}

export function redactFields(text: string): string {
  if (!FIELD_CONTEXT.test(text)) return text;
  return text
    .replace(JSON_FIELD, (_m, head: string, quote: string, name: string, ...values: Array<string | undefined>) =>
      `${head}${quote}${hideByRule(ruleOf(name), values.slice(0, JSON_VALUE_GROUPS.length).find((v) => v !== undefined) ?? '')}${quote}`)
    // Escaped, a value's own escapes are no part of what an account number's last four shows.
    .replace(ESCAPED_JSON_FIELD, (_m, head: string, quote: string, name: string, doubleQuoted: string | undefined, singleQuoted: string | undefined, number: string) =>
      `${head}\\${quote}${hideByRule(ruleOf(name), (doubleQuoted ?? singleQuoted ?? number).replace(/[\\"']/g, ''))}\\${quote}`)
    // Spaces around an XML value are no part of it: the account rule drops them, the others replace the value whole.
    .replace(XML_FIELD, (_m, open: string, name: string, value: string, close: string) => open + hideByRule(ruleOf(name), value) + close)
    .replace(QUERY_FIELD, (_m, head: string, name: string, value: string) =>
      head + hideByRule(ruleOf(name), decodePercentSafely(value)))
    .replace(HEADER_FIELD, (_m, head: string, name: string, value: string) => head + hideByRule(ruleOf(name), value));
}

/** Where a field's value stands in a text, the field's name, and how redaction hides it. */
interface SecretFieldSpan {
  start: number;
  end: number;
  /** The field's name as written (`csc`, `account-number`); `key` for a key literal (`sk_live_…`). */
  name: string;
  rule: FieldRule;
}

/** The field patterns with the indices of their groups, and the groups that hold each one's value; made on first use. */
let spanPatterns: ReadonlyArray<{ pattern: RegExp; name: number; values: readonly number[] }> | undefined;

function spanPatternsOnce(): NonNullable<typeof spanPatterns> {
  spanPatterns ??= [
    { pattern: new RegExp(JSON_FIELD.source, 'gid'), name: 3, values: JSON_VALUE_GROUPS },
    { pattern: new RegExp(ESCAPED_JSON_FIELD.source, 'gid'), name: 3, values: [4, 5, 6] },
    { pattern: new RegExp(XML_FIELD.source, 'gid'), name: 2, values: [3] },
    { pattern: new RegExp(QUERY_FIELD.source, 'gimd'), name: 2, values: [3] },
    { pattern: new RegExp(HEADER_FIELD.source, 'gimd'), name: 2, values: [3] },
  ];
  return spanPatterns;
}

/**
 * The values redaction hides by their field's rule (a key, a CSC, an account number, track
 * data…) and the key literals, as spans of `text`, in order, none overlapping: what redactFields
 * and removeSecrets change, for a caller that puts something else there (the code generator: a
 * parameter the program reads from its environment).
 */
export function secretFieldSpans(text: string): SecretFieldSpan[] {
  const spans: SecretFieldSpan[] = [];
  if (FIELD_CONTEXT.test(text)) {
    for (const { pattern, name, values } of spanPatternsOnce()) {
      for (const match of text.matchAll(pattern)) {
        const at = values.find((group) => match[group] !== undefined);
        const range = at === undefined ? undefined : match.indices?.[at];
        if (range && range[1] > range[0]) spans.push({ start: range[0], end: range[1], name: match[name], rule: ruleOf(match[name]) });
      }
    }
  }
  for (const match of text.matchAll(KEY_LITERAL)) spans.push({ start: match.index, end: match.index + match[0].length, name: 'key', rule: 'remove' });
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  let reached = 0;
  return spans.filter((span) => {
    if (span.start < reached) return false;
    reached = span.end;
    return true;
  });
}
