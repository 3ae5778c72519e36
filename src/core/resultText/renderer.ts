// Makes result text off the caller's thread: bodies above IN_THREAD_MAX_BYTES go to one worker
// (started on first use, kept, not keeping the process alive), smaller ones are done in place,
// where that is quicker than the trip to the worker and back.
import { Worker } from 'node:worker_threads';
import type { BodyFacts } from '../answers/answerDecoding';
import { doJob, type FactsJob, type ResultJob } from './job';

/**
 * Up to this many bytes a body is shown on the caller's thread: below it the trip to the worker
 * costs more than the work; above it the work grows with the body. PERF(bench/resultBlocking.ts)
 */
export const IN_THREAD_MAX_BYTES = 64 * 1024;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface WorkerSource {
  /** The worker's script: dist/resultWorker.js next to the runtime bundle. */
  file: string;
  /** Options for the worker's Node (tests run the TypeScript source through tsx). */
  execArgv?: string[];
}

export class ResultRenderer {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly source: WorkerSource) {}

  /** The text of `job`: in place when its body is small, else in the worker. */
  async render(job: ResultJob): Promise<string> {
    const size = job.kind === 'format' ? job.shown.length : job.body.length;
    if (size <= IN_THREAD_MAX_BYTES) return doJob(job);
    return this.inWorker(job);
  }

  /**
   * A large JSON or XML answer judged in the worker (whether it parses, its envelope), for the
   * client's `bodyFacts`; undefined for a small one, which the client judges on first read.
   */
  bodyFacts(format: 'json' | 'xml', body: Buffer): Promise<BodyFacts> | undefined {
    if (body.length <= IN_THREAD_MAX_BYTES) return undefined;
    return this.inWorker({ kind: 'facts', format, body });
  }

  /** What `job` makes, made in the worker whatever its size (tests compare it with doJob). */
  inWorker(job: ResultJob): Promise<string>;
  inWorker(job: FactsJob): Promise<BodyFacts>;
  inWorker(job: ResultJob | FactsJob): Promise<unknown> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, job });
    });
  }

  /** Stops the worker; jobs still running fail. */
  async dispose(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the result worker was stopped'));
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.source.file, { execArgv: this.source.execArgv ?? [] });
    worker.unref();
    worker.on('message', ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
      const job = this.pending.get(id);
      this.pending.delete(id);
      // An idle worker must not keep the process (the CLI, a test run) alive.
      if (this.pending.size === 0) worker.unref();
      if (error !== undefined) job?.reject(new Error(`The result could not be shown: ${error}`));
      else job?.resolve(value);
    });
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new Error(`The result worker stopped (${error.message}); run the request again.`));
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`exit code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    const jobs = [...this.pending.values()];
    this.pending.clear();
    for (const job of jobs) job.reject(error);
  }
}
