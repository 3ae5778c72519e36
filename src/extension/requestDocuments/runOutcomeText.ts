// What a request-file run says about itself, as text: the Send All summary, the after-text of
// the request-line and `@expect` decorations, and the log line of each expectation. Plain
// functions (no vscode), redacted here so that no caller can forget.
import { redact } from '../../core/protection/redaction';
import type { ExpectationResult, RequestOutcome } from '../../core/runner/types';

type Outcome = Omit<RequestOutcome, 'result'>;

const ms = (timingMs: number | undefined) => (timingMs === undefined ? '' : ` ${Math.round(timingMs)} ms`);

const VERBS: ReadonlyArray<[RequestOutcome['state'], string]> = [['failed', 'failed'], ['error', 'error'], ['cancelled', 'not sent']];

/**
 * "4 passed", or "3 passed, 1 failed: <label> — <why>" naming the first request that did not
 * pass; a run carries on past a failure, so there may be more ("2 failed: … (and 1 more)").
 */
export function runSummary(outcomes: readonly Outcome[], secrets: readonly string[] = []): string {
  const passed = outcomes.filter((o) => o.state === 'passed').length;
  const unpassed = outcomes.filter((o) => o.state !== 'passed' && o.state !== 'skipped');
  const first = unpassed[0] ?? outcomes.find((o) => o.state !== 'passed');
  const skipped = outcomes.filter((o) => o.state === 'skipped' && o !== first).length;
  if (!first) return `${passed} passed`;
  const counts = VERBS.map(([state, verb]) => [unpassed.filter((o) => o.state === state).length, verb] as const).filter(([n]) => n > 0).map(([n, verb]) => `${n} ${verb}`);
  const more = unpassed.length > 1 ? ` (and ${unpassed.length - 1} more)` : '';
  const rest = skipped > 0 ? ` (${skipped} not run)` : '';
  return redact(`${passed} passed, ${counts.length > 0 ? counts.join(', ') : `1 ${first.state}`}: ${first.label} — ${first.message ?? first.state}${more}${rest}`, secrets);
}

export type Verdict = 'passed' | 'failed' | 'neutral';

export interface DecorationText {
  verdict: Verdict;
  text: string;
}

/** After-text on a request's method line: "✓ 200 41 ms", "✗ 402 — failed: …", "○ not run: …". */
export function requestLineText(outcome: Outcome, secrets: readonly string[] = []): DecorationText {
  const status = outcome.status === undefined ? '' : ` ${outcome.status}`;
  if (outcome.state === 'passed') return { verdict: 'passed', text: `✓${status}${ms(outcome.timingMs)}` };
  if (outcome.state === 'failed') {
    const failedExpectations = outcome.expectations.filter((e) => !e.outcome.pass).length;
    const why = failedExpectations > 0 && !outcome.unreadable ? `${failedExpectations} of ${outcome.expectations.length} expectations failed` : (outcome.message ?? 'failed');
    return { verdict: 'failed', text: redact(`✗${status}${ms(outcome.timingMs)} — ${why}`, secrets) };
  }
  if (outcome.state === 'error') return { verdict: 'failed', text: redact(`✗ ${outcome.message ?? 'error'}`, secrets) };
  return { verdict: 'neutral', text: redact(`○ ${outcome.message ?? outcome.state}`, secrets) };
}

/** After-text on an `@expect` line: "✓ passed" or "✗ failed: … (path was "DECLINED")". */
export function expectationText(result: ExpectationResult, secrets: readonly string[] = []): DecorationText {
  if (result.outcome.pass) return { verdict: 'passed', text: '✓ passed' };
  return { verdict: 'failed', text: redact(`✗ ${result.outcome.message}`, secrets) };
}

/** One "Gateway" log line per expectation: environment, request, expectation, verdict, actual value. */
export function expectationLogLine(environmentName: string, outcome: Outcome, result: ExpectationResult, secrets: readonly string[] = []): string {
  const actual = result.outcome.actual === undefined ? 'nothing' : `"${result.outcome.actual}"`;
  const verdict = result.outcome.pass ? 'passed' : 'FAILED';
  return redact(`[${environmentName}] ${outcome.label} @expect ${result.expectation.text} → ${verdict} (actual ${actual})`, secrets);
}

/** The log line of a request that did not pass (why it failed, errored or was not run). */
export function outcomeLogLine(environmentName: string, outcome: Outcome, secrets: readonly string[] = []): string {
  const status = outcome.status === undefined ? '' : ` ${outcome.status}`;
  return redact(`[${environmentName}] ${outcome.label} →${status} ${outcome.state}${outcome.message ? `: ${outcome.message}` : ''}`, secrets);
}
