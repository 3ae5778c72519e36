// The runner's work per request against the bare undici loop's, counted in instructions
// (valgrind's callgrind) rather than timed: the runner bench's wall clock and CPU time move by a
// third between rounds on this shared 2-vCPU machine, more than most changes to the runner do;
// an instruction count of the same warm code repeats to about 1 %. The client alone is counted:
// the sandbox (dist/cli.js sandbox, fresh for each count) runs in its own process, outside
// valgrind. Each count is a process that warms up on WARMUP requests, then has callgrind's
// instrumentation switched on for its MEASURED requests (bench/runnerInstructionsTarget.ts);
// per request = (count at the larger size − count at the smaller) / the difference, which
// leaves out what a run costs once (reading the config, the file's outline, writing the report).
// V8 runs --single-threaded so that its compiler works on the counted thread, where it can be
// seen, not on helper threads. Not a time: what it tells is how much more the runner does.
// Opt-in, it takes ~2.5 minutes and needs valgrind: `npm run bench -- instructions`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import { startSandbox, workload } from './runnerLoad';
import { fmt } from './stats';

const ROOT = path.resolve(__dirname, '..');
const TARGET = path.join(__dirname, 'runnerInstructionsTarget.ts');
const WARMUP = 3000;
const MEASURED = [2000, 4000] as const;

/** Instructions the process counted once the driver switched callgrind on, for `measured` requests after the warm-up. */
async function countOnce(bundle: string, mode: 'runner' | 'bare', measured: number, dir: string): Promise<number> {
  const sandbox = await startSandbox();
  try {
    const { info } = sandbox;
    writeFileSync(path.join(dir, 'gateway-workbench.json'), JSON.stringify({ environments: [{ name: 'bench', kind: 'custom', gatewayUrl: info.gatewayUrl, boardingUrl: info.boardingUrl }] }));
    for (const count of [WARMUP, measured]) {
      const { file, requests } = workload(count);
      writeFileSync(path.join(dir, `load-${count}.gwreq`), file);
      writeFileSync(path.join(dir, `bare-${count}.json`), JSON.stringify({ origin: new URL(info.gatewayUrl).origin, headers: { 'api-key': info.apiKey, 'content-type': 'application/json', accept: 'application/json' }, requests }));
    }
    rmSync(path.join(dir, 'go'), { force: true });
    const child = spawn('valgrind', ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${path.join(dir, 'callgrind.out')}`, '--smc-check=all-non-file', process.execPath, '--single-threaded', bundle, mode, dir, String(WARMUP), String(measured)], {
      cwd: dir, env: { ...process.env, GATEWAY_API_KEY: info.apiKey }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let switchedOn = false;
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (switchedOn || !stderr.includes('READY\n')) return;
      switchedOn = true;
      // The warm-up is done: count from here. The process waits for `go` until callgrind has been told.
      const on = spawnSync('callgrind_control', ['-i', 'on', String(child.pid)], { encoding: 'utf8' });
      if (on.status !== 0) stderr += `callgrind_control: ${on.stderr}`;
      writeFileSync(path.join(dir, 'go'), '');
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const collected = /Collected : (\d+)/.exec(stderr);
    if (code !== 0 || !collected) throw new Error(`counting ${mode} at ${measured} requests failed (exit ${code}): …${stderr.slice(-2000)}`);
    return Number(collected[1]);
  } finally {
    sandbox.child.kill('SIGTERM');
    await new Promise((resolve) => sandbox.child.once('exit', resolve));
  }
}

export async function benchRunnerInstructions() {
  const name = 'runner (gateway-workbench run) vs a bare undici loop, instructions per request of warm code (callgrind)';
  if (spawnSync('valgrind', ['--version']).status !== 0) return { name, lines: ['valgrind is not installed here: apt-get install valgrind'], ratios: {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-instructions-'));
  try {
    const bundle = path.join(dir, 'target.js');
    // Bundled and minified as the CLI is (scripts/build.mjs), so the runner's code is the shipped code's.
    buildSync({ entryPoints: [TARGET], bundle: true, platform: 'node', target: 'node20', format: 'cjs', minify: true, outfile: bundle, logLevel: 'error', alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' }, absWorkingDir: ROOT });
    const perRequest: Record<'runner' | 'bare', number> = { runner: NaN, bare: NaN };
    const lines: string[] = [];
    for (const mode of ['runner', 'bare'] as const) {
      const [small, large] = [await countOnce(bundle, mode, MEASURED[0], dir), await countOnce(bundle, mode, MEASURED[1], dir)];
      perRequest[mode] = (large - small) / (MEASURED[1] - MEASURED[0]);
      lines.push(`${mode === 'runner' ? 'runner     ' : 'bare undici'}: ${fmt(small / 1e6, 1)} M instructions for ${MEASURED[0]} requests, ${fmt(large / 1e6, 1)} M for ${MEASURED[1]} (after ${WARMUP} to warm up): ${fmt(perRequest[mode] / 1000, 1)} K per request`);
    }
    const ratio = perRequest.runner / perRequest.bare;
    lines.push(`runner ÷ bare undici, instructions per request: ${fmt(ratio, 2)} (${fmt((perRequest.runner - perRequest.bare) / 1000, 1)} K more per request); the client only, the sandbox in its own process`);
    return { name, lines, ratios: { instructionsPerRequest: ratio } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchRunnerInstructions().then((result) => {
    console.log(`\n## ${result.name}`);
    for (const line of result.lines) console.log(`  ${line}`);
  }, (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
