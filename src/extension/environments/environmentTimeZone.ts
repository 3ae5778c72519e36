// The zone an environment's times show in (core/time/displayTime.ts has the rule): the Local
// sandbox's own zone, where its clock and ACH windows run; UTC, named, for a gateway account,
// whose zone the workbench does not know (the gateway's timestamps are UTC).
import type { EnvironmentKind } from '../../core/environments/environment';
import { displayTime, UNKNOWN_ENVIRONMENT_TIME_ZONE, type TimeFrame } from '../../core/time/displayTime';
import { LOCAL_SANDBOX_NAME } from '../contracts';
import { LOCAL_SANDBOX_TIME_ZONE } from './sandboxClock';

function environmentTimeZone(kind: EnvironmentKind): string {
  return kind === 'local' ? LOCAL_SANDBOX_TIME_ZONE : UNKNOWN_ENVIRONMENT_TIME_ZONE;
}

/**
 * When something kept with only its environment's name (a history entry, a Traffic exchange)
 * happened, by the rule: the Local sandbox's in its zone, any other's in UTC.
 */
export function displayTimeIn(environmentName: string, at: Date, options: { seconds?: boolean } = {}): string {
  const timeZone = environmentName === LOCAL_SANDBOX_NAME ? LOCAL_SANDBOX_TIME_ZONE : UNKNOWN_ENVIRONMENT_TIME_ZONE;
  return displayTime(at, { timeZone, now: new Date() }, options);
}

/** The frame to show an environment's times in now ("today" is the real day). */
export function environmentTimeFrame(kind: EnvironmentKind): TimeFrame {
  return { timeZone: environmentTimeZone(kind), now: new Date() };
}
