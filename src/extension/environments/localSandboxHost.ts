// Runs the Local sandbox for the extension host, started on first use: in a worker thread of
// its own (dist/sandboxWorker.js: its own heap and garbage collector, so serving, journaling
// and snapshots never block the editor's main thread), on a free loopback port, with keys
// generated on the very first start and kept in SecretStorage, and state saved in the
// extension's global storage so that it survives a restart of the editor. A worker that stops
// on its own is reported like a failed start; the next use starts it again.
import * as fs from 'node:fs';
import { LOCAL_SANDBOX_TIME_ZONE } from './sandboxClock';
import * as vscode from 'vscode';
import { LOCAL_SANDBOX_NAME } from '../contracts';
import { loadRuntime } from '../lazy/runtime';
import type { WorkerSandbox as RunningSandbox } from '../../sandbox/worker/host';
import type { SandboxExchange } from '../../sandbox/exchangeTap';
import type { SecretStore } from './secretStore';

const LOCAL_SANDBOX_STATE_FILE = 'local-sandbox.json';

export class LocalSandboxHost {
  private starting: Promise<RunningSandbox> | undefined;
  private current: RunningSandbox | undefined;
  private readonly started = new vscode.EventEmitter<RunningSandbox>();
  readonly onDidStart = this.started.event;
  private readonly failed = new vscode.EventEmitter<string>();
  /**
   * A start failed, or the running sandbox's worker stopped on its own: what to tell the user
   * (with the reason, e.g. an unreadable data file). The next start() tries again.
   */
  readonly onDidFail = this.failed.event;
  private lastFailure: string | undefined;
  /** Counts starts, so that a stop reported by an earlier worker is not taken for the current one's. */
  private generation = 0;
  /** Why the worker of the start in progress ended before that start finished (its keys being saved). */
  private stoppedWhileStarting: string | undefined;
  private readonly exchanged = new vscode.EventEmitter<SandboxExchange>();
  /** Every exchange the sandbox serves, raw (the Traffic view redacts before keeping). */
  readonly onExchange = this.exchanged.event;

  constructor(
    private readonly storage: vscode.Uri,
    private readonly secrets: SecretStore,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** The running sandbox, if it has been started. */
  running(): RunningSandbox | undefined {
    return this.current;
  }

  get dataFile(): string {
    return vscode.Uri.joinPath(this.storage, LOCAL_SANDBOX_STATE_FILE).fsPath;
  }

  /** Why the last start failed or the worker stopped; undefined once it runs (or before any start). */
  failure(): string | undefined {
    return this.lastFailure;
  }

  /** Starts the sandbox once; concurrent callers share the start. A failed start can be retried. */
  start(): Promise<RunningSandbox> {
    this.starting ??= this.doStart().then(sandbox => {
      this.lastFailure = undefined;
      return sandbox;
    }, err => {
      this.starting = undefined;
      this.fail(err instanceof Error ? err.message : String(err), 'The Local sandbox could not start');
      throw err;
    });
    return this.starting;
  }

  private fail(reason: string, what: string): void {
    const first = this.lastFailure === undefined;
    this.lastFailure = reason;
    this.log.error(`[Local sandbox] ${what}: ${reason}`);
    // Told once per run of failures: listeners that refresh (the tree) and so start it again
    // would otherwise loop.
    if (first) this.failed.fire(`${what}: ${reason}`);
  }

  /** The worker of start number `generation` ended without close(): the next use starts a new one. */
  private stopped(generation: number, reason: string): void {
    if (generation !== this.generation) return;
    if (!this.current) {
      this.stoppedWhileStarting = reason;
      return;
    }
    this.starting = undefined;
    this.current = undefined;
    this.fail(`${reason}. Its saved data is kept; it starts again on next use.`, 'The Local sandbox stopped');
  }

  private async doStart(): Promise<RunningSandbox> {
    const generation = ++this.generation;
    this.stoppedWhileStarting = undefined;
    fs.mkdirSync(this.storage.fsPath, { recursive: true });
    const saved = await this.secrets.get(LOCAL_SANDBOX_NAME);
    const keys = saved?.apiKey && saved.accessKey && saved.merchantId
      ? { apiKey: saved.apiKey, accessKey: saved.accessKey, merchantId: saved.merchantId }
      : undefined;
    const sandbox = await loadRuntime().startLocalSandbox({
      host: '127.0.0.1',
      port: 0,
      dataFile: this.dataFile,
      timeZone: LOCAL_SANDBOX_TIME_ZONE,
      keys,
      log: line => this.log.info(`[Local sandbox] ${line}`),
      onExchange: exchange => this.exchanged.fire(exchange),
      onStopped: reason => this.stopped(generation, reason),
    });
    // First start (or lost secrets): keep what the sandbox generated or restored.
    if (!keys) {
      await this.secrets.set(LOCAL_SANDBOX_NAME, {
        apiKey: sandbox.apiKey, accessKey: sandbox.accessKey, merchantId: sandbox.merchantId,
      });
    }
    // Ended while its keys were being saved: this start fails (and is reported), the next use starts again.
    // (Set by onStopped during the awaits above, which the compiler cannot see.)
    const stoppedEarly = this.stoppedWhileStarting as string | undefined;
    if (stoppedEarly !== undefined && generation === this.generation) {
      throw new Error(`the sandbox stopped as it started (${stoppedEarly}); its saved data is kept`);
    }
    this.current = sandbox;
    this.started.fire(sandbox);
    return sandbox;
  }

  /** Stops serving and saves the state. */
  async close(): Promise<void> {
    const pending = this.starting;
    this.starting = undefined;
    this.generation++;
    this.current = undefined;
    this.started.dispose();
    this.failed.dispose();
    this.exchanged.dispose();
    const sandbox = await pending?.catch(() => undefined);
    await sandbox?.close();
  }
}
