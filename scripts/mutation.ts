// `npm run mutation [-- <module>…] [--force]`: StrykerJS on the policy modules of
// scripts/mutationModules.ts, one Stryker run per module against that module's own test files.
// The tests are node:test files run through tsx; Stryker's TAP runner spawns each file with
// `--test-reporter=tap` and reads its TAP, so no other test framework is involved. Prints a
// summary table and merges it into reports/mutation/summary.json (what the README quotes).
// Exit 1 when a module scores below its threshold, 2 on a usage error. Slow (minutes per module):
// not part of `npm test`. Incremental: a mutant whose code and test files did not change keeps
// its last result; a change anywhere else in src/ or test/ (what the tests go through) runs
// them all again, as --force does.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { MutantResult, PartialStrykerOptions } from '@stryker-mutator/api/core';
import { MUTATION_MODULES } from './mutationModules';

const ROOT = path.resolve(__dirname, '..');
const REPORT_DIR = 'reports/mutation';
const SUMMARY_FILE = `${REPORT_DIR}/summary.json`;

type MutationModule = (typeof MUTATION_MODULES)[number];

interface ModuleScore {
  module: string;
  source: string;
  tests: readonly string[];
  /** Mutants that ran or had no test reaching them (compile and runtime errors excluded). */
  mutants: number;
  killed: number;
  timedOut: number;
  survived: number;
  noCoverage: number;
  /** Stryker's mutation score: (killed + timed out) / mutants, in %. */
  score: number;
  threshold: number;
  seconds: number;
  ranAt: string;
}

/** Files the sandbox copy never needs: build output, editor downloads, recordings, images. */
const IGNORED_IN_SANDBOX = ['.vscode-test', 'dist', 'out', 'artifacts', '.sandbox-data', 'media', 'bench', 'packaging', '*.vsix', '*.tgz', '*.cpuprofile', 'isolate-*.log'];

const incrementalFile = (mod: MutationModule) => `${REPORT_DIR}/${mod.name}.incremental.json`;

/**
 * Stryker's incremental mode compares only the mutated file and the test files; a module tested
 * through another (masking through redaction) would keep results made against old code. The
 * first file of src/ or test/ changed since the last run, if any: then every mutant runs again.
 */
function changedSinceLastRun(mod: MutationModule): string | undefined {
  const last = fs.statSync(path.join(ROOT, incrementalFile(mod)), { throwIfNoEntry: false })?.mtimeMs;
  if (last === undefined) return undefined;
  const own = new Set([mod.source, ...mod.tests]);
  for (const dir of ['src', 'test']) {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
      const file = `${dir}/${entry.split(path.sep).join('/')}`;
      if (own.has(file) || !file.endsWith('.ts')) continue;
      if (fs.statSync(path.join(ROOT, file)).mtimeMs > last) return file;
    }
  }
  return undefined;
}

function strykerOptions(mod: MutationModule, force: boolean): PartialStrykerOptions {
  return {
    mutate: [mod.source],
    testRunner: 'tap',
    tap: { testFiles: [...mod.tests], nodeArgs: ['--import', 'tsx', '--test-reporter=tap'], forceBail: true },
    // The TAP runner reports one "test" per file: per-test coverage still skips the mutants no
    // file reaches (reported as no coverage) and runs only the files that reach each one.
    coverageAnalysis: 'perTest',
    // Two cores shared with other work: one worker each.
    concurrency: 2,
    // A loaded machine stretches test times; a mutant must not count as killed by a slow run.
    timeoutMS: 10_000,
    ignorePatterns: IGNORED_IN_SANDBOX,
    incremental: true,
    incrementalFile: incrementalFile(mod),
    force,
    reporters: ['clear-text', 'progress', 'html', 'json'],
    clearTextReporter: { reportTests: false, logTests: false, reportScoreTable: false },
    htmlReporter: { fileName: `${REPORT_DIR}/${mod.name}.html` },
    jsonReporter: { fileName: `${REPORT_DIR}/${mod.name}.json` },
    // Colours only (red below the module's threshold); this script decides the exit code.
    thresholds: { high: 100, low: Math.min(mod.threshold, 99.99), break: null },
    cleanTempDir: 'always',
  };
}

