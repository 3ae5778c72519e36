// The default `gateway-workbench run` (no --env: a Local sandbox started in the runner's own
// process, in memory) against the same run sent to an external sandbox (the CLI's `sandbox`
// command, its own process, fresh for each run), in the same bench run: the in-process sandbox
// must cost no more than the round trips it saves. The request file: sales, each tenth request
// a refund of the sale before it through `{{saleK…id}}`, every one with an @expect. Wall time
// from spawn to exit (the external sandbox is started outside it, as a user would have it
// running), and CPU time of everything that served the run (runner, plus the external sandbox's
// share during the run), because on a shared machine wall time also measures the neighbours.
// `npm run bench -- run` (or `node --import tsx bench/run.ts run`); expects `npm run build`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cpuSoFar, spawnJsonLine } from './sandboxThroughput';
import { fmt, nowMs } from './stats';

const ROOT = path.resolve(__dirname, '..');
const CLI = path.join(ROOT, 'dist/cli.js');
export const RUN_REQUESTS = Number(process.env.RUN_BENCH_REQUESTS ?? 10_000);
/** Issue 13 §2: the default run at most 1.1× the same run against an external sandbox. */
const TARGET = 1.1;

function requestFile(count: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 10 === 9) {
      parts.push(`### Refund\n# @expect status 200\nPOST {{gatewayUrl}}/rest/v2/transactions/refund\nContent-Type: application/json\nAccept: application/json\n\n` +
        `{"id": "{{sale${i - 1}.payload.transaction.id}}", "amount": "5.00", "software-type": "GatewayWorkbench"}\n`);
    } else {
      parts.push(`### Sale\n# @name sale${i}\n# @expect status 200\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\nAccept: application/json\n\n` +
        `{"amount": "25.00", "card": "4111111111111111", "exp-date": "1230", "csc": "999", "invoice": "INV-${i}", "software-type": "GatewayWorkbench"}\n`);
    }
  }
  return parts.join('\n');
}

interface Timed { wallMs: number; cpuMs: number }

const CPU_AT_EXIT = path.join(__dirname, 'cpuAtExit.cjs');

async function timedRun(args: string[], env: NodeJS.ProcessEnv, dir: string): Promise<Timed> {
  const cpuFile = path.join(dir, 'cpu');
  const t0 = nowMs();
  const child = spawn(process.execPath, ['--require', CPU_AT_EXIT, CLI, 'run', ...args, '--report', 'json', '--output', path.join(dir, 'report.json')], {
    cwd: dir, env: { ...process.env, ...env, CPU_AT_EXIT_FILE: cpuFile }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => { stderr += d.toString(); });
  const [code] = await once(child, 'exit') as [number | null];
  if (code !== 0) throw new Error(`gateway-workbench run ${args.join(' ')} exited with ${code}: ${stderr.slice(0, 2000)}`);
  return { wallMs: nowMs() - t0, cpuMs: Number(readFileSync(cpuFile, 'utf8')) };
}

/** The same run against a fresh sandbox in its own process; CPU counts both processes. */
async function externalRun(dir: string, file: string): Promise<Timed> {
  const sandbox = await spawnJsonLine([CLI, 'sandbox', '--port', '0', '--rate', '1000000000']);
  try {
    const { info } = sandbox;
    writeFileSync(path.join(dir, 'gateway-workbench.json'), JSON.stringify({ environments: [{ name: 'bench', kind: 'custom', gatewayUrl: info.gatewayUrl, boardingUrl: info.boardingUrl }] }));
    const before = cpuSoFar(sandbox.child.pid!);
    const run = await timedRun([file, '--env', 'bench'], { GATEWAY_API_KEY: info.apiKey }, dir);
    return { wallMs: run.wallMs, cpuMs: run.cpuMs + cpuSoFar(sandbox.child.pid!) - before };
  } finally {
    const exited = once(sandbox.child, 'exit');
    sandbox.child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

export async function benchDefaultRun(rounds = 3) {
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-run-'));
  const file = `load-${RUN_REQUESTS}.gwreq`;
  writeFileSync(path.join(dir, file), requestFile(RUN_REQUESTS));
  const inProcess: Timed[] = [];
  const external: Timed[] = [];
  try {
    // Interleaved, so that a noisy moment does not land on one side only.
    for (let round = 0; round < rounds; round++) {
      inProcess.push(await timedRun([file], {}, dir));
      external.push(await externalRun(dir, file));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const wall = (xs: Timed[]) => median(xs.map(x => x.wallMs));
  const cpu = (xs: Timed[]) => median(xs.map(x => x.cpuMs));
  const ratio = wall(inProcess) / wall(external);
  return {
    name: `default run (${RUN_REQUESTS} requests, in-process sandbox) against the same run to an external sandbox, ${rounds} rounds, medians`,
    lines: [
      `external sandbox (--env)      ${fmt(wall(external) / 1000, 2)} s  (CPU of runner + sandbox ${fmt(cpu(external) / 1000, 2)} s)`,
      `default run (in-process)      ${fmt(wall(inProcess) / 1000, 2)} s  (CPU ${fmt(cpu(inProcess) / 1000, 2)} s)`,
      `ratio                         ${fmt(ratio, 2)}  (target <= ${TARGET}); CPU ratio ${fmt(cpu(inProcess) / cpu(external), 2)}`,
    ],
    ratios: { defaultRun: ratio, defaultRunCpu: cpu(inProcess) / cpu(external) },
  };
}
