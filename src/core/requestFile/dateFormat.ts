// Dates as REST Client writes them in system variables (`{{$datetime "MM-DD-YYYY hh:mm A" -7 d}}`):
// Day.js's format tokens and offset units, in UTC or the sending machine's zone. Written here
// rather than bundling Day.js: the request runner fills variables in the activation bundle,
// which carries no third-party code (test/extension-rules/activationBundle.test.ts), and these
// are a table of a few getters. test/core/systemVariables.test.ts holds them to Day.js's output.
import type { Offset } from './systemVariables';

type Zone = 'utc' | 'local';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Parts { year: number; month: number; date: number; day: number; hours: number; minutes: number; seconds: number; ms: number; offsetMinutes: number }

function partsOf(at: Date, zone: Zone): Parts {
  if (zone === 'utc') {
    return { year: at.getUTCFullYear(), month: at.getUTCMonth(), date: at.getUTCDate(), day: at.getUTCDay(), hours: at.getUTCHours(), minutes: at.getUTCMinutes(), seconds: at.getUTCSeconds(), ms: at.getUTCMilliseconds(), offsetMinutes: 0 };
  }
  return { year: at.getFullYear(), month: at.getMonth(), date: at.getDate(), day: at.getDay(), hours: at.getHours(), minutes: at.getMinutes(), seconds: at.getSeconds(), ms: at.getMilliseconds(), offsetMinutes: -at.getTimezoneOffset() };
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');
const zoneText = (minutes: number, colon: boolean): string => `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(minutes) / 60))}${colon ? ':' : ''}${pad(Math.abs(minutes) % 60)}`;

const TOKENS: Readonly<Record<string, (p: Parts) => string>> = {
  YY: (p) => String(p.year).slice(-2),
  YYYY: (p) => pad(p.year, 4),
  M: (p) => String(p.month + 1),
  MM: (p) => pad(p.month + 1),
  MMM: (p) => MONTHS[p.month].slice(0, 3),
  MMMM: (p) => MONTHS[p.month],
  D: (p) => String(p.date),
  DD: (p) => pad(p.date),
  d: (p) => String(p.day),
  dd: (p) => DAYS[p.day].slice(0, 2),
  ddd: (p) => DAYS[p.day].slice(0, 3),
  dddd: (p) => DAYS[p.day],
  H: (p) => String(p.hours),
  HH: (p) => pad(p.hours),
  h: (p) => String(p.hours % 12 || 12),
  hh: (p) => pad(p.hours % 12 || 12),
  a: (p) => (p.hours < 12 ? 'am' : 'pm'),
  A: (p) => (p.hours < 12 ? 'AM' : 'PM'),
  m: (p) => String(p.minutes),
  mm: (p) => pad(p.minutes),
  s: (p) => String(p.seconds),
  ss: (p) => pad(p.seconds),
  SSS: (p) => pad(p.ms, 3),
  Z: (p) => zoneText(p.offsetMinutes, true),
  ZZ: (p) => zoneText(p.offsetMinutes, false),
};

// Day.js's own token pattern: text in [brackets] is written as it is; anything else not a token too.
const TOKEN = /\[([^\]]+)]|Y{1,4}|M{1,4}|D{1,2}|d{1,4}|H{1,2}|h{1,2}|a|A|m{1,2}|s{1,2}|Z{1,2}|SSS/g;

/** `at` written in Day.js's `format` tokens, in `zone`. */
export function formatDate(at: Date, format: string, zone: Zone): string {
  const parts = partsOf(at, zone);
  return format.replace(TOKEN, (token: string, literal: string | undefined) => literal ?? TOKENS[token]?.(parts) ?? token);
}

const FIXED_MS: Readonly<Record<string, number>> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/** `at` moved by `offset`, as Day.js's add(): days and weeks by the calendar of `zone`, months and years keeping the day where the month has it (Jan 31 + 1 M = Feb 28). */
export function addOffset(at: Date, offset: Offset | undefined, zone: Zone): Date {
  if (!offset) return at;
  const { amount, unit } = offset;
  if (unit in FIXED_MS) return new Date(at.getTime() + amount * FIXED_MS[unit]);
  const out = new Date(at.getTime());
  const utc = zone === 'utc';
  if (unit === 'd' || unit === 'w') {
    const days = amount * (unit === 'w' ? 7 : 1);
    if (utc) out.setUTCDate(out.getUTCDate() + days);
    else out.setDate(out.getDate() + days);
    return out;
  }
  const months = amount * (unit === 'y' ? 12 : 1);
  const day = utc ? out.getUTCDate() : out.getDate();
  if (utc) out.setUTCDate(1);
  else out.setDate(1);
  if (utc) out.setUTCMonth(out.getUTCMonth() + months);
  else out.setMonth(out.getMonth() + months);
  const last = utc ? new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate() : new Date(out.getFullYear(), out.getMonth() + 1, 0).getDate();
  if (utc) out.setUTCDate(Math.min(day, last));
  else out.setDate(Math.min(day, last));
  return out;
}
