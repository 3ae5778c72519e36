// `gateway-workbench coverage --from URL [--json]`: which outcomes a running Local sandbox has
// served (result codes, AVS and CSC results, ACH returns, HTTP errors, faults) and how to produce
// the ones it has not. `coverage --merge FILE…` puts together the reports that the shards of a CI
// matrix wrote (`run --coverage-json FILE`), each from its own sandbox. Exit 0 when every outcome
// is covered, 1 when some are not (or the sandbox cannot be read), 2 on a usage error.

import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { CoverageReport } from '../../catalog/localSandbox/coverage';
import { checkedCoverage, coverageLines, coverageUrlOf, fetchCoverage, mergeCoverage } from '../../core/localSandbox/sandboxCoverage';
import { UsageError, parseOptionsOf, type CliCommand, type CliOption } from '../cliCommand';

const OPTIONS = [
  { name: 'from', type: 'string', value: 'URL', text: 'The sandbox\'s gateway URL, as `gateway-workbench sandbox` printed it (gatewayUrl); its control surface on the same port answers.' },
  { name: 'merge', type: 'boolean', text: 'Instead of --from: the reports in the files given (written by `run --coverage-json FILE`, or by `coverage --json`), one per CI shard, as one report: an outcome any of them reached is covered, its counts summed.' },
  { name: 'json', type: 'boolean', text: 'Print the report as JSON: {"covered": [{outcome, description, count}], "uncovered": [{outcome, description, trigger}], "summary": {covered, total, percent}}.' },
] as const satisfies readonly CliOption[];

export const coverageCommand: CliCommand = {
  name: 'coverage',
  summary: 'Show which gateway outcomes a running Local sandbox has served, and how to produce the rest.',
  usage: 'gateway-workbench coverage --from URL [--json] | --merge FILE… [--json]',
  options: OPTIONS,
  notes: [
    'Outcomes are named kind:code — result-code:014, avs:Y, csc:N, ach-return:R01, http:429, fault:reset — and counted since the sandbox started or was last reset (POST /__sandbox/reset).',
    'Exit codes: 0 every outcome covered; 1 some not covered, or the sandbox could not be read; 2 a usage error.',
  ],
  async run(args, io) {
    const { values, positionals } = parseArgs({ args, options: parseOptionsOf(OPTIONS), strict: true, allowPositionals: true });
    let report: CoverageReport;
    if (values.merge) {
      if (values.from !== undefined) throw new UsageError('--merge reads files, --from a running sandbox: give one of them');
      if (positionals.length === 0) throw new UsageError('--merge needs the report files, e.g. coverage --merge coverage-1.json coverage-2.json');
      report = mergeCoverage(await Promise.all(positionals.map(readReport)));
    } else {
      if (positionals.length > 0) throw new UsageError(`unexpected ${positionals[0]}: files are read with --merge`);
      if (values.from === undefined) throw new UsageError('missing --from URL: the sandbox\'s gateway URL, e.g. --from http://127.0.0.1:4010 (or --merge FILE… for shards\' reports)');
      try {
        coverageUrlOf(values.from);
      } catch (e) {
        throw new UsageError(`--from: ${(e as Error).message}`);
      }
      report = await fetchCoverage(values.from);
    }
    if (values.json) io.out(JSON.stringify(report, null, 2));
    else coverageLines(report, { covered: true }).forEach((line) => io.out(line));
    return report.uncovered.length === 0 ? 0 : 1;
  },
};

/** One shard's report; a UsageError naming the file when it cannot be read or is not one. */
async function readReport(file: string): Promise<CoverageReport> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  try {
    return checkedCoverage(JSON.parse(text));
  } catch (e) {
    throw new UsageError(`${file}: ${(e as Error).message.replace('the answer is not', 'not')}`);
  }
}
