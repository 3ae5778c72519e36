// The sandbox's clock: real time plus an offset that only ever grows, so tests and users can
// jump to the next ACH window or batch cut-off while time keeps flowing between requests.

import type { SandboxClock } from './domain';
import { assertTimeZone, nextLocalHour } from './zonedTime';

/** Local hours at which the ACH processing queue runs (the interface's 3 PM and 6 PM). */
export const ACH_WINDOW_HOURS: readonly number[] = [15, 18];

/**
 * How far ahead of real time the sandbox clock may run: far enough for any card expiry, near
 * enough that every date stays valid and a move runs a bounded number of ACH windows.
 */
export const MAX_CLOCK_AHEAD_MS = 50 * 366 * 24 * 3600 * 1000;

export class ControllableClock implements SandboxClock {
  constructor(readonly timeZone: string, private offset: number, private readonly realNow: () => number = Date.now) {
    assertTimeZone(timeZone);
  }

  get offsetMs(): number {
    return this.offset;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /** The same as now(), in milliseconds since the epoch, without making a Date. */
  nowMs(): number {
    return this.realNow() + this.offset;
  }

  /** Moves the clock forward by `ms` (>= 0) and returns the new time. */
  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) {
      throw new RangeError(`Cannot advance the clock by ${ms} ms: give a whole number of milliseconds >= 0.`);
    }
    // Checked before anything moves, so a refused request changes nothing.
    const offset = this.offset + Math.round(ms);
    if (offset > MAX_CLOCK_AHEAD_MS) {
      throw new RangeError(`Cannot advance the clock by ${ms} ms: the sandbox clock runs at most 50 years ahead of real time ` +
        `(${Math.floor((MAX_CLOCK_AHEAD_MS - this.offset) / 86_400_000)} days more from here). Give a smaller step.`);
    }
    this.offset = offset;
    return this.now();
  }

  /** Moves the clock forward to `date`; the sandbox clock never runs backwards. */
  advanceTo(date: Date): Date {
    const delta = date.getTime() - this.now().getTime();
    if (Number.isNaN(delta)) throw new RangeError('Cannot advance the clock to an invalid date: give an ISO 8601 time.');
    if (delta < 0) {
      throw new RangeError(`Cannot move the clock back to ${date.toISOString()}: it is already ${this.now().toISOString()}.`);
    }
    this.advance(delta);
    // The clock is at `date` at the moment it moves; real time read since then (this call's own
    // length, a millisecond on a busy machine) is not part of where it moved to.
    return new Date(date.getTime());
  }

  /**
   * Sets the clock to `ms`, back or forth: only a reset to a seed does this, putting the clock
   * where the seed starts, as everything else the seed holds is put back.
   */
  setTo(ms: number): void {
    this.offset = ms - this.realNow();
  }

  /** Moves to the next 3 PM or 6 PM in the clock's zone (strictly later than now). */
  advanceToNextAchWindow(): Date {
    return this.advanceTo(nextLocalHour(this.now(), this.timeZone, ACH_WINDOW_HOURS));
  }
}
