// `gateway-workbench sandbox [--port N] [--data FILE] [--rate N]`: runs the Local sandbox until
// SIGINT or SIGTERM. The first stdout line is the JSON a client needs to connect.

import { parseArgs } from 'node:util';
import { startSandbox } from '../../sandbox/server';
import { UsageError, portOf, type CliCommand } from '../cliCommand';

function rateOf(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const rate = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || rate <= 0) throw new UsageError(`--rate must be a positive number of requests per second, not "${raw}"`);
  return rate;
}

export const sandboxCommand: CliCommand = {
  name: 'sandbox',
  summary: 'Run the Local sandbox gateway on 127.0.0.1 until interrupted.',
  usage: 'gateway-workbench sandbox [--port N] [--data FILE] [--rate N]',
  async run(args, io) {
    const { values } = parseArgs({
      args, strict: true, allowPositionals: false,
      options: { port: { type: 'string' }, data: { type: 'string' }, rate: { type: 'string' } },
    });
    const sandbox = await startSandbox({
      port: portOf(values.port), dataFile: values.data, rate: rateOf(values.rate), log: line => io.err(line),
    });
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
