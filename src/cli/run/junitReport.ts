// The CI report: JUnit XML as CI servers read it. One testsuite per file, one testcase per
// request named after its label; a failed expectation is a <failure>, a transport error or
// refusal an <error>, a request not run <skipped/>. A file that does not parse is a suite with
// one errored testcase. Built as an object and serialised by fast-xml-parser, which escapes.

import { XMLBuilder } from 'fast-xml-parser';
import { statesOf, type FileReport, type RequestReport, type RunReport, type StateCounts } from './runReport';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });

/** Characters XML 1.0 cannot hold at all (escaping does not help), dropped. */
const NOT_XML = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function clean(text: string): string {
  return text.replace(NOT_XML, '');
}

function seconds(ms: number | undefined): string {
  return ((ms ?? 0) / 1000).toFixed(3);
}

function suiteName(file: string): string {
  return file.replace(/\\/g, '/');
}

function classNameOf(file: string): string {
  return suiteName(file).replace(/\.gwreq$/i, '').replace(/^[./]+/, '').replace(/\//g, '.');
}

function details(request: RequestReport): string {
  const lines = [`${request.method} ${request.target}${request.status !== undefined ? ` → ${request.status}` : ''}`];
  for (const e of request.expectations) lines.push(`${e.pass ? 'ok  ' : 'FAIL'} ${e.message}`);
  return clean(lines.join('\n'));
}

function testcase(file: Pick<FileReport, 'file'>, request: RequestReport): Record<string, unknown> {
  const base: Record<string, unknown> = {
    '@_name': clean(request.label),
    '@_classname': classNameOf(file.file),
    '@_time': seconds(request.timeMs),
    '@_file': suiteName(file.file),
    '@_line': String(request.line),
  };
  const message = clean(request.message ?? '');
  const failureType = request.unreadable ? 'unreadable-answer' : request.outcomeUnknown ? 'outcome-unknown' : 'expectation';
  if (request.state === 'failed') base.failure = { '@_message': message, '@_type': failureType, '#text': details(request) };
  if (request.state === 'error') base.error = { '@_message': message, '@_type': request.outcomeUnknown ? 'outcome-unknown' : 'error', '#text': details(request) };
  if (request.state === 'skipped' || request.state === 'cancelled') base.skipped = { '@_message': message };
  if (request.notes?.length) base['system-out'] = clean(request.notes.map((note) => `note: ${note}`).join('\n'));
  return base;
}

function invalidCase(file: FileReport): Record<string, unknown> {
  const messages = file.diagnostics.map((d) => `${suiteName(file.file)}:${d.line}:${d.column}: ${d.message}`);
  return {
    '@_name': 'the file parses',
    '@_classname': classNameOf(file.file),
    '@_time': seconds(0),
    '@_file': suiteName(file.file),
    error: { '@_message': clean(messages[0] ?? 'the file does not parse'), '@_type': 'parse', '#text': clean(messages.join('\n')) },
  };
}

/** How a streamed report (streamedReport.ts) stands in for a file's testcases, which it writes itself. */
interface StreamedCases {
  /** The one testcase that marks where file `index`'s testcases go. */
  marker(index: number): Record<string, unknown>;
  counts(index: number): StateCounts;
}

function suite(file: FileReport, index: number, streamed?: StreamedCases): Record<string, unknown> {
  const states = streamed ? streamed.counts(index) : statesOf(file.requests);
  const count = (state: RequestReport['state'][]) => state.reduce((sum, s) => sum + states[s], 0);
  const requestCount = count(['passed', 'failed', 'error', 'skipped', 'cancelled']);
  const cases = file.state === 'invalid' ? [invalidCase(file)] : streamed && requestCount > 0 ? [streamed.marker(index)] : file.requests.map((r) => testcase(file, r));
  return {
    '@_name': suiteName(file.file),
    '@_tests': String(file.state === 'invalid' ? 1 : requestCount),
    '@_failures': String(count(['failed'])),
    '@_errors': String(file.state === 'invalid' ? 1 : count(['error'])),
    '@_skipped': String(count(['skipped', 'cancelled'])),
    '@_time': seconds(file.timeMs),
    testcase: cases,
  };
}

/** One testcase on its own, as the whole report writes it (at the top level: the caller indents it). */
export function junitTestcase(file: Pick<FileReport, 'file'>, request: RequestReport): string {
  return builder.build({ testcase: [testcase(file, request)] });
}

export function junitReport(report: RunReport, streamed?: StreamedCases): string {
  const { totals } = report;
  const invalidFiles = report.files.filter((f) => f.state === 'invalid').length;
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      // A shard's report says which (`run --shard 2/4`): CI keeps one file per job, told apart by name.
      '@_name': clean(`gateway-workbench run (${report.environment.name}${report.shard ? `, shard ${report.shard.index}/${report.shard.total}` : ''})`),
      '@_tests': String(totals.requests + invalidFiles),
      '@_failures': String(totals.failed),
      '@_errors': String(totals.errors + invalidFiles),
      '@_skipped': String(totals.skipped + totals.cancelled),
      '@_time': seconds(totals.timeMs),
      testsuite: report.files.map((file, index) => suite(file, index, streamed)),
    },
  };
  return builder.build(document);
}
