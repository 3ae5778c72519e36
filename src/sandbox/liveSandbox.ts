// The live sandbox: state, clock, module contexts, faults, rate limits and request counts.
// The HTTP layer and the control surface both act through this one object.

import type { DomainContext, IdSource, SandboxRequest } from './domain/domain';
import { ControllableClock } from './domain/clock';
import { SANDBOX_TERMINAL } from './domain/sandboxMerchant';
import { FaultQueue } from './http/faults';
import { ChaosRules } from './http/chaos';
import { TokenBucketLimiter } from './http/rateLimiter';
import { HandlerTable } from './http/router';
import { OutcomeCounts } from './coverage/outcomeCounts';
import { completeSlices, freshSlices, idSourceOver, type AnyModule, type SandboxState } from './domain/state';

interface RequestStats { requests: number; byOperation: Record<string, number> }

/** What reset() goes back to when the sandbox started from a seed (seeds/seedLoader.ts). */
export interface ResetPoint {
  /** A fresh copy of the seed's slices and counters, each time. */
  fresh(): { slices: Record<string, unknown>; counters: Record<string, number> };
  clockMs: number;
}


export class LiveSandbox {
  readonly faults = new FaultQueue();
  readonly chaos = new ChaosRules();
  readonly limiter: TokenBucketLimiter;
  readonly handlers: HandlerTable;
  readonly ids: IdSource;
  stats: RequestStats = { requests: 0, byOperation: {} };
  /** Outcomes served since the start or the last reset (GET /__sandbox/coverage). */
  readonly outcomes = new OutcomeCounts();
  private lastTick: Date;
  // Built once per slices object (a reset replaces it), not once per request.
  private contexts = new Map<AnyModule, DomainContext<unknown>>();
  private contextSlices: SandboxState['slices'] | undefined;
  private merchantView: SandboxRequest['merchant'] | undefined;
  /**
   * Saves what changed (with a data file). The promise settles once the change is on disk;
   * `undefined` when there is nothing to wait for (nothing changed, or no data file).
   */
  persist: () => Promise<void> | undefined = () => undefined;
  /** The seed the sandbox started from: reset() goes back to it. Without one, reset() empties the state. */
  seed: ResetPoint | undefined;

  constructor(readonly modules: readonly AnyModule[], readonly state: SandboxState, readonly clock: ControllableClock, rate: number) {
    completeSlices(state, modules);
    this.limiter = new TokenBucketLimiter(rate);
    this.handlers = new HandlerTable(modules);
    this.ids = idSourceOver(state.counters);
    this.lastTick = clock.now();
  }

  get merchant(): SandboxRequest['merchant'] {
    const { merchantId, hpp } = this.state.keys;
    if (this.merchantView?.merchantId !== merchantId || this.merchantView.hppPublicKey !== hpp.publicKey) {
      this.merchantView = Object.freeze({ merchantId, ...SANDBOX_TERMINAL, hppPublicKey: hpp.publicKey });
    }
    return this.merchantView;
  }

  contextFor<S>(module: AnyModule): DomainContext<S> {
    const slices = this.state.slices;
    if (this.contextSlices !== slices) {
      this.contexts.clear();
      this.contextSlices = slices;
    }
    let context = this.contexts.get(module);
    if (!context) {
      const peer = <T>(name: string): T => {
        if (!(name in slices)) throw new Error(`Module ${module.name} asked for unknown module slice "${name}".`);
        return slices[name] as T;
      };
      context = { slice: slices[module.name], peer, mutatePeer: peer, clock: this.clock, ids: this.ids };
      this.contexts.set(module, context);
    }
    return context as DomainContext<S>;
  }

  /** Lets every module react to the time that passed since the last tick (ACH windows, batch auto-close). */
  tick(): void {
    // Compared as a number before any Date is made: most requests arrive within the millisecond of the last tick.
    const toMs = this.clock.nowMs();
    const from = this.lastTick;
    if (toMs <= from.getTime()) return;
    const to = new Date(toMs);
    this.lastTick = to;
    let changed = false;
    for (const module of this.modules) {
      if (module.onClockAdvance?.(from, to, this.contextFor(module))) changed = true;
    }
    // An advanced clock is state too; real time passing is not.
    if (this.state.clockOffsetMs !== this.clock.offsetMs) changed = true;
    this.state.clockOffsetMs = this.clock.offsetMs;
    if (changed) void this.persist();
  }

  count(operationId: string | undefined): void {
    this.stats.requests += 1;
    if (operationId) this.stats.byOperation[operationId] = (this.stats.byOperation[operationId] ?? 0) + 1;
  }

  /**
   * Fresh module data, counters, stats, outcome counts, faults and rate buckets; keys stay. With a
   * seed, the data, counters and clock are the seed's again; without one, the data is empty and the
   * clock stays. Chaos rules stay, their random source restarted so the same requests meet the same faults.
   */
  reset(): void {
    const seeded = this.seed?.fresh();
    this.state.slices = seeded?.slices ?? freshSlices(this.modules);
    for (const k of Object.keys(this.state.counters)) delete this.state.counters[k];
    Object.assign(this.state.counters, seeded?.counters);
    if (this.seed) {
      this.clock.setTo(this.seed.clockMs);
      this.lastTick = this.clock.now();
      this.state.clockOffsetMs = this.clock.offsetMs;
    }
    this.stats = { requests: 0, byOperation: {} };
    this.outcomes.clear();
    this.faults.clear();
    this.chaos.restart();
    this.limiter.clear();
    void this.persist();
  }

}
