// Starts the Local sandbox: one node:http server on 127.0.0.1 serving `/rest/` (gateway),
// `/api/` (boarding) and `/__sandbox/` (control) on a single port, and the JavaScript SDK
// stand-in web checkouts load from the gateway's host (`/js-sdk/js/clearent-host.js`).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ControllableClock } from './domain/clock';
import { createControl, type SandboxControl } from './control';
import { handleControl } from './http/controlHttp';
import { CONTROL_PREFIX } from '../catalog/localSandbox/control';
import { sandboxModules } from './domain/moduleTable';
import { ChangeTracker } from './persistence/changeTracking';
import { Journal } from './persistence/journal';
import { journalFileOf } from './persistence/journalFormat';
import { replayJournal } from './persistence/journalReplay';
import { DataFileError, loadState, removeLeftoverTemps, unusableDataFile, type Snapshot } from './persistence/persistence';
import { handleGatewayRequest, type PipelineEnv } from './http/requestPipeline';
import { readBody, type BodyRead } from './http/requestBody';
import { tapExchange, type ExchangeObserver } from './http/exchangeTap';
import { browserAccess } from './http/browserAccess';
import { HOST_SCRIPT_PATH, serveHostScript } from './jsSdk/hostScript';
import { LiveSandbox } from './liveSandbox';
import { completeKeys, completeSlices, generateKeys, newState, type AnyModule } from './domain/state';
import { listenFailure } from '../core/http/listenFailure';
import { claimDataFile, type DataFileClaim } from './persistence/dataFileClaim';
import { resetPointOf, seedFrom } from './seeds/seedFile';
import type { SeedDocument } from './seeds/seedDocument';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** JSON file the state is loaded from and saved to (changes go to `<file>.journal` first). */
  dataFile?: string;
  /**
   * How long to wait for another sandbox to let go of the data file before refusing it: the
   * previous extension host of a reloading editor window is still closing its own. Default 0.
   */
  dataFileWaitMs?: number;
  /** Requests per second per key (token bucket, burst = rate). Default 100. */
  rate?: number;
  keys?: { apiKey: string; accessKey: string; merchantId: string };
  /** IANA zone of "local" times (ACH windows). Default America/Chicago. */
  timeZone?: string;
  /** Initial sandbox time (ignored when a data file already holds a clock, or a seed gives one). */
  now?: Date;
  /**
   * A seed to start from: a snapshot (`GET /__sandbox/snapshot`) or a hand-written seed, as a
   * parsed document or a file path. A reset goes back to it. With a data file that already
   * holds a state, that state is kept and the seed is only what a reset goes back to.
   */
  seed?: SeedDocument | string;
  log?: (line: string) => void;
  /**
   * How long a client may take to send its headers and its whole request before it gets a 408
   * and is closed. Defaults 10 s and 30 s (Node's own are 60 s and 300 s: a slow sender held a
   * connection that long).
   */
  timeouts?: { headersMs: number; requestMs: number };
  /** Domain modules to serve; defaults to all of them. */
  modules?: readonly AnyModule[];
  /**
   * Journal bytes (with a data file) after which a snapshot is written. Default: twice the last
   * snapshot, at least 4 MB. Benches and tests set it low to watch snapshots being written.
   */
  snapshotAfterBytes?: number;
  /** Told of every gateway and boarding exchange served (not the control surface), raw: redact before keeping. */
  onExchange?: ExchangeObserver;
}

/** Where a running sandbox listens and the keys it accepts, wherever it runs (this thread or a worker). */
export interface SandboxAddress {
  gatewayUrl: string;
  boardingUrl: string;
  apiKey: string;
  accessKey: string;
  merchantId: string;
  port: number;
}

export interface RunningSandbox extends SandboxAddress {
  control: SandboxControl;
  /** Back to the seed it started from (`startSandbox({ seed })`), or to empty without one: control.reset(). */
  reset(): void;
  /** The whole state as a seed document, without keys: control.snapshot(). */
  snapshot(): SeedDocument;
  /** Stops serving, ends every socket and, with a data file, writes a final snapshot. */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000 };

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const log = opts.log ?? (() => undefined);
  const modules = opts.modules ?? sandboxModules;
  const dataFile = opts.dataFile;
  const claim = dataFile ? await claimDataFile(dataFile, opts.dataFileWaitMs ?? 0).catch((e: unknown) => { throw unusableDataFile(dataFile, e); }) : undefined;
  try {
    return await startClaimed(opts, log, modules, claim);
  } catch (e) {
    // Nothing is served: the file is free for another start (on another port, say).
    await claim?.release();
    throw e;
  }
}

