// The human report: one line per request (mark, label, status, time, why it failed), the
// files that did not parse with file:line:col messages, and a summary line. Colour only when
// the caller says the output is a terminal that wants it. Every text from a request file or an
// answer goes through visibleText: a stranger's file cannot move the cursor, clear the screen or
// set the clipboard (OSC 52) of the terminal or CI log that shows the report.

import type { OutcomeState } from '../../core/runner';
import type { FileReport, RequestReport, RunReport, RunTotals } from './runReport';
import { visibleText } from '../../core/protection/visibleText';

const MARKS: Readonly<Record<OutcomeState, string>> = { passed: '✓', failed: '✗', error: '!', skipped: '–', cancelled: '–' };
const COLOURS: Readonly<Record<OutcomeState | 'summary-bad' | 'summary-good', string>> = {
  passed: '\x1b[32m',
  failed: '\x1b[31m',
  error: '\x1b[31m',
  skipped: '\x1b[33m',
  cancelled: '\x1b[33m',
  'summary-bad': '\x1b[31m',
  'summary-good': '\x1b[32m',
};
const RESET = '\x1b[0m';

interface TextReportOptions {
  colour: boolean;
}

/** True when stdout is a terminal and NO_COLOR (https://no-color.org) is unset or empty. */
export function wantsColour(isTty: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  return isTty === true && !env.NO_COLOR;
}

function paint(text: string, colour: keyof typeof COLOURS, options: TextReportOptions): string {
  return options.colour ? `${COLOURS[colour]}${text}${RESET}` : text;
}

function requestLine(request: RequestReport, options: TextReportOptions): string {
  const status = request.status !== undefined ? String(request.status) : '—';
  const time = request.timeMs !== undefined ? `${Math.round(request.timeMs)} ms` : '';
  const label = visibleText(request.label) + (request.asDependency ? ' (dependency)' : '');
  const why = request.message && request.state !== 'passed' ? ` — ${visibleText(request.message)}` : '';
  return `  ${paint(MARKS[request.state], request.state, options)} ${status.padStart(3)} ${time.padStart(7)}  ${label}${why}`;
}

/** The request's line and, indented under it, its notes (auth headers not sent, a body not parsed). */
export function requestLines(request: RequestReport, options: TextReportOptions): string[] {
  // Pushed, not spread from map(): see judge (src/core/runner/run.ts) on the two kinds of array map() makes.
  const lines = [requestLine(request, options)];
  if (request.notes) for (const note of request.notes) lines.push(`        note: ${visibleText(note)}`);
  return lines;
}

/** Why a file was not run, one line per parse error; nothing for a file that ran. */
export function invalidFileLines(file: FileReport, options: TextReportOptions): string[] {
  if (file.state !== 'invalid') return [];
  return [`  ${paint('not run', 'failed', options)}: the file does not parse`, ...file.diagnostics.map((d) => `  ${visibleText(file.file)}:${d.line}:${d.column}: ${visibleText(d.message)}`)];
}

function fileLines(file: FileReport, options: TextReportOptions): string[] {
  return [visibleText(file.file), ...invalidFileLines(file, options), ...file.requests.flatMap((r) => requestLines(r, options))];
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function summaryLine(totals: RunTotals, passed: boolean, options: TextReportOptions): string {
  const parts = [`${totals.passed} passed`, `${totals.failed} failed`, plural(totals.errors, 'error'), `${totals.skipped + totals.cancelled} skipped`];
  const invalid = totals.filesFailed > 0 ? `; ${plural(totals.filesFailed, 'file')} failed or did not parse` : '';
  const text = `${passed ? 'PASSED' : 'FAILED'}: ${plural(totals.requests, 'request')} in ${plural(totals.files, 'file')}: ${parts.join(', ')}${invalid} (${(totals.timeMs / 1000).toFixed(2)} s)`;
  return paint(text, passed ? 'summary-good' : 'summary-bad', options);
}

export function textReport(report: RunReport, options: TextReportOptions): string {
  const lines = report.files.flatMap((f) => fileLines(f, options));
  const shard = report.shard ? [`Shard: ${report.shard.index}/${report.shard.total}`] : [];
  return [`Environment: ${visibleText(report.environment.name)}`, ...shard, ...lines, '', summaryLine(report.totals, report.passed, options)].join('\n') + '\n';
}