function scoreOf(mod: MutationModule, results: readonly MutantResult[], seconds: number): ModuleScore {
  const count = (status: MutantResult['status']) => results.filter((r) => r.status === status).length;
  const killed = count('Killed');
  const timedOut = count('Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const mutants = killed + timedOut + survived + noCoverage;
  const score = mutants === 0 ? 0 : Math.floor((10_000 * (killed + timedOut)) / mutants) / 100;
  return { module: mod.name, source: mod.source, tests: mod.tests, mutants, killed, timedOut, survived, noCoverage, score, threshold: mod.threshold, seconds, ranAt: new Date().toISOString() };
}

function table(rows: readonly ModuleScore[]): string {
  const header = ['module', 'mutants', 'killed', 'timed out', 'survived', 'no coverage', 'score %', 'threshold %', 'time'];
  const lines = rows.map((r) => [r.module, r.mutants, r.killed, r.timedOut, r.survived, r.noCoverage, r.score.toFixed(2), r.threshold, `${r.seconds} s`].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [row(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(row)].join('\n');
}

/** Rows of earlier runs are kept, so that running one module updates its row only. */
function writeSummary(latest: readonly ModuleScore[]): void {
  const file = path.join(ROOT, SUMMARY_FILE);
  let earlier: ModuleScore[] = [];
  try {
    earlier = (JSON.parse(fs.readFileSync(file, 'utf8')) as { modules: ModuleScore[] }).modules;
  } catch {
    // No summary yet (or an unreadable one): this run starts it.
  }
  const byName = new Map([...earlier, ...latest].map((r) => [r.module, r]));
  const modules = MUTATION_MODULES.flatMap((m) => byName.get(m.name) ?? []);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ modules }, null, 2)}\n`);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  const known = new Map(MUTATION_MODULES.map((m) => [m.name, m]));
  const unknown = positionals.filter((name) => !known.has(name));
  if (unknown.length) {
    console.error(`Unknown module ${unknown.join(', ')}: name one of ${[...known.keys()].join(', ')}, or none to run them all (scripts/mutationModules.ts lists them).`);
    return 2;
  }
  const chosen = positionals.length ? MUTATION_MODULES.filter((m) => positionals.includes(m.name)) : MUTATION_MODULES;
  process.chdir(ROOT);
  const { Stryker } = await import('@stryker-mutator/core');
  const scores: ModuleScore[] = [];
  for (const mod of chosen) {
    console.log(`\n=== ${mod.name}: ${mod.source} against ${mod.tests.join(', ')}`);
    const changed = values.force ? undefined : changedSinceLastRun(mod);
    if (changed) console.log(`${changed} changed since the last run: every mutant runs again.`);
    const started = Date.now();
    const results = await new Stryker(strykerOptions(mod, values.force || changed !== undefined)).runMutationTest().catch((err: unknown) => {
      // Most often a test that fails without any mutant: Stryker needs a green suite to start.
      throw new Error(`${mod.name}: Stryker could not run: ${err instanceof Error ? err.message : String(err)} If a test failed, run them alone: node --import tsx --test ${mod.tests.join(' ')}`);
    });
    scores.push(scoreOf(mod, results, Math.round((Date.now() - started) / 1000)));
  }
  writeSummary(scores);
  console.log(`\nMutation scores (${SUMMARY_FILE}; survivors in ${REPORT_DIR}/<module>.html):\n${table(scores)}`);
  const below = scores.filter((s) => s.score < s.threshold);
  for (const s of below) console.error(`${s.module} scores ${s.score} %, below its threshold of ${s.threshold} %: kill the survivors listed above with tests (docs/mutation.md says how).`);
  return below.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
