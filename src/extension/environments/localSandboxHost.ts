// Runs the Local sandbox inside the extension host, started on first use: a free loopback
// port, keys generated on the very first start and kept in SecretStorage, state saved in the
// extension's global storage so that it survives a restart of the editor.
import * as fs from 'node:fs';
import { LOCAL_SANDBOX_TIME_ZONE } from './sandboxClock';
import * as vscode from 'vscode';
import { LOCAL_SANDBOX_NAME } from '../contracts';
import { loadRuntime } from '../lazy/runtime';
import type { RunningSandbox } from '../../sandbox/server';
import type { SandboxExchange } from '../../sandbox/exchangeTap';
import type { SecretStore } from './secretStore';

const LOCAL_SANDBOX_STATE_FILE = 'local-sandbox.json';

export class LocalSandboxHost {
  private starting: Promise<RunningSandbox> | undefined;
  private current: RunningSandbox | undefined;
  private readonly started = new vscode.EventEmitter<RunningSandbox>();
  readonly onDidStart = this.started.event;
  private readonly failed = new vscode.EventEmitter<string>();
  /** A start failed (the reason, e.g. an unreadable data file); the next start() tries again. */
  readonly onDidFail = this.failed.event;
  private lastFailure: string | undefined;
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

  /** Why the last start failed; undefined once it runs (or before any start). */
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
      const first = this.lastFailure === undefined;
      this.lastFailure = err instanceof Error ? err.message : String(err);
      this.log.error(`[Local sandbox] could not start: ${this.lastFailure}`);
      // Told once per run of failures: listeners that refresh (the tree) and so start it again
      // would otherwise loop.
      if (first) this.failed.fire(this.lastFailure);
      throw err;
    });
    return this.starting;
  }

  private async doStart(): Promise<RunningSandbox> {
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
    });
    // First start (or lost secrets): keep what the sandbox generated or restored.
    if (!keys) {
      await this.secrets.set(LOCAL_SANDBOX_NAME, {
        apiKey: sandbox.apiKey, accessKey: sandbox.accessKey, merchantId: sandbox.merchantId,
      });
    }
    this.current = sandbox;
    this.started.fire(sandbox);
    return sandbox;
  }

  /** Stops serving and saves the state. */
  async close(): Promise<void> {
    const pending = this.starting;
    this.starting = undefined;
    this.current = undefined;
    this.started.dispose();
    this.failed.dispose();
    this.exchanged.dispose();
    const sandbox = await pending?.catch(() => undefined);
    await sandbox?.close();
  }
}
