// The Local sandbox's clock as a user reads it: in the sandbox's zone (its ACH windows are 3 PM
// and 6 PM there), never the host's. Pure (no vscode) so a node test checks it.
import { displayTime } from '../../core/time/displayTime';

/** The zone the extension starts the Local sandbox in. */
export const LOCAL_SANDBOX_TIME_ZONE = 'America/Chicago';

/**
 * `3:00 PM CST`, short enough for a tree item's description; `Nov 23, 3:00 PM CST` once the clock
 * was moved on to another day than today (the display rule, core/time/displayTime.ts).
 */
export function formatSandboxClock(date: Date, now = new Date(), timeZone = LOCAL_SANDBOX_TIME_ZONE): string {
  return displayTime(date, { timeZone, now });
}

/** `Nov 22, 3:00 PM CST`: date, time and the zone's abbreviation. */
export function formatSandboxTime(date: Date, timeZone = LOCAL_SANDBOX_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
  }).format(date);
}

const STEP_UNITS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
/** A year at most: a plan charging weekly for years would make thousands of sales in one step. */
const MAX_STEP_MS = 366 * 86_400_000;

/**
 * How far "Advance the Clock…" moves the sandbox: `30m`, `12h`, `7d`, `2w` (a whole number and
 * a unit). The milliseconds, or what to write instead.
 */
export function clockStep(text: string): { ms: number } | { problem: string } {
  const m = /^\s*(\d{1,6})\s*([mhdw])\s*$/i.exec(text);
  if (!m) return { problem: 'Write a whole number and a unit: 30m, 12h, 7d or 2w.' };
  const ms = Number(m[1]) * STEP_UNITS[m[2].toLowerCase()];
  if (ms === 0) return { problem: 'Move the clock forward by at least 1m.' };
  if (ms > MAX_STEP_MS) return { problem: 'At most a year (366d) at a time.' };
  return { ms };
}
