// How often the sandbox served each outcome, since it started or was last reset: in memory only
// (a restart or `POST /__sandbox/reset` starts again from nothing, as a test suite's run does).
// Counted on every answer, so kept cheap: one small map per kind, no names made per request.

import type { CoverageReport, CoveredOutcome, UncoveredOutcome } from '../../catalog/localSandbox/coverage';
import { OUTCOMES, outcomeName, type OutcomeKind } from './outcomeList';

const KINDS: readonly OutcomeKind[] = ['result-code', 'avs', 'csc', 'ach-return', 'http', 'fault'];

export class OutcomeCounts {
  private readonly counts = Object.fromEntries(KINDS.map((k) => [k, new Map<string, number>()])) as Record<OutcomeKind, Map<string, number>>;

  add(kind: OutcomeKind, code: string): void {
    const byCode = this.counts[kind];
    byCode.set(code, (byCode.get(code) ?? 0) + 1);
  }

  clear(): void {
    for (const kind of KINDS) this.counts[kind].clear();
  }

  /** Covered first in the list's order (then outcomes not in the list), and what is left with its trigger. */
  report(): CoverageReport {
    const covered: CoveredOutcome[] = [];
    const uncovered: UncoveredOutcome[] = [];
    const listed = new Set<string>();
    for (const o of OUTCOMES) {
      const name = outcomeName(o.kind, o.code);
      listed.add(name);
      const count = this.counts[o.kind].get(o.code);
      if (count) covered.push({ outcome: name, description: o.description, count, trigger: o.trigger });
      else uncovered.push({ outcome: name, description: o.description, trigger: o.trigger });
    }
    const listedCovered = covered.length;
    for (const kind of KINDS) {
      for (const [code, count] of this.counts[kind]) {
        const name = outcomeName(kind, code);
        if (!listed.has(name)) covered.push({ outcome: name, description: 'not in the sandbox\'s list of outcomes', count, listed: false });
      }
    }
    const total = OUTCOMES.length;
    return { covered, uncovered, summary: { covered: listedCovered, total, percent: Math.floor((100 * listedCovered) / total) } };
  }
}
