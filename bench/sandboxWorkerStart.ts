// The Local sandbox's first start after the editor starts, as the extension makes it: the shipped
// dist/runtime.js starts dist/sandboxWorker.js on a new thread, which boots its own Node and
// loads the 240 KB bundle. Each start in a fresh process (a second compile in one process is
// served from V8's in-memory cache), alternated, three ways: the bundle compiled each time (as
// `new Worker(file)`: the same-run baseline), through the code cache on its first start ever
// (nothing cached yet; it writes the cache), and through the cache once written (every later
// editor session). Figures: wall time from the call to "listening", and the process's CPU time
// over it (both threads). A worker that does nothing is timed too: the floor, Node's own boot.
// `node --import tsx bench/sandboxWorkerStart.ts`; also a part of `npm run bench -- stored`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fmt, summarize } from './stats';

const ROUNDS = Number(process.env.WORKER_START_ROUNDS ?? 7);
const RUNTIME = path.resolve(__dirname, '../dist/runtime.js');

/** Starts the sandbox once in a fresh process; its cache writes (if any) finish before it ends. */
const CHILD = `
const [runtime, cacheDir] = process.argv.slice(1);
const { startLocalSandbox } = require(runtime);
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
startLocalSandbox({ host: '127.0.0.1', port: 0 }, cacheDir === '-' ? undefined : cacheDir).then(async sandbox => {
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  // Long enough for the delayed cache write on the worker's thread.
  if (cacheDir !== '-') await new Promise(resolve => setTimeout(resolve, 2500));
  await sandbox.close();
  process.stdout.write(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000 }));
});`;

/** A worker thread that only says it runs: what any worker costs to boot. */
const EMPTY_WORKER = `
const { Worker } = require('node:worker_threads');
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
const worker = new Worker('require("node:worker_threads").parentPort.postMessage(0)', { eval: true });
worker.once('message', () => {
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000 }));
  void worker.terminate();
});`;

interface Start { ms: number; cpuMs: number }

const run = (script: string, ...args: string[]): Start => JSON.parse(execFileSync(process.execPath, ['-e', script, ...args], { encoding: 'utf8' })) as Start;

export function benchWorkerFirstStart(): { lines: string[]; ratios: Record<string, number> } {
  const plain: Start[] = [];
  const firstEver: Start[] = [];
  const cached: Start[] = [];
  const empty: Start[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'gw-worker-cache-'));
    try {
      plain.push(run(CHILD, RUNTIME, '-'));
      firstEver.push(run(CHILD, RUNTIME, cacheDir));
      cached.push(run(CHILD, RUNTIME, cacheDir));
      empty.push(run(EMPTY_WORKER));
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  }
  const stat = (starts: Start[]) => ({ ms: summarize(starts.map(s => s.ms)), cpu: summarize(starts.map(s => s.cpuMs)), min: Math.min(...starts.map(s => s.ms)), minCpu: Math.min(...starts.map(s => s.cpuMs)) });
  const [p, f, c, e] = [plain, firstEver, cached, empty].map(stat);
  const line = (label: string, s: typeof p) => `  ${label}: wall min ${fmt(s.min, 1)} / median ${fmt(s.ms.p50, 1)} ms, CPU min ${fmt(s.minCpu, 1)} / median ${fmt(s.cpu.p50, 1)} ms`;
  return {
    lines: [
      `the Local sandbox's first start in a fresh process (the shipped runtime starting its worker, to listening), ${ROUNDS} of each, alternated:`,
      line('compiled each time (baseline)', p),
      line('code cache, first start ever ', f),
      line('code cache, later starts     ', c),
      `  later starts vs the baseline: wall ${fmt(c.ms.p50 / p.ms.p50, 2)}×, CPU ${fmt(c.cpu.p50 / p.cpu.p50, 2)}× (medians)`,
      line('an empty worker (the floor)  ', e),
    ],
    ratios: { workerStartCachedVsPlainWall: c.ms.p50 / p.ms.p50, workerStartCachedVsPlainCpu: c.cpu.p50 / p.cpu.p50 },
  };
}

if (require.main === module) {
  const { lines } = benchWorkerFirstStart();
  console.log(lines.join('\n'));
}
