// The in-process control surface for tests and users: move the clock, queue faults, reset,
// read request counts and mint restricted keys. `controlHttp.ts` serves the same over HTTP.

import { randomBytes } from 'node:crypto';
import { operationById } from '../catalog';
import { normaliseFault, type FaultSpec } from './faults';
import type { LiveSandbox } from './liveSandbox';
import type { KeyScope } from './state';

export interface SandboxStats { requests: number; byOperation: Record<string, number>; faultsLeft: number }

export interface SandboxControl {
  advanceClock(ms: number): Date;
  advanceTo(date: Date): Date;
  advanceToNextAchWindow(): Date;
  /** Queues one fault spec or several; returns how many faulted requests are now pending. */
  injectFaults(spec: FaultSpec | readonly FaultSpec[]): number;
  reset(): void;
  stats(): SandboxStats;
  /** A new `api-key` for `/rest/`: `read` keys may only GET (403 otherwise). */
  mintKey(scope: KeyScope): string;
  now(): Date;
  /** How far the sandbox clock runs ahead of real time: what a mirror in another thread adds to Date.now(). */
  clockOffsetMs(): number;
}

export function createControl(runtime: LiveSandbox): SandboxControl {
  const moved = (date: Date): Date => {
    runtime.tick();
    return date;
  };
  return {
    advanceClock: ms => moved(runtime.clock.advance(ms)),
    advanceTo: date => moved(runtime.clock.advanceTo(date)),
    advanceToNextAchWindow: () => moved(runtime.clock.advanceToNextAchWindow()),
    injectFaults(spec) {
      const specs = Array.isArray(spec) ? spec : [spec];
      // Check every spec first so a bad one queues nothing.
      const faults = specs.map(s => normaliseFault(s, id => operationById(id) !== undefined));
      for (const f of faults) runtime.faults.add(f);
      return runtime.faults.left();
    },
    reset: () => runtime.reset(),
    stats: () => ({
      requests: runtime.stats.requests,
      byOperation: { ...runtime.stats.byOperation },
      faultsLeft: runtime.faults.left(),
    }),
    mintKey(scope) {
      if (scope !== 'read' && scope !== 'full') throw new RangeError(`Key scope must be "read" or "full", not ${JSON.stringify(scope)}.`);
      const key = randomBytes(16).toString('hex');
      runtime.state.keys.minted[key] = scope;
      void runtime.persist();
      return key;
    },
    now: () => runtime.clock.now(),
    clockOffsetMs: () => runtime.clock.offsetMs,
  };
}
