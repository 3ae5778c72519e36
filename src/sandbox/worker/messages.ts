// What the Local sandbox's worker (./entry.ts) and its host on the editor's side (./host.ts)
// say to each other. Functions cannot cross a thread, so the options that are functions (log,
// onExchange) become messages; everything else is structured-cloned.
import type { OutgoingHttpHeaders, IncomingHttpHeaders } from 'node:http';
import type { SandboxAddress, SandboxOptions } from '../server';

/** The options the worker starts the sandbox with (workerData). */
export type WorkerStartOptions = Omit<SandboxOptions, 'log' | 'onExchange' | 'modules'> & {
  /** Whether exchanges are posted at all (the host has an observer). */
  tapExchanges: boolean;
};

/** The control calls the host may make, by name: what the extension uses of SandboxControl. */
export const WORKER_CONTROL_CALLS = ['advanceClock', 'advanceToNextAchWindow', 'reset', 'injectFaults', 'stats', 'snapshot', 'loadSeed'] as const;
export type WorkerControlCall = typeof WORKER_CONTROL_CALLS[number];

/** A SandboxExchange with its bodies as bytes the worker gave away (transferred, never copied again). */
export interface PostedExchange {
  at: Date;
  method: string;
  path: string;
  requestHeaders: IncomingHttpHeaders;
  requestBody?: Uint8Array;
  status?: number;
  responseHeaders: OutgoingHttpHeaders;
  responseBody?: Uint8Array;
  timeMs: number;
}

export type HostMessage =
  | { type: 'call'; id: number; method: WorkerControlCall; args: unknown[] }
  | { type: 'close' };

export type WorkerMessage =
  | ({ type: 'started'; clockOffsetMs: number } & SandboxAddress)
  /** `code`: a Node or sandbox error code (EDATAFILEINUSE…), for the host to act on. */
  | { type: 'failed'; message: string; code?: string }
  | { type: 'log'; line: string }
  | { type: 'exchange'; exchange: PostedExchange }
  | { type: 'clock'; clockOffsetMs: number }
  | { type: 'answer'; id: number; value?: unknown; error?: string }
  | { type: 'closed'; error?: string };
