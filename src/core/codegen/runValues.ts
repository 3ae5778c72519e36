// System variables a generated program makes itself, afresh at each run, as the request file makes
// them at each send: a program run twice must not send the invoice it sent the first time (the
// gateway's duplicate check refuses it). What each language can write: UUIDs, random whole numbers,
// Unix seconds and the two named date formats, moved by a fixed-length offset. A Day.js format, a
// local time or an offset in months or years keeps the value made when the code was generated.
import { parseSystemVariable } from '../requestFile/systemVariables';

export type RunValue =
  | { kind: 'uuid' }
  | { kind: 'randomInt'; min: number; max: number }
  /** Now moved by `offsetMs`: as Unix seconds, ISO 8601 in UTC with milliseconds, or RFC 1123. */
  | { kind: 'timestamp' | 'iso8601' | 'rfc1123'; offsetMs: number };

/** Milliseconds per offset unit whose length never changes (a month's and a year's do). */
const FIXED_UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** What a program makes for `{{inside}}` at each run; undefined when it cannot be written in every language. */
export function runValueOf(inside: string): RunValue | undefined {
  const parsed = parseSystemVariable(inside);
  if (!parsed.ok) return undefined;
  const call = parsed.call;
  switch (call.name) {
    case '$guid':
    case '$uuid':
      return { kind: 'uuid' };
    case '$randomInt':
      return { kind: 'randomInt', min: call.min, max: call.max };
    case '$localDatetime':
    case '$processEnv':
    case '$dotenv':
      return undefined;
    case '$timestamp':
    case '$datetime': {
      const perUnit = call.offset ? FIXED_UNITS[call.offset.unit] : 0;
      if (perUnit === undefined) return undefined;
      const offsetMs = call.offset ? call.offset.amount * perUnit : 0;
      if (call.name === '$timestamp') return { kind: 'timestamp', offsetMs };
      return call.format === 'iso8601' || call.format === 'rfc1123' ? { kind: call.format, offsetMs } : undefined;
    }
  }
}

/**
 * ` + 7200000`, ` - 86400000` or nothing: a time value's offset as a term to append to "now", in
 * milliseconds, or in the unit of `perUnitMs` (1000: seconds, for a clock that reads seconds).
 */
export function offsetTerm(value: RunValue, perUnitMs = 1): string {
  const offset = 'offsetMs' in value ? value.offsetMs / perUnitMs : 0;
  return offset === 0 ? '' : offset > 0 ? ` + ${offset}` : ` - ${-offset}`;
}
