// The go-live report in the three forms CI reads: text (a line per check, ✓ or ✗, the evidence
// under each failure), JSON, and JUnit (a test case per check, a failure per failed one).

import { XMLBuilder } from 'fast-xml-parser';
import type { PreflightCheck } from './preflightCheck';

export const PREFLIGHT_FORMATS = ['text', 'json', 'junit'] as const;
export type PreflightFormat = (typeof PREFLIGHT_FORMATS)[number];

function preflightText(checks: readonly PreflightCheck[], title: string): string {
  const lines = [title];
  for (const c of checks) {
    lines.push(`${c.passed ? '✓' : '✗'} ${c.section}: ${c.name}`);
    if (!c.passed) for (const d of c.details) lines.push(`    ${d}`);
  }
  const failed = checks.filter((c) => !c.passed).length;
  lines.push(failed === 0 ? `Ready: all ${checks.length} checks passed.` : `Not ready: ${failed} of ${checks.length} checks failed.`);
  return lines.join('\n');
}

function preflightJson(checks: readonly PreflightCheck[], title: string): string {
  return JSON.stringify({ title, passed: checks.every((c) => c.passed), checks }, null, 2);
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });

function preflightJunit(checks: readonly PreflightCheck[], title: string): string {
  const testcase = checks.map((c) => ({
    '@_classname': `preflight.${c.section}`, '@_name': c.name,
    ...(c.passed ? {} : { failure: { '@_message': c.details[0] ?? 'failed', '#text': c.details.join('\n') } }),
  }));
  const failures = checks.filter((c) => !c.passed).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ testsuites: { testsuite: { '@_name': title, '@_tests': checks.length, '@_failures': failures, testcase } } })}`;
}

export function preflightOutput(format: PreflightFormat, checks: readonly PreflightCheck[], title: string): string {
  return format === 'json' ? preflightJson(checks, title) : format === 'junit' ? preflightJunit(checks, title) : preflightText(checks, title);
}
