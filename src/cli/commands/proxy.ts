// `gateway-workbench proxy --env NAME [--port N] [--recording FILE] [--config FILE]
// [--allow-production]`: a recording proxy in front of one configured environment for the
// user's own application. Prints one JSON line when ready ({"proxyUrl", "recording"}), then a
// line on stderr per exchange with what the request-file checks found; runs until SIGINT/SIGTERM.

import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError, portOf, type CliCommand } from '../cliCommand';
import { startRecordingProxy } from '../proxy/recordingProxy';
import { configPathFrom, readEnvironmentConfig } from '../run/environmentConfig';

export const proxyCommand: CliCommand = {
  name: 'proxy',
  summary: 'Forward your application\'s requests to one environment on 127.0.0.1, recording each exchange (redacted, checked).',
  usage: 'gateway-workbench proxy --env NAME [--port N] [--recording FILE] [--config FILE] [--allow-production]',
  async run(args, io) {
    const { values } = parseArgs({
      args, strict: true, allowPositionals: false,
      options: {
        env: { type: 'string' }, port: { type: 'string' }, recording: { type: 'string' }, config: { type: 'string' },
        'allow-production': { type: 'boolean' },
      },
    });
    if (values.env === undefined) throw new UsageError('missing --env NAME: the configured environment to forward to (see gateway-workbench.json)');
    const port = portOf(values.port);
    const file = configPathFrom(values.config, process.env);
    const environments = await readEnvironmentConfig(file);
    const environment = environments.find((e) => e.name === values.env) ?? environments.find((e) => e.name.toLowerCase() === values.env?.toLowerCase());
    if (!environment) {
      throw new UsageError(`unknown environment "${values.env}": ${file} defines ${environments.length ? environments.map((e) => `"${e.name}"`).join(', ') : 'none'}`);
    }
    if (environment.kind === 'production' && !values['allow-production']) {
      throw new UsageError(`"${environment.name}" is a production environment: the proxy forwards whatever your application sends, charges included; add --allow-production if that is what you mean`);
    }
    const recording = path.resolve(values.recording ?? 'gateway-traffic.jsonl');
    // Listening for the stop signals before saying "ready": a caller may stop it at once.
    const stopped = new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    const proxy = await startRecordingProxy({
      environment,
      port,
      recording,
      onExchange: (exchange) => {
        const found = exchange.findings.map((f) => `${f.severity} ${f.code}: ${f.message}`).join('; ');
        io.err(`${exchange.method} ${exchange.path} → ${exchange.status ?? 'no answer'}${exchange.operationId ? ` (${exchange.operationId})` : ''}${found ? ` — ${found}` : ''}`);
      },
    });
    io.out(JSON.stringify({ proxyUrl: proxy.proxyUrl, recording }));
    await stopped;
    await proxy.close();
    return 0;
  },
};
