// Time formats the gateway uses on the wire.

/** `2016-10-25 14:43:44.483` in UTC, as transaction `created` values are written. */
export function gatewayTimestamp(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 23);
}

/**
 * A search bound in `yyyy-MM-dd HH:mm` or `yyyy-MM-dd` (UTC), or undefined when it is neither.
 * The other documented formats (`MM-dd-yyyy hh:mm a`, ...) are accepted too.
 */
export function parseSearchTime(text: string): Date | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(text.trim());
  if (iso) {
    const [, y, mo, d, h = '00', mi = '00'] = iso;
    return validDate(Date.UTC(+y, +mo - 1, +d, +h, +mi), +mo, +d);
  }
  const us = /^(\d{2})-(\d{2})-(\d{2}|\d{4}) (\d{1,2}):(\d{2})(?: ?([AaPp][Mm]))?$/.exec(text.trim());
  if (us) {
    const [, mo, d, yRaw, hRaw, mi, ampm] = us;
    const y = yRaw.length === 2 ? 2000 + Number(yRaw) : Number(yRaw);
    let h = Number(hRaw);
    if (ampm) h = (h % 12) + (ampm.toLowerCase() === 'pm' ? 12 : 0);
    return validDate(Date.UTC(y, +mo - 1, +d, h, +mi), +mo, +d);
  }
  return undefined;
}

function validDate(ms: number, month: number, day: number): Date | undefined {
  const date = new Date(ms);
  return date.getUTCMonth() + 1 === month && date.getUTCDate() === day ? date : undefined;
}
