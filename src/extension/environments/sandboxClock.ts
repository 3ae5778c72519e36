// The Local sandbox's clock as a user reads it: in the sandbox's zone (its ACH windows are 3 PM
// and 6 PM there), never the host's. Pure (no vscode) so a node test checks it.

/** The zone the extension starts the Local sandbox in. */
export const LOCAL_SANDBOX_TIME_ZONE = 'America/Chicago';

/** `3:00 PM CST`: the time of day and the zone, short enough for a tree item's description. */
export function formatSandboxClock(date: Date, timeZone = LOCAL_SANDBOX_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(date);
}

/** `Nov 22, 3:00 PM CST`: date, time and the zone's abbreviation. */
export function formatSandboxTime(date: Date, timeZone = LOCAL_SANDBOX_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
  }).format(date);
}
