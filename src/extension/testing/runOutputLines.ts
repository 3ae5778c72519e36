// What a Testing-view run writes to its Test Results output, so that a failed run is explained
// there too (not "The test run did not record any output"): per file its name, per request a
// line (mark, status, time, label, why it did not pass) and, under a request that did not pass,
// each expectation with what was expected and what came back. Text from the file or the answer
// is shown on one line (visibleText) and without the environment's keys (redact). The output is
// a terminal, so lines end in CRLF. No vscode import: plain text in, plain text out.
import type { ExpectationResult, OutcomeState, RequestOutcome } from '../../core/runner';
import { redact } from '../../core/protection/redaction';
import { visibleText } from '../../core/protection/visibleText';

const MARKS: Readonly<Record<OutcomeState, string>> = { passed: '✓', failed: '✗', error: '!', skipped: '–', cancelled: '–' };
const CRLF = '\r\n';

/** What an expectation asked for, as the diff's "expected" side shows it. */
export function expectedOf(e: ExpectationResult): string | undefined {
  const { expectation } = e;
  if (expectation.operator === 'exists') return 'a value';
  if (expectation.operator === 'matches') return `/${expectation.expected ?? ''}/${expectation.flags ?? ''}`;
  return expectation.operator === '!=' ? `not ${expectation.expected ?? ''}` : expectation.expected;
}

function expectationLine(e: ExpectationResult, say: (text: string) => string): string {
  const mark = e.outcome.pass ? MARKS.passed : MARKS.failed;
  if (e.outcome.pass) return `      ${mark} ${say(e.expectation.text)}`;
  const expected = expectedOf(e);
  return `      ${mark} ${say(e.expectation.text)}: expected ${say(expected ?? '(nothing)')}, actual ${say(e.outcome.actual ?? '(no value)')}`;
}

const sayWith = (secrets: readonly string[]) => (text: string): string => visibleText(redact(text, secrets));

/** The line that heads a file's requests in the output. */
export function fileOutputLine(fileLabel: string, secrets: readonly string[]): string {
  return sayWith(secrets)(fileLabel) + CRLF;
}

/** One request's line and, when it did not pass, its expectations' lines; each ends in CRLF. */
export function requestOutputLines(outcome: RequestOutcome, secrets: readonly string[]): string {
  const say = sayWith(secrets);
  const status = outcome.status !== undefined ? String(outcome.status) : '—';
  const time = outcome.timingMs !== undefined ? `${Math.round(outcome.timingMs)} ms` : '';
  const why = outcome.message && outcome.state !== 'passed' ? ` — ${say(outcome.message)}` : '';
  const lines = [`  ${MARKS[outcome.state]} ${status.padStart(3)} ${time.padStart(7)}  ${say(outcome.label)}${outcome.asDependency ? ' (dependency)' : ''}${why}`];
  if (outcome.state !== 'passed') for (const e of outcome.expectations) lines.push(expectationLine(e, say));
  return lines.map((line) => line + CRLF).join('');
}
