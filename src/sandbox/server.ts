// Starts the Local sandbox: one node:http server on 127.0.0.1 serving `/rest/` (gateway),
// `/api/` (boarding) and `/__sandbox/` (control) on a single port.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ControllableClock } from './clock';
import { createControl, type SandboxControl } from './control';
import { CONTROL_PREFIX, handleControl } from './controlHttp';
import { sandboxModules } from './moduleTable';
import { loadState, PersistScheduler } from './persistence';
import { handleGatewayRequest, type PipelineEnv } from './requestPipeline';
import { readBody } from './bodyReader';
import { tapExchange, type ExchangeObserver } from './exchangeTap';
import { SandboxRuntime } from './sandboxRuntime';
import { generateKeys, newState, type AnyModule } from './state';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** JSON file the state is loaded from and saved to. */
  dataFile?: string;
  /** Requests per second per key (token bucket, burst = rate). Default 100. */
  rate?: number;
  keys?: { apiKey: string; accessKey: string; merchantId: string };
  /** IANA zone of "local" times (ACH windows). Default America/Chicago. */
  timeZone?: string;
  /** Initial sandbox time (ignored when a data file already holds a clock). */
  now?: Date;
  log?: (line: string) => void;
  /** Domain modules to serve; defaults to all of them. */
  modules?: readonly AnyModule[];
  /** Told of every gateway and boarding exchange served (not the control surface), raw: redact before keeping. */
  onExchange?: ExchangeObserver;
}

export interface RunningSandbox {
  gatewayUrl: string;
  boardingUrl: string;
  apiKey: string;
  accessKey: string;
  merchantId: string;
  port: number;
  control: SandboxControl;
  /** Stops serving, ends every socket and, with a data file, saves the state. */
  close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const log = opts.log ?? (() => undefined);
  const modules = opts.modules ?? sandboxModules;
  const saved = opts.dataFile ? await loadState(opts.dataFile) : undefined;
  const initialOffset = opts.now ? opts.now.getTime() - Date.now() : 0;
  const state = saved ?? newState(modules, generateKeys(opts.keys), initialOffset);
  if (saved && opts.keys) Object.assign(state.keys, opts.keys);
  const clock = new ControllableClock(opts.timeZone ?? 'America/Chicago', state.clockOffsetMs);
  const runtime = new SandboxRuntime(modules, state, clock, opts.rate ?? 100);
  const control = createControl(runtime);
  const persist = opts.dataFile ? new PersistScheduler(opts.dataFile, () => runtime.snapshot(), e => log(e.message)) : undefined;
  if (persist) runtime.onMutation = () => persist.schedule();

  const host = opts.host ?? '127.0.0.1';
  const env: PipelineEnv = { runtime, gatewayUrl: '', log };
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void serve(req, res).catch(e => {
      log(`request failed: ${(e as Error).message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end();
    });
  });
  server.on('connection', socket => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const read = await readBody(req);
    if (url.pathname.startsWith(CONTROL_PREFIX)) {
      handleControl(req, res, url.pathname, read.ok ? read.bytes : Buffer.alloc(0), control, runtime);
      return;
    }
    if (!read.ok) res.setHeader('connection', 'close');
    if (opts.onExchange) tapExchange(req, res, read.ok ? read.bytes : undefined, opts.onExchange);
    await handleGatewayRequest(env, req, res, url, read.ok ? read.bytes : undefined);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  env.gatewayUrl = origin;
  if (persist && !saved) await persist.flush();
  log(`Local sandbox listening on ${origin}`);

  let closing: Promise<void> | undefined;
  return {
    gatewayUrl: origin,
    boardingUrl: origin,
    apiKey: state.keys.apiKey,
    accessKey: state.keys.accessKey,
    merchantId: state.keys.merchantId,
    port,
    control,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>(resolve => server.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        await stopped;
        if (persist) await persist.flush();
      })();
      return closing;
    },
  };
}
