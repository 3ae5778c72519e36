// Date and timestamp forms the ACH records use.

import { wallTimeOf } from '../domain/zonedTime';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of `instant` on the local calendar of `timeZone` (settled and returned dates). */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallTimeOf(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The gateway's timestamp form, UTC: `2016-10-25 14:43:44.483`. */
export function gatewayTimestamp(instant: Date): string {
  return instant.toISOString().replace('T', ' ').replace('Z', '');
}
