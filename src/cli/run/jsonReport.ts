// The machine report: the RunReport shape (runReport.ts documents every field), pretty-printed.
import type { RunReport } from './runReport';

export function jsonReport(report: RunReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}
