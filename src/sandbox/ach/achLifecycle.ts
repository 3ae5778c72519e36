// What happens at each processing window: transactions already Settling finish (Settled, or
// Returned per their stored return outcome), then everything Pending starts Settling. Doing
// the two steps in that order makes a transaction take exactly two windows to finish.

import type { DomainContext } from '../domain/domain';
import type { AchSlice, AchTransactionRecord } from './achState';
import { achWindowsBetween } from './achWindows';
import { localDate } from './achDates';

/** First eight digits of a trace number: the originating bank's routing prefix (NACHA). */
const ORIGINATOR_PREFIX = '10400001';

function traceNumber(ctx: DomainContext<AchSlice>): string {
  return ORIGINATOR_PREFIX + String(ctx.ids.next('ach-trace', 1)).padStart(7, '0');
}

function finish(record: AchTransactionRecord, window: Date, ctx: DomainContext<AchSlice>): void {
  const date = localDate(window, ctx.clock.timeZone);
  record.traceNumber = traceNumber(ctx);
  record.statusChanged = window.toISOString();
  const outcome = record.account.outcome;
  if (outcome) {
    record.status = 'Returned';
    record.returnedDate = date;
    record.returned = { code: outcome.code, message: outcome.message };
  } else {
    record.status = 'Settled';
    record.settledDate = date;
  }
}

const unfinished = (r: AchTransactionRecord): boolean => r.status === 'Pending' || r.status === 'Settling';

/** Returns true when a window moved a transaction. */
export function runAchWindows(from: Date, to: Date, ctx: DomainContext<AchSlice>): boolean {
  // Runs before every request: the records are only looked at once a window has passed.
  let records: AchTransactionRecord[] | undefined;
  let changed = false;
  for (const window of achWindowsBetween(from, to, ctx.clock.timeZone)) {
    records ??= Object.values(ctx.slice.transactions);
    if (!records.some(unfinished)) return changed;
    const settling = records.filter((r) => r.status === 'Settling');
    // Created after this window (state restored late, or a clock set backwards): not picked up.
    const pending = records.filter((r) => r.status === 'Pending' && Date.parse(r.created) < window.getTime());
    for (const record of settling) finish(record, window, ctx);
    for (const record of pending) {
      record.status = 'Settling';
      record.statusChanged = window.toISOString();
    }
    changed ||= settling.length + pending.length > 0;
  }
  return changed;
}
