// Many clients sharing one key against a rate-limited Local sandbox: the share of operations
// that still end 429 after the client's retries, with jitter after Retry-After against the same
// clients retrying exactly at Retry-After (retryAfterJitterMs: 0), in the same run. Without
// jitter every refused client comes back in the same instant and is refused again together.
import { GatewayClient } from '../src/core/http/client';
import { startSandbox } from '../src/sandbox/server';
import { fmt } from './stats';

const CLIENTS = 100;
const OPERATIONS_EACH = 3;
const RATE_PER_SECOND = 20;

async function endedRateLimited(jitterMs: number): Promise<{ share: number; seconds: number }> {
  const sandbox = await startSandbox({ port: 0, rate: RATE_PER_SECOND });
  const environment = { name: 'load', kind: 'local' as const, gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl };
  const clients = Array.from({ length: CLIENTS }, () => new GatewayClient({ environment, credentials: { apiKey: sandbox.apiKey }, retry: { retryAfterJitterMs: jitterMs } }));
  const started = performance.now();
  let limited = 0;
  try {
    await Promise.all(clients.map(async (client) => {
      for (let i = 0; i < OPERATIONS_EACH; i++) {
        const result = await client.send({ operation: 'achProviders.list' });
        if (result.status === 429) limited++;
      }
    }));
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await sandbox.close();
  }
  return { share: limited / (CLIENTS * OPERATIONS_EACH), seconds: (performance.now() - started) / 1000 };
}

export async function benchSharedKeyLoad() {
  const together = await endedRateLimited(0);
  const jittered = await endedRateLimited(1000);
  const pct = (x: number) => `${fmt(x * 100, 1)} %`;
  return {
    name: `${CLIENTS} clients × ${OPERATIONS_EACH} operations sharing one key at ${RATE_PER_SECOND} requests/s`,
    lines: [
      `retrying exactly at Retry-After: ${pct(together.share)} of operations ended 429 (${fmt(together.seconds, 1)} s)`,
      `with up to 1 s of jitter after it: ${pct(jittered.share)} ended 429 (${fmt(jittered.seconds, 1)} s)`,
    ],
    ratios: { ended429WithJitter: jittered.share, ended429Together: together.share },
  };
}
