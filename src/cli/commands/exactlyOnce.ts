// `gateway-workbench exactly-once [--runs N] [--seed FILE] [--report text|junit] -- COMMAND…`:
// runs the user's own test command against fresh Local sandboxes, once clean, then with each
// step that changes something faulted in turn (its answer lost, a 5xx or a timeout after it was
// committed, or the connection reset before), and reports every charge, refund, ACH debit or
// plan the application made twice. The report goes to stdout, the command's output to stderr.

import { parseArgs } from 'node:util';
import { UsageError, parseOptionsOf, type CliCommand, type CliOption } from '../cliCommand';
import { exactlyOnce, heldEverywhere } from '../exactlyOnce/exactlyOnceRun';
import { startSandbox } from '../../sandbox/server';
import { coverageLines } from '../../core/localSandbox/sandboxCoverage';
import { SeedError, type SeedDocument } from '../../sandbox/seeds/seedDocument';
import { readSeedFile } from '../../sandbox/seeds/seedFile';
import { junitReport, textReport, type ExactlyOnceFormat } from '../exactlyOnce/exactlyOnceReport';

const FORMATS: readonly ExactlyOnceFormat[] = ['text', 'junit'];
const RUN_TIMEOUT_MS = 120_000;

function wholeOf(flag: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) throw new UsageError(`--${flag} must be a whole number of at least ${min}, not "${raw}"`);
  return Number(raw);
}

function formatOf(raw: string | undefined): ExactlyOnceFormat {
  if (raw === undefined) return 'text';
  if ((FORMATS as readonly string[]).includes(raw)) return raw as ExactlyOnceFormat;
  throw new UsageError(`--report must be text or junit, not "${raw}"`);
}

const OPTIONS = [
  { name: 'runs', type: 'string', value: 'N', text: 'At most N faulted runs (the steps in the order the clean run made them, each with the four faults in turn). Default: all of them.' },
  { name: 'seed', type: 'string', value: 'FILE', text: 'Start every sandbox (the clean run\'s and each faulted one) from the seed in FILE: a snapshot (GET /__sandbox/snapshot) or a seed written by hand (schemas/gwseed.schema.json). A refused seed exits 2 naming the offending entry.' },
  { name: 'report', type: 'string', value: FORMATS.join('|'), text: 'The report\'s format on stdout: text (default) or junit, for a CI server.' },
  { name: 'hold', type: 'string', value: 'MS', text: 'How long timeout-after-commit holds an answer, in milliseconds; default 5000. Set it above your client\'s own timeout so that the timeout trips.' },
] as const satisfies readonly CliOption[];

export const exactlyOnceCommand: CliCommand = {
  name: 'exactly-once',
  summary: 'Check that your application never charges twice when an answer is lost, failed or late.',
  usage: 'gateway-workbench exactly-once [--runs N] [--seed FILE] [--report text|junit] [--hold MS] -- COMMAND…',
  options: OPTIONS,
  notes: [
    'COMMAND (everything after --, run without a shell) is your own test, run against a fresh Local sandbox each time with GATEWAY_URL, BOARDING_URL, GATEWAY_API_KEY, GATEWAY_ACCESS_KEY and GATEWAY_MERCHANT_ID in its environment. The clean run records each request that moves money or changes state; then the command runs again once per such step and fault: lost-answer (committed, then the connection drops), 5xx-after-commit, timeout-after-commit and reset-before (never committed).',
    'After each run the sandbox is compared with the clean run\'s: a charge, refund, ACH debit or payment plan held more often than in the clean run is a double, reported with the step, the fault, the invoice, the card\'s or account\'s last four, the amount and the transaction ids. The clean run\'s output is passed on to stderr, keys redacted; a run is stopped after 120 s.',
    'Exit codes: 0 when the application held everywhere, 1 when anything doubled, the command failed where the clean run passed, or the clean run itself failed, 2 for usage errors. Ctrl+C (SIGINT) or SIGTERM stops the command running (its whole process group), reports the runs finished and exits 130 or 143.',
  ],
  async run(args, io) {
    const dashes = args.indexOf('--');
    if (dashes < 0 || dashes === args.length - 1) throw new UsageError('give the command to run after --, e.g. exactly-once -- npm test');
    const command = args.slice(dashes + 1);
    const { values } = parseArgs({ args: args.slice(0, dashes), strict: true, allowPositionals: false, options: parseOptionsOf(OPTIONS) });
    const format = formatOf(values.report);
    const runs = wholeOf('runs', values.runs, 1);
    const holdMs = wholeOf('hold', values.hold, 1) ?? 5000;
    if (holdMs > 600_000) throw new UsageError(`--hold is at most 600000 ms, not ${holdMs}`);
    const seed = values.seed === undefined ? undefined : await checkedSeed(values.seed);
    // The command runs in its own process group, which a terminal's Ctrl+C does not reach: we
    // stop it, report what ran, and exit 130 (SIGINT) or 143 (SIGTERM), as a shell would.
    const stopping = new AbortController();
    let stoppedBy: NodeJS.Signals | undefined;
    const onSignal = (signal: NodeJS.Signals): void => {
      stoppedBy ??= signal;
      io.err(`exactly-once: ${signal}: stopping the command and reporting the runs so far`);
      stopping.abort();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    try {
      const result = await exactlyOnce({
        command, runs, holdMs, runTimeoutMs: RUN_TIMEOUT_MS, signal: stopping.signal, ...(seed ? { seed } : {}),
        echo: text => io.err(text.replace(/\n$/, '')),
        progress: line => io.err(`exactly-once: ${line}`),
      });
      // The outcomes the clean run reached end the report; beside a JUnit document, on stderr.
      const coverage = coverageLines(result.clean.coverage).join('\n');
      if (format === 'junit') {
        io.out(junitReport(result));
        io.err(coverage);
      } else {
        io.out(`${textReport(result)}\n${coverage}`);
      }
      if (stoppedBy) return stoppedBy === 'SIGINT' ? 130 : 143;
      return heldEverywhere(result) ? 0 : 1;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  },
};

/** The seed file read and tried once, before any run: a refused seed is a usage error (exit 2), not a failed run. */
async function checkedSeed(file: string): Promise<SeedDocument> {
  let seed: SeedDocument;
  try {
    seed = await readSeedFile(file) as SeedDocument;
    const tried = await startSandbox({ seed });
    await tried.close();
  } catch (e) {
    if (e instanceof SeedError) throw new UsageError(`the seed ${file} is refused: ${e.message}`);
    throw e;
  }
  return seed;
}
