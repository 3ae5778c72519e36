// `gateway-workbench sandbox [--port N] [--data FILE] [--seed FILE] [--rate N] [--chaos FILE]`: runs the Local sandbox until
// SIGINT or SIGTERM. The first stdout line is the JSON a client needs to connect.

import { parseArgs } from 'node:util';
import { startSandbox } from '../../sandbox/server';
import { readChaosFile } from '../chaosFile';
import { SeedError } from '../../sandbox/seeds/seedDocument';
import { UsageError, parseOptionsOf, portOf, type CliCommand, type CliOption } from '../cliCommand';

function rateOf(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const rate = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || rate <= 0) throw new UsageError(`--rate must be a positive number of requests per second, not "${raw}"`);
  return rate;
}

const OPTIONS = [
  { name: 'port', type: 'string', value: 'N', text: 'The port to listen on, on 127.0.0.1 only. 0, the default, picks a free one; the first line printed says which.' },
  { name: 'data', type: 'string', value: 'FILE', text: 'Keep the state in FILE (JSON) from one start to the next. Every change is first written and flushed to FILE.journal, before it is answered, so a crash loses nothing the sandbox acknowledged. One sandbox per FILE: another sandbox on it is refused while this one runs (FILE.lock names its process). Without --data the state lives in memory only.' },
  { name: 'seed', type: 'string', value: 'FILE', text: 'Start from the state in FILE: a snapshot (GET /__sandbox/snapshot) or a seed written by hand (schemas/gwseed.schema.json), and go back to it on every reset. A seed that contradicts itself is refused, naming the offending entry (e.g. $.transactions[3].original-id), with exit code 2. With --data, a data file that already holds a state keeps it.' },
  { name: 'rate', type: 'string', value: 'N', text: 'Requests per second each key may send before it is answered 429 Too Many Requests with a Retry-After (a token bucket, bursts of N). Default 100.' },
  { name: 'chaos', type: 'string', value: 'FILE', text: 'Apply the chaos rules in FILE ({"rules": [{"operation": "transactions.sale", "fault": "lost-answer", "probability": 0.3}], "seed": 42}, as POST /__sandbox/chaos takes them) from the first request on. They stay on until DELETE /__sandbox/chaos; the seed makes a run repeatable.' },
] as const satisfies readonly CliOption[];

export const sandboxCommand: CliCommand = {
  name: 'sandbox',
  summary: 'Run the Local sandbox gateway on 127.0.0.1 until interrupted.',
  usage: 'gateway-workbench sandbox [--port N] [--data FILE] [--seed FILE] [--rate N] [--chaos FILE]',
  options: OPTIONS,
  notes: [
    'It prints one JSON line first, {"gatewayUrl", "boardingUrl", "apiKey", "accessKey", "merchantId"}: point your application at those URLs with those keys. Then it serves until Ctrl+C (SIGINT) or SIGTERM, with a line on stderr for anything that goes wrong.',
    'Its control surface under /__sandbox/ moves the clock, injects faults (429, 500, 503, delays, resets), keeps chaos rules (lost answers, 5xx or timeouts after commit, resets before) and resets the state; the special amounts, cards and accounts, and everything else, are in docs/sandbox.md.',
  ],
  async run(args, io) {
    const { values } = parseArgs({ args, strict: true, allowPositionals: false, options: parseOptionsOf(OPTIONS) });
    // Read and checked before the sandbox starts: a bad file serves nothing.
    const chaos = values.chaos === undefined ? undefined : await readChaosFile(values.chaos);
    const sandbox = await startSandbox({
      port: portOf(values.port), dataFile: values.data, seed: values.seed, rate: rateOf(values.rate), log: line => io.err(line),
    }).catch((e: unknown) => {
      throw e instanceof SeedError ? new UsageError(`the seed ${values.seed} is refused: ${e.message}`) : e;
    });
    if (chaos) {
      const on = sandbox.control.setChaos(chaos);
      io.err(`chaos: ${on.rules.length} rule(s) on, seed ${on.seed}`);
    }
    const { gatewayUrl, boardingUrl, apiKey, accessKey, merchantId } = sandbox;
    io.out(JSON.stringify({ gatewayUrl, boardingUrl, apiKey, accessKey, merchantId }));
    await new Promise<void>(resolve => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await sandbox.close();
    return 0;
  },
};
