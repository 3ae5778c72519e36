// The one rule for times shown (issue 35, defect 9): the environment's zone, always named, with
// the date when the instant is not today there. Expected values come from Intl here, asked
// directly, not from the module under test.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { calendarDay, displayGatewayTime, displayTime, gatewayInstant } from '../../src/core/time/displayTime';

const CHICAGO = 'America/Chicago';
const MONTHS = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}\b/;

const zoneName = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
/** `2026-11-23` as en-CA writes it in `timeZone`. */
const dayIn = (at: Date, timeZone: string) => at.toLocaleDateString('en-CA', { timeZone });

describe('displayTime', () => {
  it('shows a time today in the sandbox zone with its abbreviation and no date', () => {
    const frame = { timeZone: CHICAGO, now: new Date('2026-11-22T22:00:00Z') };
    assert.equal(displayTime(new Date('2026-11-22T21:01:00Z'), frame), '3:01 PM CST');
  });

  it('names the date of a time on another day: the walk\'s "3:01 PM" then "3:06 PM" a day apart', () => {
    const frame = { timeZone: CHICAGO, now: new Date('2026-11-22T22:00:00Z') };
    assert.equal(displayTime(new Date('2026-11-22T21:01:00Z'), frame), '3:01 PM CST');
    assert.equal(displayTime(new Date('2026-11-23T21:06:00Z'), frame), 'Nov 23, 3:06 PM CST');
    assert.equal(displayTime(new Date('2027-01-05T21:06:00Z'), frame), 'Jan 5, 2027, 3:06 PM CST');
  });

  it('decides "today" in the environment\'s zone, not UTC\'s', () => {
    // 03:00 UTC on the 23rd is 9 PM on the 22nd in Chicago: today there.
    const frame = { timeZone: CHICAGO, now: new Date('2026-11-22T20:00:00Z') };
    assert.equal(displayTime(new Date('2026-11-23T03:00:00Z'), frame), '9:00 PM CST');
    assert.equal(displayTime(new Date('2026-11-23T03:00:00Z'), { ...frame, timeZone: 'UTC' }), 'Nov 23, 3:00 AM UTC');
  });

  it('follows daylight saving time (CDT in July) and adds seconds when asked', () => {
    const frame = { timeZone: CHICAGO, now: new Date('2026-07-20T20:00:00Z') };
    assert.equal(displayTime(new Date('2026-07-20T20:00:07Z'), frame, { seconds: true }), '3:00:07 PM CDT');
  });

  it('falls back to UTC, named, for a zone the runtime does not know', () => {
    assert.equal(displayTime(new Date('2026-11-22T21:01:00Z'), { timeZone: 'Central/US', now: new Date('2026-11-22T22:00:00Z') }), '9:01 PM UTC');
  });

  const zones = fc.constantFrom(...Intl.supportedValuesOf('timeZone'), 'UTC');
  const instants = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T23:59:59Z'), noInvalidDate: true });
  // "now" near the instant too, so that same-day cases are common.
  const frames = fc.tuple(instants, zones, fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }), fc.boolean())
    .map(([at, timeZone, shift, far]) => ({ at, timeZone, now: far ? new Date(at.getTime() + shift * 400) : new Date(at.getTime() + shift) }));

  it('always ends with the zone\'s name, as Intl names it for that instant', () => {
    fc.assert(fc.property(frames, fc.boolean(), ({ at, timeZone, now }, seconds) => {
      const shown = displayTime(at, { timeZone, now }, { seconds });
      const name = zoneName(at, timeZone);
      assert.ok(name !== '' && shown.endsWith(` ${name}`), `"${shown}" does not end with "${name}" (${timeZone})`);
    }), { numRuns: 2000 });
  });

  it('names the date exactly when the instant is not on today\'s calendar day in that zone, and the year when not this year', () => {
    fc.assert(fc.property(frames, ({ at, timeZone, now }) => {
      const shown = displayTime(at, { timeZone, now });
      const day = dayIn(at, timeZone);
      const today = dayIn(now, timeZone);
      assert.equal(MONTHS.test(shown), day !== today, `"${shown}" for ${day} when today is ${today} (${timeZone})`);
      assert.equal(shown.includes(`, ${day.slice(0, 4)}, `), day.slice(0, 4) !== today.slice(0, 4), `"${shown}": the year (${timeZone})`);
      assert.equal(calendarDay(at, timeZone), day);
    }), { numRuns: 2000 });
  });

  it('shows the wall-clock hour and minute of that zone', () => {
    fc.assert(fc.property(frames, ({ at, timeZone, now }) => {
      const wall = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
      assert.ok(displayTime(at, { timeZone, now }).includes(wall), `${wall} in ${timeZone}`);
    }), { numRuns: 1000 });
  });
});

describe('gateway timestamps', () => {
  it('reads the gateway\'s UTC text and ISO 8601', () => {
    assert.equal(gatewayInstant('2016-10-25 14:43:44.483')?.toISOString(), '2016-10-25T14:43:44.483Z');
    assert.equal(gatewayInstant('2026-11-21 13:28')?.toISOString(), '2026-11-21T13:28:00.000Z');
    assert.equal(gatewayInstant('2026-11-21T13:28:19.5104567Z')?.toISOString(), '2026-11-21T13:28:19.510Z');
    assert.equal(gatewayInstant('2026-11-21T13:28:19-0600')?.toISOString(), '2026-11-21T19:28:19.000Z');
  });

  it('leaves what names no instant as it came: a date alone, a time alone, free text, an impossible month', () => {
    for (const text of ['2030-01-15', '13:28', 'soon', '', '2026-13-01 10:00:00']) {
      assert.equal(gatewayInstant(text), undefined, text);
      assert.equal(displayGatewayTime(text, { timeZone: CHICAGO, now: new Date() }), text);
    }
  });

  it('shows a gateway timestamp by the rule', () => {
    const frame = { timeZone: CHICAGO, now: new Date('2026-11-21T20:00:00Z') };
    assert.equal(displayGatewayTime('2026-11-21 13:28:19.510', frame), '7:28 AM CST');
    assert.equal(displayGatewayTime('2026-11-20 13:28:19.510', frame), 'Nov 20, 7:28 AM CST');
  });
});
