// One large answer through the GatewayClient, in a fresh process: prints the time, the peak
// resident memory of the whole process (ru_maxrss) and what the result holds.
import { GatewayClient } from '../src/core/http/client';

async function main(): Promise<void> {
  const [url, maxParsed] = process.argv.slice(2);
  const base = new URL(url ?? '');
  const client = new GatewayClient({
    environment: { name: 'bench', kind: 'local', gatewayUrl: base.origin, boardingUrl: base.origin },
    credentials: { apiKey: 'bench-key-0123456789' },
    maxBodyBytes: 200 * 1024 * 1024,
    ...(maxParsed === 'all' ? { maxParsedBodyBytes: Infinity } : {}),
  });
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const result = await client.send({ operation: 'transactions.search' });
  const ms = performance.now() - started;
  await client.close();
  console.log(JSON.stringify({
    ms,
    bodyBytes: result.rawBody.length,
    rssBeforeBytes: rssBefore,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    parsed: result.parsed !== undefined,
    notParsed: result.notParsed !== undefined,
    unreadable: result.unreadable ?? null,
  }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
