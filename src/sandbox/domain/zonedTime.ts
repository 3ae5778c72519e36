// Wall-clock arithmetic in an IANA time zone using only Intl, so "3 PM local" stays right
// across daylight-saving changes without a time-zone library.

interface WallTime { year: number; month: number; day: number; hour: number; minute: number }

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws a RangeError naming the zone when it is not a valid IANA zone. */
export function assertTimeZone(timeZone: string): void {
  try {
    formatterFor(timeZone);
  } catch {
    throw new RangeError(`Unknown time zone "${timeZone}": use an IANA name such as America/Chicago.`);
  }
}

/** The wall-clock reading of `date` in `timeZone`. */
export function wallTimeOf(date: Date, timeZone: string): WallTime & { second: number } {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(date)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** Milliseconds the zone is ahead of UTC at `date`. */
function zoneOffsetMs(date: Date, timeZone: string): number {
  const w = wallTimeOf(date, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/**
 * The instant at which the zone's clocks read `wall`. Two passes settle the offset near a DST
 * change; a wall time skipped by spring-forward resolves to the instant just after the gap.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): Date {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let guess = naive - zoneOffsetMs(new Date(naive), timeZone);
  guess = naive - zoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** The first instant strictly after `after` at which the local clock reads one of `hours` (whole hours). */
export function nextLocalHour(after: Date, timeZone: string, hours: readonly number[]): Date {
  const today = wallTimeOf(after, timeZone);
  const sorted = [...hours].sort((a, b) => a - b);
  for (let dayShift = 0; dayShift <= 2; dayShift++) {
    const base = new Date(Date.UTC(today.year, today.month - 1, today.day + dayShift));
    for (const hour of sorted) {
      const candidate = instantOfWallTime({
        year: base.getUTCFullYear(), month: base.getUTCMonth() + 1, day: base.getUTCDate(), hour, minute: 0,
      }, timeZone);
      if (candidate.getTime() > after.getTime()) return candidate;
    }
  }
  throw new Error(`No local hour in [${hours.join(', ')}] within two days of ${after.toISOString()}.`);
}
