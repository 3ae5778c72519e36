// The one redaction family. Every path that logs, stores or shows gateway data goes through
// here, so a key, a full card number, a CSC or a full bank account number cannot leak by one
// path forgetting a rule.

import type { Credentials } from './environment';
import { luhnValid } from './inputChecks';
import { decodePercentSafely } from './percentDecoding';

export const REDACTED = '[REDACTED]';

/** The keys among `credentials`: the values redaction removes wherever they appear. */
export function credentialSecrets(credentials: Credentials | undefined): string[] {
  return [credentials?.apiKey, credentials?.accessKey].filter((s): s is string => !!s);
}

type FieldRule = 'remove' | 'account' | 'csc';

/** Field and header names (lower-cased) whose values are never shown, and how to hide them. */
const FIELD_RULES: Readonly<Record<string, FieldRule>> = {
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

/**
 * Identifier fields whose long numeric values are ids, not card numbers (a token id can pass
 * Luhn by chance; masking it would make the token unusable in results), and the digit runs
 * inside an exchange id (`ID-clearent-cgw-1-1650386640436-0-1228863`).
 */
const IDENTIFIER_CONTEXT =
  /(?:["<]|^|[\s?&;,{])(token-id|tokenid|merchant-legacy-token-id|trace-number|exchange-id|merchantnumber|merchant-number|merchant-id|merchantid|terminal-id|hierarchynodekey)["']?>?\s*[:=]?\s*["']?$|\bID-[\w-]*-$/i;

function fieldNamesPattern(): string {
  return Object.keys(FIELD_RULES)
    .map((name) => name.replace(/[-_]/g, (c) => '\\' + c))
    .join('|');
}

const NAMES = fieldNamesPattern();
const JSON_FIELD = new RegExp(`((["'])(${NAMES})\\2\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*'|-?\\d+)`, 'gi');
const XML_FIELD = new RegExp(`(<(${NAMES})(?:\\s[^>]*)?>)([^<]*)(</\\2\\s*>)`, 'gi');
const QUERY_FIELD = new RegExp(`((?:^|[?&;,\\s])(${NAMES})=)([^&\\s#;,"']*)`, 'gim');
const HEADER_FIELD = new RegExp(`((?:^|[\\s,{;(])(${NAMES})\\s*:[ \\t]*)((?:(?:Bearer|Basic)\\s+)?[^\\s,;}"']+)`, 'gim');
const DIGIT_RUN = /\d+(?:[ -]\d+)*/g;
/**
 * Literals shaped like live or test secret keys of common payment APIs (`sk_live_…`,
 * `rk_test_…`), wherever they appear: a key pasted into a query or a body is not ours to show.
 */
const KEY_LITERAL = /\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{6,}/g;

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

function hideByRule(rule: FieldRule, value: string): string {
  if (rule === 'remove') return REDACTED;
  if (rule === 'csc') return '***';
  return maskAccount(value);
}

function ruleOf(name: string): FieldRule {
  return FIELD_RULES[name.toLowerCase()] ?? 'remove';
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function removeSecrets(text: string, secrets: readonly string[]): string {
  const withoutLiterals = text.replace(KEY_LITERAL, REDACTED);
  if (withoutLiterals !== text) text = withoutLiterals;
  const variants = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    variants.add(secret);
    variants.add(encodeURIComponent(secret));
    variants.add(JSON.stringify(secret).slice(1, -1));
  }
  if (variants.size === 0) return text;
  const ordered = [...variants].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return text.replace(new RegExp(ordered.join('|'), 'g'), REDACTED);
}

function redactFields(text: string): string {
  return text
    .replace(JSON_FIELD, (_m, head: string, quote: string, name: string, value: string) => {
      const quoted = value.startsWith('"') || value.startsWith("'");
      const inner = quoted ? value.slice(1, -1) : value;
      return `${head}${quote}${hideByRule(ruleOf(name), inner)}${quote}`;
    })
    .replace(XML_FIELD, (_m, open: string, name: string, value: string, close: string) =>
      open + hideByRule(ruleOf(name), value.trim()) + close)
    .replace(QUERY_FIELD, (_m, head: string, name: string, value: string) =>
      head + hideByRule(ruleOf(name), decodePercentSafely(value)))
    .replace(HEADER_FIELD, (_m, head: string, name: string, value: string) => head + hideByRule(ruleOf(name), value));
}

/**
 * Masks card numbers: within each run of digit groups (separated by single spaces or dashes),
 * any window of whole groups holding 13-19 digits that passes Luhn is masked to its last four.
 */
function maskCardNumbers(text: string): string {
  return text.replace(DIGIT_RUN, (run: string, offset: number) => {
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
  });
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

/**
 * Removes key values (every string in `secrets`, and values of api-key, AccessKey and
 * Authorization headers or fields), masks card numbers and account numbers to their last
 * four, and replaces CSC values with `***`. Works on JSON, XML, query strings, header blocks
 * and free text alike.
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  return maskCardNumbers(redactFields(removeSecrets(text, secrets)));
}

function redactString(key: string | undefined, value: string, secrets: readonly string[]): string {
  const rule = key === undefined ? undefined : FIELD_RULES[key.toLowerCase()];
  if (rule) return hideByRule(rule, value);
  const withoutSecrets = removeSecrets(value, secrets);
  const isId = key !== undefined && IDENTIFIER_CONTEXT.test(`"${key}":"`);
  return isId ? redactFields(withoutSecrets) : maskCardNumbers(redactFields(withoutSecrets));
}

function redactNode(key: string | undefined, value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactString(key, value, secrets);
  if (typeof value === 'number' || typeof value === 'bigint') {
    const rule = key === undefined ? undefined : FIELD_RULES[key.toLowerCase()];
    if (rule) return hideByRule(rule, String(value));
    const text = String(value);
    return maskCardNumbers(text) === text ? value : maskCardNumbers(text);
  }
  if (Array.isArray(value)) return value.map((item) => redactNode(key, item, secrets));
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = redactNode(k, v, secrets);
    return out;
  }
  return value;
}

/** Deep redaction of a parsed body (JSON value or XML object): same rules as `redact`. */
export function redactValue<T>(value: T, secrets: readonly string[] = []): T {
  return redactNode(undefined, value, secrets) as T;
}
