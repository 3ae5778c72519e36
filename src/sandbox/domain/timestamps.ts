// Time formats the gateway uses on the wire.

let lastIsoMs = NaN;
let lastIso = '';

/**
 * `date.toISOString()`, remembered for the last millisecond: it costs more than the rest of a
 * record's creation, and under load many records are stamped within the same millisecond.
 */
export function isoTime(date: Date): string {
  const ms = date.getTime();
  if (ms !== lastIsoMs) {
    lastIso = date.toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}

/** `2016-10-25 14:43:44.483` in UTC, as transaction `created` values are written. */
function gatewayTimestamp(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 23);
}

/**
 * The same for a stored ISO time. Stored times are toISOString() output, so the common case is
 * a slice, not a date parsed per field of every answer. PERF(bench/sandboxThroughput.ts)
 */
export function gatewayTimestampOf(iso: string): string {
  const canonical = iso.length === 24 && iso[10] === 'T' && iso[23] === 'Z';
  return canonical ? `${iso.slice(0, 10)} ${iso.slice(11, 23)}` : gatewayTimestamp(new Date(iso));
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
