// The streamed report (src/cli/run/streamedReport.ts) writes, byte for byte, what the whole-report
// writers write for the same run — json, junit and text — whether its parts stayed in memory or
// went through its temporary file, with files that did not parse, files with no requests, and
// values that need escaping (newlines, "<", quotes, non-ASCII) in between.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonReport } from '../../src/cli/run/jsonReport';
import { junitReport } from '../../src/cli/run/junitReport';
import { statesOf, totalsOf, type FileReport, type RequestReport, type RunReport } from '../../src/cli/run/runReport';
import { StreamedReport, type ReportFormat } from '../../src/cli/run/streamedReport';
import { textReport } from '../../src/cli/run/textReport';

const STATES: RequestReport['state'][] = ['passed', 'failed', 'error', 'skipped', 'cancelled'];

function request(index: number, padding = ''): RequestReport {
  const state = STATES[index % STATES.length];
  return {
    index,
    line: index * 7 + 1,
    label: `sale ${index} “ünïcode” <tag> & "quote"`,
    ...(index % 3 === 0 ? { name: `sale${index}` } : {}),
    method: 'POST',
    target: `/rest/v2/transactions/sale?i=${index}`,
    ...(index % 4 === 0 ? { operation: 'transactions.sale' } : {}),
    state,
    ...(state !== 'skipped' ? { status: 200 + (index % 3) * 100, timeMs: index / 10 } : {}),
    ...(state !== 'passed' ? { message: `line one\nline two <b>${padding}</b>` } : {}),
    ...(index % 6 === 0 ? { notes: ['a note', 'another\nnote'] } : {}),
    expectations: index % 2 === 0 ? [] : [{ text: 'status 200', pass: state === 'passed', actual: '200', message: 'status is 200\n<ok>' }],
  };
}

function runReport(files: Array<{ path: string; requests: RequestReport[]; invalid?: boolean }>): RunReport {
  const reports: FileReport[] = files.map((f) => (f.invalid
    ? { file: f.path, state: 'invalid', timeMs: 0, diagnostics: [{ line: 3, column: 1, message: 'unknown method "FETCH" <x>' }], requests: [] }
    : { file: f.path, state: f.requests.every((r) => r.state === 'passed') ? 'passed' : 'failed', timeMs: 12, diagnostics: [], requests: f.requests }));
  const totals = totalsOf(reports, 1234);
  return { version: 1, environment: { name: 'CI "sandbox"', kind: 'custom' }, passed: reports.every((r) => r.state === 'passed'), files: reports, totals };
}

/** The same report streamed: each file's requests told one by one, the frame without them. */
function streamed(format: ReportFormat, whole: RunReport): string {
  const report = new StreamedReport(format, []);
  for (const file of whole.files) {
    report.fileStarted(file.file);
    file.requests.forEach((r) => report.request(r));
  }
  const frame: RunReport = { ...whole, files: whole.files.map((f) => ({ ...f, requests: [] })) };
  assert.deepEqual(whole.files.map((_f, i) => report.counts(i)), whole.files.map((f) => statesOf(f.requests)));
  const chunks: Buffer[] = [];
  report.writeTo(frame, (piece) => chunks.push(typeof piece === 'string' ? Buffer.from(piece, 'utf8') : Buffer.from(piece)));
  return Buffer.concat(chunks).toString('utf8');
}

const WHOLE: Record<ReportFormat, (report: RunReport) => string> = {
  json: jsonReport,
  junit: (report) => junitReport(report),
  text: (report) => textReport(report, { colour: false }),
};

describe('streamed report', () => {
  const small = runReport([
    { path: 'a.gwreq', requests: [0, 1, 2, 3, 4, 5, 6].map((i) => request(i)) },
    { path: 'broken.gwreq', requests: [], invalid: true },
    { path: 'dir/b "c".gwreq', requests: [request(0)] },
    { path: 'c.gwreq', requests: [7, 8, 9, 10, 11].map((i) => request(i)) },
  ]);
  // About 3 MB of parts: past the in-memory spool, so they go through the temporary file.
  const large = runReport([
    { path: 'big.gwreq', requests: Array.from({ length: 2500 }, (_v, i) => request(i, 'é'.repeat(300))) },
    { path: 'broken.gwreq', requests: [], invalid: true },
    { path: 'big2.gwreq', requests: Array.from({ length: 1500 }, (_v, i) => request(i, 'x'.repeat(200))) },
  ]);

  for (const format of ['json', 'junit', 'text'] as const) {
    it(`${format}: the same bytes as the whole report, in memory and through the spool file`, async () => {
      assert.equal(streamed(format, small), WHOLE[format](small));
      assert.equal(streamed(format, large), WHOLE[format](large));
    });
  }

  it('a run whose only file did not parse', async () => {
    const report = runReport([{ path: 'broken.gwreq', requests: [], invalid: true }]);
    for (const format of ['json', 'junit', 'text'] as const) assert.equal(streamed(format, report), WHOLE[format](report));
  });
});
