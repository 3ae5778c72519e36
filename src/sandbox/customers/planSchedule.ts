// When a payment plan charges: on its frequency day (day of month for MONTHLY, every
// frequency-month months; day of week 1-7, Monday first, for WEEKLY, every frequency-week weeks),
// from start-date to end-date. A plan charges once on each due date, at the first clock
// movement that reaches the start of that day in the sandbox's time zone. Dates are
// YYYY-MM-DD strings; arithmetic is on UTC calendar days, which is exact for dates.

const DAY_MS = 86_400_000;

function toDays(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

function fromDays(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

export interface Schedule {
  frequency: 'MONTHLY' | 'WEEKLY';
  /** Day of month (1-31) or of week (1-7); when absent, the start date's. */
  day?: number;
  /** Every how many months or weeks (at least 1). */
  every: number;
  startDate: string;
  endDate: string;
}

/** Monday = 1 … Sunday = 7 of a date. */
function weekday(days: number): number {
  return ((new Date(days * DAY_MS).getUTCDay() + 6) % 7) + 1;
}

/** The first due date on or after `from` (and on or after start-date), or undefined past end-date. */
export function firstDueOnOrAfter(s: Schedule, from: string): string | undefined {
  const start = toDays(s.startDate);
  const floor = Math.max(start, toDays(from));
  let due: number;
  if (s.frequency === 'WEEKLY') {
    const day = s.day ?? weekday(start);
    // The first matching weekday from the start, then every `every` weeks.
    let first = start;
    while (weekday(first) !== day) first += 1;
    const step = 7 * s.every;
    due = first + Math.max(0, Math.ceil((floor - first) / step)) * step;
  } else {
    const startDate = new Date(start * DAY_MS);
    const day = s.day ?? startDate.getUTCDate();
    const at = (monthIndex: number) => {
      const year = Math.floor(monthIndex / 12);
      const month0 = monthIndex % 12;
      return Date.UTC(year, month0, Math.min(day, daysInMonth(year, month0))) / DAY_MS;
    };
    let m = startDate.getUTCFullYear() * 12 + startDate.getUTCMonth();
    if (at(m) < start) m += 1;
    while (at(m) < floor) m += s.every;
    due = at(m);
  }
  return due <= toDays(s.endDate) ? fromDays(due) : undefined;
}

/** The due date after `date`. */
export function dueAfter(s: Schedule, date: string): string | undefined {
  return firstDueOnOrAfter(s, fromDays(toDays(date) + 1));
}
