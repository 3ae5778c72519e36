// The editor's side of the Local sandbox's worker (./entry.ts): starts the worker, hands the
// caller the sandbox's URLs and keys, forwards control calls and answers, keeps a mirror of the
// sandbox clock (so reading the time needs no round trip), turns posted exchanges back into
// SandboxExchange (their bodies arrive as moved memory: nothing is copied on this thread) and
// tells the caller when the worker stops without being asked to.
import { Worker } from 'node:worker_threads';
import type { SandboxStats } from '../control';
import type { SeedDocument } from '../seeds/seedDocument';
import type { ExchangeObserver } from '../http/exchangeTap';
import type { FaultSpec } from '../http/faults';
import type { SandboxAddress, SandboxOptions } from '../server';
import type { HostMessage, PostedExchange, WorkerControlCall, WorkerMessage, WorkerStartOptions } from './messages';

interface SandboxWorkerSource {
  /** The worker's script: dist/sandboxWorker.js next to the runtime bundle. */
  file: string;
  /** Options for the worker's Node. */
  execArgv?: string[];
}

export type WorkerSandboxOptions = Omit<SandboxOptions, 'modules'> & {
  /**
   * The worker stopped without close() (a crash, running out of memory): the reason. Calls in
   * flight fail; the sandbox's acknowledged writes are in its journal, so a new start finds them.
   */
  onStopped?: (reason: string) => void;
};

/** The control calls the extension makes, answered by the worker; now() reads the mirror. */
interface WorkerSandboxControl {
  advanceClock(ms: number): Promise<Date>;
  advanceToNextAchWindow(): Promise<Date>;
  reset(): Promise<void>;
  injectFaults(spec: FaultSpec | readonly FaultSpec[]): Promise<number>;
  stats(): Promise<SandboxStats>;
  /** The whole state as a seed document, without keys. */
  snapshot(): Promise<SeedDocument>;
  /** Replaces the state with the seed's (refused, with the offending entry's path, when it contradicts itself). */
  loadSeed(seed: SeedDocument): Promise<void>;
  now(): Date;
}

export interface WorkerSandbox extends SandboxAddress {
  control: WorkerSandboxControl;
  /** The worker's thread id (for logs and tests). */
  threadId: number;
  /** Stops serving, ends every socket, writes the final snapshot and ends the worker. */
  close(): Promise<void>;
}

type Started = Extract<WorkerMessage, { type: 'started' }>;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const asBuffer = (bytes: Uint8Array | undefined) => bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function receivedExchange(posted: PostedExchange): Parameters<ExchangeObserver>[0] {
  const { requestBody, responseBody, ...rest } = posted;
  const request = asBuffer(requestBody);
  const response = asBuffer(responseBody);
  return { ...rest, ...(request ? { requestBody: request } : {}), ...(response ? { responseBody: response } : {}) };
}

/** Starts the sandbox in a worker thread and resolves once it listens (rejects with why it could not). */
export function startSandboxInWorker(source: SandboxWorkerSource, options: WorkerSandboxOptions = {}): Promise<WorkerSandbox> {
  const { log, onExchange, onStopped, ...cloned } = options;
  const startOptions: WorkerStartOptions = { ...cloned, tapExchanges: onExchange !== undefined };
  const worker = new Worker(source.file, { workerData: startOptions, execArgv: source.execArgv ?? [] });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let clockOffsetMs = 0;
  /** Where the worker is: each phase has at most one promise waiting on it. */
  let phase: 'starting' | 'running' | 'closing' | 'ended' = 'starting';
  let started: Pending | undefined;
  let closing: Promise<void> | undefined;
  let whenClosed: Pending | undefined;

  const end = () => {
    phase = 'ended';
    void worker.terminate();
  };
  const stopped = (reason: string) => {
    if (phase === 'ended') return;
    const was = phase;
    phase = 'ended';
    const error = new Error(`The Local sandbox stopped (${reason}); it starts again on next use.`);
    for (const call of pending.values()) call.reject(error);
    pending.clear();
    if (was === 'starting') started?.reject(new Error(`The Local sandbox's worker stopped before it listened (${reason}).`));
    else if (was === 'closing') whenClosed?.reject(error);
    else onStopped?.(reason);
  };

  worker.on('message', (message: WorkerMessage) => {
    switch (message.type) {
      case 'log': log?.(message.line); break;
      case 'exchange': onExchange?.(receivedExchange(message.exchange)); break;
      case 'clock': clockOffsetMs = message.clockOffsetMs; break;
      case 'answer': {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.error !== undefined) call?.reject(new Error(message.error));
        else call?.resolve(message.value);
        break;
      }
      case 'started':
        phase = 'running';
        started?.resolve(message);
        break;
      case 'failed':
        end();
        started?.reject(Object.assign(new Error(message.message), message.code === undefined ? {} : { code: message.code }));
        break;
      case 'closed':
        // The worker has saved everything and has nothing left to do: ending it is not a crash.
        end();
        if (message.error === undefined) whenClosed?.resolve(undefined);
        else whenClosed?.reject(new Error(`The Local sandbox could not save its state: ${message.error}`));
        break;
    }
  });
  worker.on('error', err => stopped(err.message));
  worker.on('exit', code => stopped(`its thread ended with exit code ${code}`));

  const send = (message: HostMessage) => worker.postMessage(message);
  const call = <T>(method: WorkerControlCall, ...args: unknown[]) => new Promise<T>((resolve, reject) => {
    if (phase !== 'running') {
      reject(new Error('The Local sandbox is not running; it starts again on next use.'));
      return;
    }
    const id = nextId++;
    pending.set(id, { resolve: resolve, reject });
    send({ type: 'call', id, method, args });
  });
  const control: WorkerSandboxControl = {
    advanceClock: ms => call<Date>('advanceClock', ms),
    advanceToNextAchWindow: () => call<Date>('advanceToNextAchWindow'),
    reset: () => call<void>('reset'),
    injectFaults: spec => call<number>('injectFaults', spec),
    stats: () => call<SandboxStats>('stats'),
    snapshot: () => call<SeedDocument>('snapshot'),
    loadSeed: seed => call<void>('loadSeed', seed),
    now: () => new Date(Date.now() + clockOffsetMs),
  };

  return new Promise<Started>((resolve, reject) => {
    started = { resolve: resolve, reject };
  }).then(info => {
    clockOffsetMs = info.clockOffsetMs;
    return {
      gatewayUrl: info.gatewayUrl,
      boardingUrl: info.boardingUrl,
      apiKey: info.apiKey,
      accessKey: info.accessKey,
      merchantId: info.merchantId,
      port: info.port,
      control,
      threadId: worker.threadId,
      close() {
        // After a crash there is nothing left to save: what was acknowledged is in the journal.
        closing ??= phase === 'ended' ? Promise.resolve() : new Promise<void>((resolve, reject) => {
          phase = 'closing';
          whenClosed = { resolve: resolve, reject };
          send({ type: 'close' });
        });
        return closing;
      },
    };
  });
}
