// When the automatic batch close happens: the first `HH:MM` UTC strictly after a moment.

export function nextUtcTimeOfDay(after: Date, hhmm: string): Date | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m) return undefined;
  const sameDay = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), Number(m[1]), Number(m[2]));
  return new Date(sameDay > after.getTime() ? sameDay : sameDay + 24 * 60 * 60 * 1000);
}
