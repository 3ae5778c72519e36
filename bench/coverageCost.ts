// Issue 34: what counting outcomes costs a sale. Two sandbox builds side by side — BEFORE (a dist/
// built without outcome coverage, its path the first argument) and this one (dist/) — each in its
// own process, loaded in turn with the throughput bench's 16 clients, alternating which goes
// first, with each server's CPU time per request.
// Run: npm run build && node --import tsx bench/coverageCost.ts /path/to/before/dist [rounds] [seconds]
import { spawnJsonLine, load, cpuSoFar } from './sandboxThroughput';
import { fmt } from './stats';

async function main(): Promise<void> {
  const [beforeDist, roundsArg, secondsArg] = process.argv.slice(2);
  if (!beforeDist) throw new Error('usage: bench/coverageCost.ts BEFORE_DIST [rounds] [seconds]');
  const rounds = Number(roundsArg ?? 6);
  const seconds = Number(secondsArg ?? 4);
  const servers = {
    before: await spawnJsonLine([`${beforeDist}/cli.js`, 'sandbox', '--port', '0', '--rate', '1000000000']),
    after: await spawnJsonLine(['dist/cli.js', 'sandbox', '--port', '0', '--rate', '1000000000']),
  };
  const results: Record<'before' | 'after', Array<{ rps: number; cpuUs: number }>> = { before: [], after: [] };
  try {
    const pass = async (which: 'before' | 'after', record: boolean) => {
      const { child, info } = servers[which];
      const headers = { 'api-key': info.apiKey, 'content-type': 'application/json', accept: 'application/json' };
      const cpu0 = cpuSoFar(child.pid!);
      const r = await load(info.gatewayUrl, headers, seconds);
      if ((r.statuses.get(200) ?? 0) === 0) throw new Error(`${which}: no 200s`);
      if (record) results[which].push({ rps: r.rps, cpuUs: ((cpuSoFar(child.pid!) - cpu0) * 1000) / (r.rps * seconds) });
    };
    await pass('before', false);
    await pass('after', false);
    for (let i = 0; i < rounds; i++) {
      const order: Array<'before' | 'after'> = i % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
      for (const which of order) await pass(which, true);
    }
  } finally {
    servers.before.child.kill('SIGTERM');
    servers.after.child.kill('SIGTERM');
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const which of ['before', 'after'] as const) {
    const r = results[which];
    console.log(`${which.padEnd(6)} ${r.map((x) => fmt(x.rps, 0)).join(' ')} req/s; mean ${fmt(mean(r.map((x) => x.rps)), 0)}, median ${fmt(median(r.map((x) => x.rps)), 0)}; CPU ${fmt(mean(r.map((x) => x.cpuUs)), 1)} µs per sale`);
  }
  const ratio = mean(results.after.map((x) => x.rps)) / mean(results.before.map((x) => x.rps));
  const cpuRatio = mean(results.after.map((x) => x.cpuUs)) / mean(results.before.map((x) => x.cpuUs));
  console.log(`after/before throughput ${fmt(ratio, 3)}, CPU per sale ${fmt(cpuRatio, 3)}`);
}

void main();
