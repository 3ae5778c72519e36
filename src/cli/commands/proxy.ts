// `gateway-workbench proxy --env NAME [--port N] [--recording FILE] [--config FILE]
// [--allow-production]`: a recording proxy in front of one configured environment for the
// user's own application. Prints one JSON line when ready ({"proxyUrl", "recording"}), then a
// line on stderr per exchange with what the request-file checks found; runs until SIGINT/SIGTERM.

import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { checkAppendable, whyNotWritable } from '../appendableFile';
import { UsageError, parseOptionsOf, portOf, type CliCommand, type CliOption } from '../cliCommand';
import { startRecordingProxy } from '../proxy/recordingProxy';
import { senderOf } from '../../core/http/userAgent';
import { CONFIG_OPTION, configPathFrom, readEnvironmentConfig } from '../run/environmentConfig';

const DEFAULT_RECORDING = 'gateway-traffic.jsonl';

const OPTIONS = [
  { name: 'env', type: 'string', value: 'NAME', text: 'The environment of the environments file (--config) to forward to. Required.' },
  { name: 'port', type: 'string', value: 'N', text: 'The port to listen on, on 127.0.0.1 only. 0, the default, picks a free one; the first line printed says which.' },
  { name: 'recording', type: 'string', value: 'FILE', text: `Where each exchange is appended, as a line of JSON, redacted (the key is never stored). Default ./${DEFAULT_RECORDING}.` },
  CONFIG_OPTION,
  { name: 'allow-production', type: 'boolean', text: 'Forward to a production environment. Refused without it: the proxy forwards whatever your application sends, charges included.' },
] as const satisfies readonly CliOption[];

export const proxyCommand: CliCommand = {
  name: 'proxy',
  summary: 'Forward your application\'s requests to one environment on 127.0.0.1, recording each exchange (redacted, checked).',
  usage: 'gateway-workbench proxy --env NAME [--port N] [--recording FILE] [--config FILE] [--allow-production]',
  options: OPTIONS,
  notes: [
    'It prints one JSON line first, {"proxyUrl", "recording"}: use proxyUrl as your application\'s gateway and boarding URL. Each request goes on unchanged, with your application\'s own key, to the environment\'s gateway URL (/rest/) or boarding URL (/api/). A line on stderr per exchange says which client sent it (its User-Agent) and what the request-file checks found. It runs until Ctrl+C (SIGINT) or SIGTERM.',
  ],
  async run(args, io) {
    const { values } = parseArgs({ args, strict: true, allowPositionals: false, options: parseOptionsOf(OPTIONS) });
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
    const recording = path.resolve(values.recording ?? DEFAULT_RECORDING);
    // Checked before listening: a recording that cannot be written must stop the proxy before it forwards anything.
    const recordingOption = { option: '--recording', example: DEFAULT_RECORDING };
    checkAppendable(recording, 'cannot record to', recordingOption);
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
        const sender = senderOf(exchange.requestHeaders['user-agent']).label;
        io.err(`${exchange.method} ${exchange.path} → ${exchange.status ?? 'no answer'}${exchange.operationId ? ` (${exchange.operationId})` : ''} from ${sender}${found ? ` — ${found}` : ''}`);
      },
      onRecordingFailed: (exchange, error) => {
        io.err(`${exchange.method} ${exchange.path} → ${exchange.status ?? 'no answer'} was answered but NOT recorded: cannot append to ${recording}: ${whyNotWritable(recording, error, recordingOption)}`);
      },
    });
    io.out(JSON.stringify({ proxyUrl: proxy.proxyUrl, recording }));
    await stopped;
    await proxy.close();
    return 0;
  },
};
