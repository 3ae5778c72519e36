// When the Local sandbox starts, fails and starts again, without VS Code's parts (so that a node
// test runs it with a real worker; ./localSandboxHost.ts is the VS Code side): one start at a
// time, shared by concurrent callers; keys generated on the very first start are saved; a failed
// start, or a worker that stops on its own, is reported once per run of failures and the next
// use starts again. A worker that ends while its first start saves the generated keys fails that
// start: handing out a sandbox that is already gone would fail the caller's first request instead.
import type { SandboxOptions } from '../../sandbox/server';
import type { WorkerSandbox } from '../../sandbox/worker/host';

/** The keys a start is given, or generates and then saves: the sandbox's own option. */
export type LocalSandboxKeys = NonNullable<SandboxOptions['keys']>;

/**
 * The code a start fails with when another process's sandbox holds the data file (another VS Code
 * window: the global storage is shared). src/sandbox/persistence/dataFileClaim.ts's DATA_FILE_IN_USE, written
 * out: importing it would bring the sandbox into the activation bundle.
 */
const DATA_FILE_IN_USE = 'EDATAFILEINUSE';

/** What a start is made of: the worker, the keys' store, and where failures are told. */
interface LocalSandboxStartParts {
  /**
   * Starts a sandbox with `keys` (none: it generates them), its state in the data file or, when
   * `keepsState` is false, in memory; `onStopped` hears its worker end on its own.
   */
  start(keys: LocalSandboxKeys | undefined, onStopped: (reason: string) => void, keepsState: boolean): Promise<WorkerSandbox>;
  /** The keys an earlier start kept, if any. */
  savedKeys(): Promise<LocalSandboxKeys | undefined>;
  saveKeys(keys: LocalSandboxKeys): Promise<void>;
  /** A sandbox runs now. */
  started(sandbox: WorkerSandbox): void;
  /** Every failure, with its reason (the log). */
  logFailure(message: string): void;
  /** The first failure of a run of failures: listeners that refresh (and so start again) would otherwise loop. */
  reportFailure(message: string): void;
  /** Something the user should know about a start that worked: its state kept in memory only. */
  tell(message: string): void;
}

export class LocalSandboxStarts {
  private starting: Promise<WorkerSandbox> | undefined;
  private current: WorkerSandbox | undefined;
  private lastFailure: string | undefined;
  /** Counts starts, so that a stop reported by an earlier worker is not taken for the current one's. */
  private generation = 0;

  constructor(private readonly parts: LocalSandboxStartParts) {}

  /** The running sandbox, if it has been started. */
  running(): WorkerSandbox | undefined {
    return this.current;
  }

  /** Why the last start failed or the worker stopped; undefined once it runs (or before any start). */
  failure(): string | undefined {
    return this.lastFailure;
  }

  /** Starts the sandbox once; concurrent callers share the start. A failed start can be retried. */
  start(): Promise<WorkerSandbox> {
    this.starting ??= this.doStart().then(sandbox => {
      this.lastFailure = undefined;
      return sandbox;
    }, (err: unknown) => {
      this.starting = undefined;
      this.fail(err instanceof Error ? err.message : String(err), 'The Local sandbox could not start');
      throw err;
    });
    return this.starting;
  }

  /** Forgets the sandbox (a stop reported after this is not told) and hands back the start in progress, if any. */
  detach(): Promise<WorkerSandbox> | undefined {
    const pending = this.starting;
    this.starting = undefined;
    this.generation++;
    this.current = undefined;
    return pending;
  }

  private fail(reason: string, what: string): void {
    const first = this.lastFailure === undefined;
    this.lastFailure = reason;
    this.parts.logFailure(`${what}: ${reason}`);
    if (first) this.parts.reportFailure(`${what}: ${reason}`);
  }

  private async doStart(): Promise<WorkerSandbox> {
    const generation = ++this.generation;
    let running = false;
    let stoppedWhileStarting: string | undefined;
    const stopped = (reason: string) => {
      if (generation !== this.generation) return;
      if (!running) {
        stoppedWhileStarting ??= reason;
        return;
      }
      this.starting = undefined;
      this.current = undefined;
      this.fail(`${reason}. Its saved data is kept; it starts again on next use.`, 'The Local sandbox stopped');
    };
    const keys = await this.parts.savedKeys();
    const sandbox = await this.startKeepingState(keys, stopped);
    // First start (or lost secrets): keep what the sandbox generated or restored.
    if (!keys) await this.parts.saveKeys({ apiKey: sandbox.apiKey, accessKey: sandbox.accessKey, merchantId: sandbox.merchantId });
    // Set by `stopped` during the awaits above.
    if (stoppedWhileStarting !== undefined) throw new Error(`the sandbox stopped as it started (${stoppedWhileStarting}); its saved data is kept`);
    running = true;
    // Not when close() came during the start: that sandbox is being closed.
    if (generation === this.generation) {
      this.current = sandbox;
      this.parts.started(sandbox);
    }
    return sandbox;
  }

  /**
   * A sandbox on the data file; while another window's sandbox holds it, one whose state lives
   * in memory (the same keys, its own transactions): two sandboxes on one file would hand out the
   * same ids and lose each other's changes.
   */
  private async startKeepingState(keys: LocalSandboxKeys | undefined, stopped: (reason: string) => void): Promise<WorkerSandbox> {
    try {
      return await this.parts.start(keys, stopped, true);
    } catch (err) {
      if ((err as { code?: unknown } | undefined)?.code !== DATA_FILE_IN_USE) throw err;
      const sandbox = await this.parts.start(keys, stopped, false);
      this.parts.logFailure(`The Local sandbox keeps its state in memory: ${(err as Error).message}`);
      this.parts.tell('Another VS Code window\'s Local sandbox is using the saved sandbox state, so this window\'s Local sandbox keeps its transactions in memory, until this window reloads. Reload it once the other window is closed to work on the saved state again.');
      return sandbox;
    }
  }
}
