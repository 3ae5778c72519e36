// The ACH processing queue runs twice a day at 3 PM and 6 PM local time (interface, Limits).
// Windows are computed per local calendar day through Intl, so a DST change moves them in UTC
// but never skips or repeats one.

import { ACH_WINDOW_HOURS } from '../domain/clock';
import { instantOfWallTime, nextLocalHour, wallTimeOf } from '../domain/zonedTime';

type Day = { year: number; month: number; day: number };

const dayKey = (d: Day): number => d.year * 10000 + d.month * 100 + d.day;

function nextDay(d: Day): Day {
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

// The clock is checked before every request, and a window comes at most twice a day: so the
// next window is remembered, and most checks are one comparison instead of several Intl calls.
let known: { timeZone: string; from: number; next: number } | undefined;

/** The first window strictly after `after`, in ms. */
function nextWindowMs(after: Date, timeZone: string): number {
  const t = after.getTime();
  // Valid for any instant in [from, next): no window lies strictly between them.
  if (known && known.timeZone === timeZone && t >= known.from && t < known.next) return known.next;
  const next = nextLocalHour(after, timeZone, ACH_WINDOW_HOURS).getTime();
  known = { timeZone, from: t, next };
  return next;
}

/** Every window instant in the half-open interval `(from, to]`, oldest first. */
export function* achWindowsBetween(from: Date, to: Date, timeZone: string): Generator<Date> {
  if (to.getTime() <= from.getTime()) return;
  if (to.getTime() < nextWindowMs(from, timeZone)) return;
  const hours = [...ACH_WINDOW_HOURS].sort((a, b) => a - b);
  const last = dayKey(wallTimeOf(to, timeZone));
  const start = wallTimeOf(from, timeZone);
  for (let day: Day = { year: start.year, month: start.month, day: start.day }; dayKey(day) <= last; day = nextDay(day)) {
    for (const hour of hours) {
      const instant = instantOfWallTime({ ...day, hour, minute: 0 }, timeZone);
      if (instant.getTime() > from.getTime() && instant.getTime() <= to.getTime()) yield instant;
    }
  }
}
