// What durability costs: sales per second against the Local sandbox with --data (each answer
// waits for its journal record to be fsynced; records that arrive together share one fsync)
// against the same sandbox in memory, both spawned through the CLI in this run and loaded by
// the same clients. With --data a client waits one fsync (~5 ms on this kind of disk) per
// sale, so few clients cannot keep it busy: 16 clients show that latency, 64 its throughput.
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { load, spawnJsonLine } from './sandboxThroughput';
import { fmt } from './stats';

const CLIENTS = [16, 64, 256];

export async function benchSandboxDurability(seconds = 3) {
  const dir = await mkdtemp(path.join(tmpdir(), 'gw-bench-data-'));
  const memory = await spawnJsonLine(['dist/cli.js', 'sandbox', '--port', '0', '--rate', '1000000000']);
  const durable = await spawnJsonLine(['dist/cli.js', 'sandbox', '--port', '0', '--rate', '1000000000', '--data', path.join(dir, 'state.json')]);
  const headersOf = (info: Record<string, string>) => ({ 'api-key': info.apiKey, 'content-type': 'application/json', accept: 'application/json' });
  try {
    const lines: string[] = [];
    const ratios: Record<string, number> = {};
    for (const clients of CLIENTS) {
      // Two alternating passes each, so that a noisy moment does not land on one side only.
      const mem: number[] = [];
      const dur: number[] = [];
      for (let pass = 0; pass < 2; pass++) {
        for (const [info, into] of [[memory.info, mem], [durable.info, dur]] as const) {
          const r = await load(info.gatewayUrl, headersOf(info), seconds, clients);
          if ((r.statuses.get(200) ?? 0) === 0) throw new Error(`sandbox answered no 200s: ${[...r.statuses].join(' ')}`);
          into.push(r.rps);
        }
      }
      const memRps = mem.reduce((a, b) => a + b) / mem.length;
      const durRps = dur.reduce((a, b) => a + b) / dur.length;
      ratios[`durability${clients}`] = durRps / memRps;
      lines.push(
        `${clients} clients: in memory ${fmt(memRps, 0)} sales/s, with --data ${fmt(durRps, 0)} sales/s, ratio ${fmt(durRps / memRps, 2)}`);
    }
    lines.push(`target: ratio >= 0.5 at throughput (${CLIENTS[CLIENTS.length - 1]} clients)`);
    return { name: 'sandbox durability (sales with --data, every answer after its fsync, against in memory)', lines, ratios };
  } finally {
    // A clean stop compacts the journal into the snapshot: remove the folder only once it exited.
    const exited = [memory.child, durable.child].map(c => (c.exitCode !== null ? Promise.resolve() : once(c, 'exit')));
    memory.child.kill('SIGTERM');
    durable.child.kill('SIGTERM');
    await Promise.all(exited);
    await rm(dir, { recursive: true, force: true });
  }
}
