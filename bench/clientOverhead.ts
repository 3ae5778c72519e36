// Client overhead: the same GET against the same Local sandbox endpoint, through our core
// (request building, auth, retry-capable dispatcher, decoding) and through a bare undici
// request. Rounds alternate between the two so that machine noise hits both alike.
import { request, Pool } from 'undici';
import { GatewayClient } from '../src/core/http/client';
import { startSandbox } from '../src/sandbox/server';
import { summarize, fmt, nowMs } from './stats';

export async function benchClientOverhead(rounds = 20, perRound = 150) {
  const sandbox = await startSandbox({ port: 0, rate: 1e9 });
  const environment = { name: 'Local sandbox', kind: 'local' as const, gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl };
  const client = new GatewayClient({ environment, credentials: { apiKey: sandbox.apiKey } });
  const pool = new Pool(sandbox.gatewayUrl, { connections: 1 });
  const path = '/rest/v2/ach/providers';
  const ours: number[] = [];
  const bare: number[] = [];
  try {
    for (let i = 0; i < 50; i++) { // warm both paths
      await client.send({ operation: 'achProviders.list' });
      await (await request(sandbox.gatewayUrl + path, { dispatcher: pool, headers: { 'api-key': sandbox.apiKey, accept: 'application/json' } })).body.text();
    }
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < perRound; i++) {
        const t0 = nowMs();
        const res = await request(sandbox.gatewayUrl + path, { dispatcher: pool, headers: { 'api-key': sandbox.apiKey, accept: 'application/json' } });
        JSON.parse(await res.body.text());
        bare.push(nowMs() - t0);
      }
      for (let i = 0; i < perRound; i++) {
        const t0 = nowMs();
        const result = await client.send({ operation: 'achProviders.list' });
        if (result.status !== 200) throw new Error(`unexpected status ${result.status}`);
        ours.push(nowMs() - t0);
      }
    }
  } finally {
    await client.close();
    await pool.close();
    await sandbox.close();
  }
  const o = summarize(ours);
  const b = summarize(bare);
  return {
    name: 'client overhead (GET /rest/v2/ach/providers)',
    lines: [
      `bare undici  p50 ${fmt(b.p50)} ms  p99 ${fmt(b.p99)} ms  (n=${b.n})`,
      `our core     p50 ${fmt(o.p50)} ms  p99 ${fmt(o.p99)} ms  (n=${o.n})`,
      `ratio        p50 ${fmt(o.p50 / b.p50, 2)}  p99 ${fmt(o.p99 / b.p99, 2)}  (target <= 1.15)`,
    ],
    ratios: { p50: o.p50 / b.p50, p99: o.p99 / b.p99 },
  };
}
