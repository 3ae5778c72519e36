// `gateway-workbench coverage --from URL [--json]`: which outcomes a running Local sandbox has
// served (result codes, AVS and CSC results, ACH returns, HTTP errors, faults) and how to produce
// the ones it has not. Exit 0 when every outcome is covered, 1 when some are not (or the sandbox
// cannot be read), 2 on a usage error.

import { parseArgs } from 'node:util';
import { coverageLines, coverageUrlOf, fetchCoverage } from '../../core/localSandbox/sandboxCoverage';
import { UsageError, parseOptionsOf, type CliCommand, type CliOption } from '../cliCommand';

const OPTIONS = [
  { name: 'from', type: 'string', value: 'URL', text: 'The sandbox\'s gateway URL, as `gateway-workbench sandbox` printed it (gatewayUrl); its control surface on the same port answers.' },
  { name: 'json', type: 'boolean', text: 'Print the report as JSON: {"covered": [{outcome, description, count}], "uncovered": [{outcome, description, trigger}], "summary": {covered, total, percent}}.' },
] as const satisfies readonly CliOption[];

export const coverageCommand: CliCommand = {
  name: 'coverage',
  summary: 'Show which gateway outcomes a running Local sandbox has served, and how to produce the rest.',
  usage: 'gateway-workbench coverage --from URL [--json]',
  options: OPTIONS,
  notes: [
    'Outcomes are named kind:code — result-code:014, avs:Y, csc:N, ach-return:R01, http:429, fault:reset — and counted since the sandbox started or was last reset (POST /__sandbox/reset).',
    'Exit codes: 0 every outcome covered; 1 some not covered, or the sandbox could not be read; 2 a usage error.',
  ],
  async run(args, io) {
    const { values } = parseArgs({ args, options: parseOptionsOf(OPTIONS), strict: true, allowPositionals: false });
    if (values.from === undefined) throw new UsageError('missing --from URL: the sandbox\'s gateway URL, e.g. --from http://127.0.0.1:4010');
    try {
      coverageUrlOf(values.from);
    } catch (e) {
      throw new UsageError(`--from: ${(e as Error).message}`);
    }
    const report = await fetchCoverage(values.from);
    if (values.json) io.out(JSON.stringify(report, null, 2));
    else coverageLines(report, { covered: true }).forEach((line) => io.out(line));
    return report.uncovered.length === 0 ? 0 : 1;
  },
};
