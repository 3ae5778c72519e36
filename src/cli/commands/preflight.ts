// `gateway-workbench preflight --env SANDBOX --against PRODUCTION [PATH…] [--recording FILE]`:
// one go-live report, pass or fail per line, of what bites integrators when they switch —
// settings that differ between the two environments, keys and card numbers written in the
// given paths, what a proxy recording of the application would do in production, and the
// outcome coverage of the tests when the sandbox keeps it. Exit 1 when anything fails.

import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { credentialSecrets } from '../../core/protection/redaction';
import { fetchCoverage } from '../../core/localSandbox/sandboxCoverage';
import { coverageCheck } from '../../core/preflight/coverageCheck';
import { scanFiles } from '../../core/preflight/fileScan';
import type { PreflightCheck } from '../../core/preflight/preflightCheck';
import { PREFLIGHT_FORMATS, preflightOutput, type PreflightFormat } from '../../core/preflight/preflightReport';
import { parseRecording, recordingChecks } from '../../core/preflight/recordingChecks';
import { DRIFT_GROUPS, settingsDrift } from '../../core/preflight/settingsDrift';
import { readSettings } from '../../core/settingsCode/settingsRemote';
import { UsageError, parseOptionsOf, type CliCommand, type CliOption } from '../cliCommand';
import { CONFIG_OPTION } from '../run/environmentConfig';
import { targetClient, targetFor, type RunTarget } from '../run/runTarget';

const OPTIONS = [
  { name: 'env', type: 'string', value: 'local|NAME', text: 'The environment your application was tested on (a sandbox), as `run` takes it.' },
  { name: 'against', type: 'string', value: 'NAME', text: 'The production environment it goes live on: its settings are read (reads only), never written.' },
  { name: 'recording', type: 'string', value: 'FILE', text: 'A recording of your application\'s requests (gateway-workbench proxy --recording FILE): what it would send to production.' },
  { name: 'report', type: 'string', value: 'text|json|junit', text: 'The report\'s form. Default: text.' },
  { name: 'min-coverage', type: 'string', value: 'PERCENT', text: 'Fail when the sandbox\'s outcome coverage is below this share (a Local sandbox only). Default 0: reported, not judged.' },
  { name: 'output', type: 'string', value: 'FILE', text: 'Write the report here as well as printing the one-line verdict.' },
  CONFIG_OPTION,
] as const satisfies readonly CliOption[];

async function settingsOf(target: RunTarget): Promise<Awaited<ReturnType<typeof readSettings>>> {
  const client = targetClient(target);
  try {
    return await readSettings(client, DRIFT_GROUPS);
  } finally {
    await client.close();
  }
}

export const preflightCommand: CliCommand = {
  name: 'preflight',
  summary: 'A go-live check: settings drift, keys and card numbers in files, what a recording would send to production, coverage.',
  usage: 'gateway-workbench preflight --env SANDBOX --against PRODUCTION [PATH…] [--recording FILE] [--report text|json|junit] [--output FILE] [--min-coverage PERCENT] [--config FILE]',
  options: OPTIONS,
  notes: [
    'Settings: duplicate checks, AVS and CSC filters, automatic batch closing and the time zone must be the same in both environments (gateway-workbench settings plan shows how to make them so).',
    'PATH…: files and folders (node_modules, .git, dist and the like skipped) searched for keys — either environment\'s, and anything that looks like one — and card numbers. Found values are shown by their last four.',
    '--recording: a money-moving request sent again after a lost or failed answer with no read between, a test card or a sandbox decline amount, a request the catalog does not know — each fails.',
    'Coverage: when the sandbox is a Local sandbox, the outcomes your tests have not reached yet.',
    'Keys come from environment variables, as for run (GATEWAY_API_KEY_<NAME>). Exit codes: 0 every check passed, 1 one failed or an error, 2 a usage error.',
  ],
  async run(args, io) {
    const { values, positionals } = parseArgs({ args, options: parseOptionsOf(OPTIONS), strict: true, allowPositionals: true });
    if (values.against === undefined) throw new UsageError('--against PRODUCTION is required: the environment your application goes live on');
    const format = (values.report ?? 'text') as PreflightFormat;
    if (!PREFLIGHT_FORMATS.includes(format)) throw new UsageError(`--report must be text, json or junit, not "${values.report}"`);
    const recording = values.recording === undefined ? undefined : parseRecording(await readFile(values.recording, 'utf8').catch((e: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot read the recording ${values.recording}: ${e.code === 'ENOENT' ? 'it does not exist' : e.message}`);
    }), values.recording);
    const minCoverage = Number(values['min-coverage'] ?? '0');
    if (!Number.isFinite(minCoverage) || minCoverage < 0 || minCoverage > 100) throw new UsageError(`--min-coverage must be a percentage from 0 to 100, not "${values['min-coverage']}"`);
    const sandbox = await targetFor(values.env, values.config);
    const production = await targetFor(values.against, values.config).catch(async (e: unknown) => {
      await sandbox.close();
      throw e;
    });
    try {
      const checks: PreflightCheck[] = [];
      checks.push(...settingsDrift(await settingsOf(sandbox), await settingsOf(production), { sandbox: sandbox.environment.name, production: production.environment.name }));
      if (positionals.length > 0) {
        const keys = [...credentialSecrets(sandbox.credentials), ...credentialSecrets(production.credentials)];
        checks.push(...await scanFiles(positionals, keys));
      }
      if (recording) checks.push(...recordingChecks(recording, values.recording!));
      const coverage = sandbox.coverage ? sandbox.coverage() : await fetchCoverage(sandbox.environment.gatewayUrl).catch(() => undefined);
      if (coverage) checks.push(coverageCheck(coverage, sandbox.environment.name, minCoverage));
      const title = `Go-live check: ${sandbox.environment.name} → ${production.environment.name}`;
      const report = preflightOutput(format, checks, title);
      const failed = checks.filter((c) => !c.passed).length;
      if (values.output !== undefined) {
        await writeFile(values.output, `${report}\n`);
        io.out(failed === 0 ? `Ready: all ${checks.length} checks passed (${values.output}).` : `Not ready: ${failed} of ${checks.length} checks failed (${values.output}).`);
      } else {
        io.out(report);
      }
      return failed === 0 ? 0 : 1;
    } finally {
      await sandbox.close();
      await production.close();
    }
  },
};
