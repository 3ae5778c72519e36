// `exactly-once`'s runs: the user's command once against a fresh sandbox with no faults (what
// it changes there is the reference), then once per step and fault with only that step's
// answer failed, each in its own fresh sandbox, compared with the reference.

import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import type { SeedDocument } from '../../sandbox/seeds/seedDocument';
import type { CoverageReport } from '../../catalog/localSandbox/coverage';
import type { LedgerEntry } from '../../sandbox/moneyLedger';
import { passed, runApp, type AppExit } from './appRun';
import { doublesBetween, type Double } from './doubles';
import { planRuns, stepsOf, type PlannedRun, type Step } from './steps';

interface ExactlyOnceOptions {
  command: readonly string[];
  /** At most this many faulted runs. */
  runs?: number;
  /** How long `timeout-after-commit` holds an answer: longer than the application's own timeout. */
  holdMs: number;
  /** How long one run of the command may take before it is stopped. */
  runTimeoutMs: number;
  /** The clean run's output, passed on (redacted). */
  echo?: (text: string) => void;
  /** Told as each faulted run starts (progress on stderr). */
  progress?: (line: string) => void;
  /** Ctrl+C: the command running is stopped and no further run starts. */
  signal?: AbortSignal;
  /** Every sandbox (the clean run's and each faulted one) starts from this seed. */
  seed?: SeedDocument;
}

export interface FaultedRunResult extends PlannedRun {
  exit: AppExit;
  /** Whether the faulted step happened at all (a run that changed course may not reach it). */
  reached: boolean;
  doubles: Double[];
}

export interface ExactlyOnceResult {
  command: readonly string[];
  /** The clean run: its exit, the steps it made, what it left, and which gateway outcomes it reached. */
  clean: { exit: AppExit; steps: Step[]; ledger: LedgerEntry[]; coverage: CoverageReport };
  runs: FaultedRunResult[];
  /** Planned runs left out by `--runs`. */
  notRun: number;
  /** Stopped by Ctrl+C (SIGINT) or SIGTERM: the runs before it are reported. */
  interrupted: boolean;
}

export const heldEverywhere = (result: ExactlyOnceResult): boolean =>
  !result.interrupted && passed(result.clean.exit) && result.runs.every(r => r.doubles.length === 0 && passed(r.exit));

async function withSandbox<T>(seed: SeedDocument | undefined, use: (sandbox: RunningSandbox) => Promise<T>): Promise<T> {
  const sandbox = await startSandbox(seed ? { seed } : {});
  try {
    return await use(sandbox);
  } finally {
    await sandbox.close();
  }
}

async function faultedRun(planned: PlannedRun, clean: readonly LedgerEntry[], options: ExactlyOnceOptions): Promise<FaultedRunResult> {
  return withSandbox(options.seed, async sandbox => {
    const { step, fault } = planned;
    sandbox.control.setChaos({
      seed: 0,
      rules: [{
        operation: step.operation, fault, skip: step.occurrence - 1, count: 1,
        ...(fault === 'timeout-after-commit' ? { delayMs: options.holdMs } : {}),
      }],
    });
    const exit = await runApp(options.command, sandbox, { timeoutMs: options.runTimeoutMs, signal: options.signal });
    const reached = sandbox.control.chaos().rules[0].fired > 0;
    return { ...planned, exit, reached, doubles: doublesBetween(clean, sandbox.control.ledger()) };
  });
}

export async function exactlyOnce(options: ExactlyOnceOptions): Promise<ExactlyOnceResult> {
  const clean = await withSandbox(options.seed, async sandbox => {
    const exit = await runApp(options.command, sandbox, { timeoutMs: options.runTimeoutMs, echo: options.echo, signal: options.signal });
    return { exit, steps: stepsOf(sandbox.control.stats().byOperation), ledger: sandbox.control.ledger(), coverage: sandbox.control.coverage() };
  });
  const result: ExactlyOnceResult = { command: options.command, clean, runs: [], notRun: 0, interrupted: options.signal?.aborted ?? false };
  // A command that fails with no faults says nothing about faults.
  if (!passed(clean.exit) || result.interrupted) return result;
  const all = planRuns(clean.steps, undefined);
  const planned = planRuns(clean.steps, options.runs);
  result.notRun = all.length - planned.length;
  for (const [i, run] of planned.entries()) {
    options.progress?.(`run ${i + 1}/${planned.length}: ${run.step.operation} #${run.step.occurrence} with ${run.fault}`);
    const done = await faultedRun(run, clean.ledger, options);
    if (options.signal?.aborted) {
      // The run cut short says nothing; those not started are counted as not run.
      result.interrupted = true;
      result.notRun += planned.length - i;
      break;
    }
    result.runs.push(done);
  }
  return result;
}
