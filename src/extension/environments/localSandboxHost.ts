// Runs the Local sandbox for the extension host, started on first use: in a worker thread of
// its own (dist/sandboxWorker.js: its own heap and garbage collector, so serving, journaling
// and snapshots never block the editor's main thread), on the loopback port it had last time
// (./localSandboxPort.ts), with keys generated on the very first start and kept in
// SecretStorage, and state saved in the extension's global storage so that it survives a
// restart of the editor. When it starts, fails and starts again is ./localSandboxStarts.ts;
// this file gives it VS Code's parts.
import * as fs from 'node:fs';
import { LOCAL_SANDBOX_TIME_ZONE } from './sandboxClock';
import * as vscode from 'vscode';
import { LOCAL_SANDBOX_NAME } from '../contracts';
import { loadRuntime } from '../lazy/runtime';
import type { WorkerSandbox as RunningSandbox } from '../../sandbox/worker/host';
import type { SandboxExchange } from '../../sandbox/http/exchangeTap';
import { LocalSandboxStarts } from './localSandboxStarts';
import { PORT_SETTING, REMEMBERED_PORT_KEY, listenOnChosenPort, portChoice } from './localSandboxPort';
import type { SecretStore } from './secretStore';
import { LocalSandboxSeed } from './localSandboxSeed';
import type { SeedDocument } from '../../sandbox/seeds/seedDocument';

const LOCAL_SANDBOX_STATE_FILE = 'local-sandbox.json';
/**
 * How long a start waits for another sandbox to let go of the data file before keeping its state
 * in memory: on a reload VS Code starts the new extension host while the old one still closes
 * (its deactivate saves and lets go); another window's sandbox holds it for good.
 */
const PREVIOUS_HOST_CLOSING_MS = 5_000;

export class LocalSandboxHost {
  private readonly started = new vscode.EventEmitter<RunningSandbox>();
  readonly onDidStart = this.started.event;
  private readonly failed = new vscode.EventEmitter<string>();
  /**
   * A start failed, or the running sandbox's worker stopped on its own: what to tell the user
   * (with the reason, e.g. an unreadable data file). The next start() tries again.
   */
  readonly onDidFail = this.failed.event;
  private readonly told = new vscode.EventEmitter<string>();
  /** Something about a start that worked that the user should know (its state kept in memory only). */
  readonly onDidTell = this.told.event;
  private readonly exchanged = new vscode.EventEmitter<SandboxExchange>();
  /** Every exchange the sandbox serves, raw (the Traffic view redacts before keeping). */
  readonly onExchange = this.exchanged.event;
  private readonly starts: LocalSandboxStarts;
  /** The seed it was last started from, kept for its next start (and the examples' throwaway sandbox). */
  private readonly seed: LocalSandboxSeed;
  private restarting: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly storage: vscode.Uri,
    secrets: SecretStore,
    log: vscode.LogOutputChannel,
    /** The extension's global state: the port the sandbox last bound, for the next start. */
    private readonly state: vscode.Memento,
  ) {
    this.seed = new LocalSandboxSeed(this.storage.fsPath);
    this.starts = new LocalSandboxStarts({
      start: (keys, onStopped, keepsState) => {
        fs.mkdirSync(this.storage.fsPath, { recursive: true });
        // With a data file that holds a state, the seed is only what a reset goes back to.
        const seed = this.seed.current();
        const listen = (port: number) => loadRuntime().startLocalSandbox({
          host: '127.0.0.1',
          port,
          // A reloading window's previous extension host may still be closing its sandbox on the file.
          ...(keepsState ? { dataFile: this.dataFile, dataFileWaitMs: PREVIOUS_HOST_CLOSING_MS } : {}),
          timeZone: LOCAL_SANDBOX_TIME_ZONE,
          ...(seed ? { seed } : {}),
          keys,
          log: line => log.info(`[Local sandbox] ${line}`),
          onExchange: exchange => this.exchanged.fire(exchange),
          onStopped,
        });
        const choice = portChoice(vscode.workspace.getConfiguration().get<unknown>(PORT_SETTING), this.state.get<unknown>(REMEMBERED_PORT_KEY), keepsState);
        return listenOnChosenPort(choice, listen, message => this.told.fire(message)).then(sandbox => {
          // Not awaited, and a failure only logged: the sandbox runs either way.
          if (keepsState) {
            Promise.resolve(this.state.update(REMEMBERED_PORT_KEY, sandbox.port))
              .catch((err: unknown) => log.warn(`[Local sandbox] could not remember port ${sandbox.port}: ${err instanceof Error ? err.message : String(err)}`));
          }
          return sandbox;
        });
      },
      savedKeys: async () => {
        const saved = await secrets.get(LOCAL_SANDBOX_NAME);
        return saved?.apiKey && saved.accessKey && saved.merchantId
          ? { apiKey: saved.apiKey, accessKey: saved.accessKey, merchantId: saved.merchantId }
          : undefined;
      },
      saveKeys: keys => secrets.set(LOCAL_SANDBOX_NAME, keys),
      started: sandbox => this.started.fire(sandbox),
      logFailure: message => log.error(`[Local sandbox] ${message}`),
      reportFailure: message => this.failed.fire(message),
      tell: message => this.told.fire(message),
    });
  }

  /** The running sandbox, if it has been started. */
  running(): RunningSandbox | undefined {
    return this.starts.running();
  }

  get dataFile(): string {
    return vscode.Uri.joinPath(this.storage, LOCAL_SANDBOX_STATE_FILE).fsPath;
  }

  /** The kept seed's file, when it was started from one: what its Reset goes back to. */
  seedFile(): string | undefined {
    return this.seed.current();
  }

  /** Why the last start failed or the worker stopped; undefined once it runs (or before any start). */
  failure(): string | undefined {
    return this.starts.failure();
  }

  /** Starts the sandbox once; concurrent callers share the start. A failed start can be retried. */
  start(): Promise<RunningSandbox> {
    return this.starts.start();
  }

  /**
   * Stops the running sandbox (saving its state) and starts it again: after its port setting
   * changed. Its keys and state are kept; a stop of the old worker is not reported.
   */
  restart(): Promise<RunningSandbox> {
    // One at a time: two overlapping restarts would start two sandboxes on the one data file.
    const next = this.restarting.then(async () => {
      const previous = await this.starts.detach()?.catch(() => undefined);
      await previous?.close();
      return this.starts.start();
    });
    this.restarting = next.catch(() => undefined);
    return next;
  }

  /**
   * Keeps a seed the running sandbox took (as `seed` reads it), for its next start. The sandbox holds it already, so a
   * failure to write it only tells the user what it means; it does not fail the load.
   */
  keepSeed(seed: () => Promise<SeedDocument>): Promise<void> {
    return seed().then((taken) => this.seed.keep(taken)).catch(async (err: unknown) => {
      await this.seed.forget();
      this.told.fire(`The ${LOCAL_SANDBOX_NAME} holds the seed, but it could not be kept for its next start (${err instanceof Error ? err.message : String(err)}): after a reload, Reset goes back to empty, and the examples' throwaway sandbox starts empty.`);
    });
  }

  /** Stops serving and saves the state. */
  async close(): Promise<void> {
    // The start in progress, or the one that started the running sandbox.
    const pending = this.starts.detach();
    this.started.dispose();
    this.failed.dispose();
    this.told.dispose();
    this.exchanged.dispose();
    const sandbox = await pending?.catch(() => undefined);
    await sandbox?.close();
  }
}
