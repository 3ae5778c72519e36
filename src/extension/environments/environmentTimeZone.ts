// The zone an environment's times show in (core/time/displayTime.ts has the rule): the Local
// sandbox's own zone, where its clock and ACH windows run; UTC, named, for a gateway account,
// whose zone the workbench does not know (the gateway's timestamps are UTC).
import type { EnvironmentKind } from '../../core/environments/environment';
import { UNKNOWN_ENVIRONMENT_TIME_ZONE, type TimeFrame } from '../../core/time/displayTime';
import { LOCAL_SANDBOX_TIME_ZONE } from './sandboxClock';

export function environmentTimeZone(kind: EnvironmentKind): string {
  return kind === 'local' ? LOCAL_SANDBOX_TIME_ZONE : UNKNOWN_ENVIRONMENT_TIME_ZONE;
}

/** The frame to show an environment's times in now ("today" is the real day). */
export function environmentTimeFrame(kind: EnvironmentKind): TimeFrame {
  return { timeZone: environmentTimeZone(kind), now: new Date() };
}