async function startClaimed(opts: SandboxOptions, log: (line: string) => void, modules: readonly AnyModule[], claim: DataFileClaim | undefined): Promise<RunningSandbox> {
  const dataFile = opts.dataFile;
  const loaded = dataFile ? await loadDataFile(dataFile, modules, log).catch((e: unknown) => { throw unusableDataFile(dataFile, e); }) : undefined;
  const timeZone = opts.timeZone ?? 'America/Chicago';
  const raw = loaded?.state ?? newState(modules, generateKeys(opts.keys), opts.now ? opts.now.getTime() - Date.now() : 0);
  const seed = opts.seed === undefined ? undefined : await seedFrom(opts.seed, modules, timeZone, opts.keys?.merchantId ?? raw.keys.merchantId);
  if (seed && !loaded) Object.assign(raw, { slices: seed.slices, counters: seed.counters, clockOffsetMs: seed.clockMs - Date.now() });
  if (seed && loaded) log(`kept the state of ${dataFile}; the seed is what a reset goes back to`);
  if (loaded && opts.keys) Object.assign(raw.keys, opts.keys);
  const madeHppKey = completeKeys(raw.keys);
  if (loaded && madeHppKey) log(`made a new HPP key pair (${madeHppKey}); pages and apps given the old hpp-public-key need the new one`);
  completeSlices(raw, modules);
  // With a data file, modules see the state through a tracker, so each change is journaled.
  const tracker = opts.dataFile ? new ChangeTracker(raw) : undefined;
  const state = tracker?.root ?? raw;
  const clock = new ControllableClock(timeZone, state.clockOffsetMs);
  const live = new LiveSandbox(modules, state, clock, opts.rate ?? 100);
  if (seed) live.seed = resetPointOf(seed);
  const control = createControl(live);
  const journal = dataFile && tracker
    ? await Journal.start(dataFile, tracker, loaded?.journalSeq ?? 0, log, { snapshotAfterBytes: opts.snapshotAfterBytes }).catch((e: unknown) => { throw unusableDataFile(dataFile, e); })
    : undefined;
  if (journal) live.persist = () => journal.commit();

  const host = opts.host ?? '127.0.0.1';
  const env: PipelineEnv = { live, gatewayUrl: '', log };
  const sockets = new Set<Socket>();
  const timeouts = opts.timeouts ?? DEFAULT_TIMEOUTS;
  const server = createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    // How often Node looks for connections past those limits (its default is every 30 s).
    connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(timeouts.headersMs / 4))),
  }, (req: IncomingMessage, res: ServerResponse) => {
    readBody(req, (read) => {
      if (read instanceof Error) {
        failed(res, read);
        return;
      }
      try {
        const pending = serve(req, res, read);
        if (pending) pending.catch((e: unknown) => failed(res, e));
      } catch (e) {
        failed(res, e);
      }
    });
  });
  server.on('connection', socket => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function failed(res: ServerResponse, e: unknown): void {
    log(`request failed: ${(e as Error).message}`);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end();
  }

  /** Undefined when the answer is already sent; a promise when it waits (a delay fault, the disk). */
  function serve(req: IncomingMessage, res: ServerResponse, read: BodyRead): Promise<void> | undefined {
    const url = requestUrl(req.url);
    if (url.pathname.startsWith(CONTROL_PREFIX)) {
      if (!read.ok) {
        // An empty body in its place would be another request (an empty seed empties the state).
        res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
        res.end(JSON.stringify({ error: 'The control request body is over 1 MB. Start the sandbox with --seed FILE for a larger seed.' }));
        return undefined;
      }
      return handleControl(req, res, url.pathname, read.ok ? read.bytes : Buffer.alloc(0), control, live);
    }
    if (url.pathname === HOST_SCRIPT_PATH) {
      serveHostScript(req, res);
      return;
    }
    if (browserAccess(req, res, url.pathname)) return;
    if (!read.ok) res.setHeader('connection', 'close');
    if (opts.onExchange) tapExchange(req, res, read.ok ? read.bytes : undefined, opts.onExchange);
    return handleGatewayRequest(env, req, res, url, read.ok ? read.bytes : undefined);
  }

  const wanted = opts.port ?? 0;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(wanted, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    // Nothing was served: let go of the data file, so a caller may start again on another port.
    if (journal) await journal.close();
    throw listenFailure(e, host, wanted);
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  env.gatewayUrl = origin;
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
    reset: () => control.reset(),
    snapshot: () => control.snapshot(),
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>(resolve => server.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        await stopped;
        if (journal) await journal.close();
        await claim?.release();
      })();
      return closing;
    },
  };
}

/** A path of only these characters and no query is its own URL pathname: nothing to resolve or escape. */
// Shared by every request without a query (handlers only read the query).
const NO_QUERY = new URLSearchParams();
const PLAIN_PATH = /^\/[A-Za-z0-9_/-]*$/;

/**
 * The request's URL. Clients repeat a few plain paths (a sale has no query), and parsing each
 * into a URL was a measurable part of a sale's cost; anything else goes through the URL parser.
 */
function requestUrl(target = '/'): Pick<URL, 'pathname' | 'searchParams'> {
  if (PLAIN_PATH.test(target) && !target.includes('//')) return { pathname: target, searchParams: NO_QUERY };
  return new URL(target, 'http://sandbox.local');
}

/** The snapshot with the journal's whole records applied; leftovers of a crash cleared away. */
async function loadDataFile(file: string, modules: readonly AnyModule[], log: (line: string) => void): Promise<Snapshot | undefined> {
  const leftovers = await removeLeftoverTemps(file);
  if (leftovers.length) log(`Removed ${leftovers.length} temporary file(s) an interrupted save left next to ${file}.`);
  const snapshot = await loadState(file);
  if (!snapshot) {
    const orphan = await replayJournal(file, newState([], generateKeys(), 0), 0).then(r => r.applied > 0, () => true);
    if (orphan) {
      throw new DataFileError(`The sandbox journal ${journalFileOf(file)} has records but the data file ${file} is missing. ` +
        'Restore the data file, or move the journal away to start with a fresh sandbox.');
    }
    return undefined;
  }
  // Slices of modules newer than the snapshot first: the journal may hold records in them.
  completeSlices(snapshot.state, modules);
  const replayed = await replayJournal(file, snapshot.state, snapshot.journalSeq);
  if (replayed.droppedBytes) log(`Dropped an unfinished last record (${replayed.droppedBytes} bytes) from ${journalFileOf(file)}: a crash cut it short before it was acknowledged.`);
  return { state: snapshot.state, journalSeq: replayed.lastSeq };
}
