// One rule for every time the workbench shows (issue 35): in the environment's time zone, the
// zone always named, and the date whenever the instant is not today there. "Today" is the real
// one, so a sandbox clock moved ahead shows its date and so do the records made on it.
// Pure (no vscode): the node tests hold it to the rule.

/** Where a time is read (an IANA zone) and when "today" is. */
export interface TimeFrame {
  timeZone: string;
  now: Date;
}

/**
 * The zone for an environment whose own zone the workbench does not know (a user's gateway
 * account): UTC, the zone of the gateway's timestamps, named as such.
 */
export const UNKNOWN_ENVIRONMENT_TIME_ZONE = 'UTC';

const LOCALE = 'en-US';

type Shape = 'day' | 'time' | 'date' | 'year';
const SHAPES: Readonly<Record<Shape, Intl.DateTimeFormatOptions>> = {
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
  time: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  date: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  year: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
};

// Building a formatter costs far more than using one; a tree redraw formats dozens of rows.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, shape: Shape, seconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${shape}|${seconds}`;
  let f = formatters.get(key);
  if (!f) {
    const options = { ...SHAPES[shape], ...(seconds && shape !== 'day' ? { second: '2-digit' as const } : {}) };
    try {
      f = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    } catch {
      // A zone this runtime does not know: UTC, which the output then names.
      f = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: UNKNOWN_ENVIRONMENT_TIME_ZONE });
    }
    formatters.set(key, f);
  }
  return f;
}

/** The calendar day of `at` in `timeZone`, as `2026-11-23`. */
export function calendarDay(at: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone, 'day', false).formatToParts(at)) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * `3:06 PM CST` when `at` is today in the frame's zone, `Nov 23, 3:06 PM CST` on another day of
 * this year, `Nov 23, 2027, 3:06 PM CST` in another year; `seconds` adds them (the Traffic view).
 */
export function displayTime(at: Date, frame: TimeFrame, options: { seconds?: boolean } = {}): string {
  const day = calendarDay(at, frame.timeZone);
  const today = calendarDay(frame.now, frame.timeZone);
  const shape: Shape = day === today ? 'time' : day.slice(0, 4) === today.slice(0, 4) ? 'date' : 'year';
  return formatter(frame.timeZone, shape, options.seconds ?? false).format(at);
}

// `2016-10-25 14:43:44.483` (the gateway's form, UTC per its facts) or ISO 8601 with a zone.
const GATEWAY_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The instant a gateway timestamp names; undefined for anything else (a date alone, free text). */
export function gatewayInstant(text: string): Date | undefined {
  const m = GATEWAY_TIMESTAMP.exec(text.trim());
  if (!m) return undefined;
  const [, year, month, day, hour, minute, second = '00', fraction = '', zone = 'Z'] = m;
  const offset = zone === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const at = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${fraction.slice(0, 4)}${offset}`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** A gateway timestamp shown by the rule; text that names no instant stays as it came. */
export function displayGatewayTime(text: string, frame: TimeFrame): string {
  const at = gatewayInstant(text);
  return at ? displayTime(at, frame) : text;
}
