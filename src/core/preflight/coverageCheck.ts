// The outcome coverage of the user's test runs, when the sandbox environment is a Local sandbox
// (it serves /__sandbox/coverage): one line with the share reached, failed below `--min-coverage`
// (default 0: reported, never failed — no application meets every outcome of the gateway), the
// outcomes not reached each named with how to reach it.

import type { CoverageReport } from '../../catalog/localSandbox/coverage';
import { check, type PreflightCheck } from './preflightCheck';

/** At most this many uncovered outcomes are listed; the line says how many more. */
const LISTED = 10;

export function coverageCheck(report: CoverageReport, sandboxName: string, minPercent: number): PreflightCheck {
  const { covered, total, percent } = report.summary;
  const listed = report.uncovered.slice(0, LISTED).map((u) => `${u.outcome} (${u.description}): ${u.trigger}`);
  if (report.uncovered.length > LISTED) listed.push(`… and ${report.uncovered.length - LISTED} more (gateway-workbench coverage --from URL lists them all)`);
  const name = `your tests reached ${percent} % of the gateway's outcomes on "${sandboxName}" (${covered} of ${total}; at least ${minPercent} % wanted)`;
  return { ...check('coverage', name, listed), passed: percent >= minPercent };
}
