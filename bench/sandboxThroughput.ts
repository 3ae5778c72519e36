// Sandbox throughput: sales per second with 16 concurrent clients against the Local sandbox
// (its CLI, in its own process), against a minimal node:http server in its own process that
// answers a fixed body of the same size. The load generator is this process, the same for both.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import * as path from 'node:path';
import { Pool } from 'undici';
import { fmt, nowMs } from './stats';

const ROOT = path.resolve(__dirname, '..');
export const CONCURRENCY = 16;
export const SALE = JSON.stringify({ amount: '25.00', card: '4111111111111111', 'exp-date': '1230', csc: '999', 'software-type': 'GatewayWorkbench' });

export async function spawnJsonLine(args: string[]): Promise<{ child: ChildProcess; info: Record<string, string> }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const first = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once('line', line => { rl.close(); resolve(line); });
    child.once('exit', code => reject(new Error(`${args.join(' ')} exited with ${code} before printing its address`)));
  });
  return { child, info: JSON.parse(first) };
}

export async function load(url: string, headers: Record<string, string>, seconds: number, concurrency = CONCURRENCY): Promise<{ rps: number; statuses: Map<number, number> }> {
  const pool = new Pool(url, { connections: concurrency, pipelining: 1 });
  const statuses = new Map<number, number>();
  const deadline = nowMs() + seconds * 1000;
  let done = 0;
  const t0 = nowMs();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (nowMs() < deadline) {
      const res = await pool.request({ path: '/rest/v2/transactions/sale', method: 'POST', headers, body: SALE });
      await res.body.dump();
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      done++;
    }
  }));
  const elapsed = (nowMs() - t0) / 1000;
  await pool.close();
  return { rps: done / elapsed, statuses };
}

export async function benchSandboxThroughput(seconds = 4) {
  const sandbox = await spawnJsonLine(['dist/cli.js', 'sandbox', '--port', '0', '--rate', '1000000000']);
  const headers = { 'api-key': sandbox.info.apiKey, 'content-type': 'application/json', accept: 'application/json' };
  const probe = new Pool(sandbox.info.gatewayUrl);
  const sample = await probe.request({ path: '/rest/v2/transactions/sale', method: 'POST', headers, body: SALE });
  const size = (await sample.body.arrayBuffer()).byteLength;
  await probe.close();
  const baseline = await spawnJsonLine(['--import', 'tsx', 'bench/fixedBodyServer.ts', String(size)]);
  try {
    // Two alternating passes each, so that a noisy moment does not land on one side only.
    const sb: number[] = [];
    const bl: number[] = [];
    for (let pass = 0; pass < 2; pass++) {
      const s = await load(sandbox.info.gatewayUrl, headers, seconds);
      if ((s.statuses.get(200) ?? 0) === 0) throw new Error(`sandbox answered no 200s: ${[...s.statuses].join(' ')}`);
      sb.push(s.rps);
      bl.push((await load(baseline.info.url, headers, seconds)).rps);
    }
    const sandboxRps = sb.reduce((a, b) => a + b) / sb.length;
    const baselineRps = bl.reduce((a, b) => a + b) / bl.length;
    return {
      name: `sandbox throughput (sales, ${CONCURRENCY} concurrent clients, ${size}-byte answer)`,
      lines: [
        `fixed-body node:http  ${fmt(baselineRps, 0)} req/s`,
        `Local sandbox sales   ${fmt(sandboxRps, 0)} req/s`,
        `ratio                 ${fmt(sandboxRps / baselineRps, 2)}  (target >= 0.5)`,
      ],
      ratios: { throughput: sandboxRps / baselineRps },
    };
  } finally {
    sandbox.child.kill('SIGTERM');
    baseline.child.kill('SIGTERM');
  }
}
