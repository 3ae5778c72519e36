// The in-process control surface for tests and users: move the clock, queue faults, reset,
// read request counts and mint restricted keys. `controlHttp.ts` serves the same over HTTP.

import { randomBytes } from 'node:crypto';
import { operationById } from '../catalog';
import { normaliseFault, type FaultSpec } from './http/faults';
import { checkedChaos, type ChaosSpec, type ChaosView } from './http/chaos';
import type { LiveSandbox } from './liveSandbox';
import { moneyLedgerOf, type LedgerEntry } from './moneyLedger';
import type { KeyScope } from './domain/state';
import type { CoverageReport } from '../catalog/localSandbox/coverage';
import { snapshotOf } from './seeds/snapshotDocument';
import { loadSeed } from './seeds/seedLoader';
import { ownCopy, resetPointOf } from './seeds/seedFile';
import type { SeedDocument } from './seeds/seedDocument';

export interface SandboxStats { requests: number; byOperation: Record<string, number>; faultsLeft: number }

export interface SandboxControl {
  advanceClock(ms: number): Date;
  advanceTo(date: Date): Date;
  advanceToNextAchWindow(): Date;
  /** Queues one fault spec or several; returns how many faulted requests are now pending. */
  injectFaults(spec: FaultSpec | readonly FaultSpec[]): number;
  /** Replaces the chaos rules (checked first: a bad rule sets nothing); answers what is now on. */
  setChaos(spec: ChaosSpec): ChaosView;
  /** The chaos rules on, with how many requests each has seen and faulted, and the seed. */
  chaos(): ChaosView;
  clearChaos(): ChaosView;
  /** Back to the seed the sandbox started from (or was last given), or to empty without one. */
  reset(): void;
  /** The whole state as a seed document, without keys (docs/sandbox.md "Seeds and snapshots"). */
  snapshot(): SeedDocument;
  /**
   * Replaces the state with the one `seed` describes, which reset() then goes back to. Throws a
   * SeedError naming the offending entry, and changes nothing, when the seed is refused.
   */
  loadSeed(seed: SeedDocument): void;
  stats(): SandboxStats;
  /** The approved charges and refunds, ACH debits and payment plans held now (no card numbers: last four). */
  ledger(): LedgerEntry[];
  /** Which outcomes were served since the start or the last reset, and how to produce the others. */
  coverage(): CoverageReport;
  /** A new `api-key` for `/rest/`: `read` keys may only GET (403 otherwise). */
  mintKey(scope: KeyScope): string;
  now(): Date;
  /** How far the sandbox clock runs ahead of real time: what a mirror in another thread adds to Date.now(). */
  clockOffsetMs(): number;
}

export function createControl(live: LiveSandbox): SandboxControl {
  const moved = (date: Date): Date => {
    live.tick();
    return date;
  };
  return {
    advanceClock: ms => moved(live.clock.advance(ms)),
    advanceTo: date => moved(live.clock.advanceTo(date)),
    advanceToNextAchWindow: () => moved(live.clock.advanceToNextAchWindow()),
    injectFaults(spec) {
      const specs = Array.isArray(spec) ? spec : [spec];
      // Check every spec first so a bad one queues nothing.
      const faults = specs.map(s => normaliseFault(s, id => operationById(id) !== undefined));
      for (const f of faults) live.faults.add(f);
      return live.faults.left();
    },
    setChaos(spec) {
      live.chaos.set(checkedChaos(spec));
      return live.chaos.view();
    },
    chaos: () => live.chaos.view(),
    clearChaos() {
      live.chaos.clear();
      return live.chaos.view();
    },
    reset: () => live.reset(),
    ledger: () => moneyLedgerOf(live.state),
    snapshot: () => snapshotOf(live),
    loadSeed(seed) {
      live.seed = resetPointOf(loadSeed(ownCopy(seed), live.modules, live.clock.timeZone, live.state.keys.merchantId));
      live.reset();
    },
    stats: () => ({
      requests: live.stats.requests,
      byOperation: { ...live.stats.byOperation },
      faultsLeft: live.faults.left(),
    }),
    coverage: () => live.outcomes.report(),
    mintKey(scope) {
      if (scope !== 'read' && scope !== 'full') throw new RangeError(`Key scope must be "read" or "full", not ${JSON.stringify(scope)}.`);
      const key = randomBytes(16).toString('hex');
      live.state.keys.minted[key] = scope;
      void live.persist();
      return key;
    },
    now: () => live.clock.now(),
    clockOffsetMs: () => live.clock.offsetMs,
  };
}
