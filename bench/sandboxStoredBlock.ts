// The longest main-thread block per sandbox write, as the extension runs it (issue 13 §2; the
// figures' meaning is in ./sandboxStored.ts, which runs this): the sandbox in its worker thread
// (the shipped dist/sandboxWorker.js, with a monitor of its own thread: sandboxWorkerMonitored.cjs)
// with a data file and a Traffic observer on the main thread, the shipped dist/runtime.js's
// GatewayClient sending sale + refund pairs from the main thread, and an event-loop-delay monitor
// plus a thread-CPU clock watching the main thread. ./sandboxStored.ts bundles this file with
// esbuild and runs it with plain Node (`node <bundle> <dist> <monitored worker> <data file>
// <worker figures file>`),
// so that the main thread holds only what an extension host's would of ours.
import { promises as fsp, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as path from 'node:path';
import type { RuntimeModule } from '../src/extension/lazy/runtime';
import { startSandboxInWorker } from '../src/sandbox/worker/host';
import { threadSchedMs } from './stats';

export const BLOCK_TARGET_MS = 2;
/** Journal bytes that start a snapshot in the block bench: about forty writes. */
const SNAPSHOT_AFTER_BYTES = 64 * 1024;
const MIN_SNAPSHOTS = 2;
/** Sale + refund pairs sent before the measurement (see measureWriteBlock). */
export const WARM_UP_PAIRS = 50;
const PAIRS = Number(process.env.STORED_BENCH_PAIRS ?? 300);
const SALE = { amount: '25.00', card: '4111111111111111', 'exp-date': '1230', csc: '999', 'software-type': 'GatewayWorkbench' };

/** One gap between two ticks of the watcher, split by what the main thread was doing in it. */
export interface GapSplit {
  wallMs: number;
  /** On a CPU: our code, the garbage collector, the system calls it made. */
  runningMs: number;
  /** Runnable, waiting in a run queue for a CPU that other threads or processes held. */
  waitingMs: number;
  /** The rest, asleep: the tick's own 1 ms, then a late wake-up or a wait on another thread (schedstat cannot tell which). */
  asleepMs: number;
}

interface GapFigures {
  /** The most CPU time the main thread had between two ticks. */
  cpuMs: number;
  /** Ticks with more than BLOCK_TARGET_MS of CPU time since the last. */
  overTarget: number;
  ticks: number;
  /** The gap with the longest wall clock, split. */
  longest: GapSplit;
  /** The longest block left once the time spent waiting for a CPU is taken out of each gap. */
  notWaitingMs: number;
  /** Gaps whose block (beyond the 1 ms tick) was over BLOCK_TARGET_MS, and how many of them spent most of it waiting for a CPU. */
  overTargetWall: number;
  overTargetMostlyWaiting: number;
}

/**
 * Watches the main thread with a 1 ms tick and splits each gap between two ticks by the
 * thread's scheduler clocks (threadSchedMs): its CPU time, exact to a few microseconds, tells
 * our work from the thread waiting for a CPU, which on a busy 2-core machine is most of a long
 * gap (kernel threads, other processes and V8's background threads hold both CPUs for a few
 * milliseconds at a time). Before the CPU clock, a reading could be off by a 4 ms scheduler tick.
 */
function gapWatcher(): { stop(): GapFigures } {
  let last = { ...threadSchedMs(), at: performance.now() };
  const figures: GapFigures = { cpuMs: 0, overTarget: 0, ticks: 0, longest: { wallMs: 0, runningMs: 0, waitingMs: 0, asleepMs: 0 }, notWaitingMs: 0, overTargetWall: 0, overTargetMostlyWaiting: 0 };
  const timer = setInterval(() => {
    const now = { ...threadSchedMs(), at: performance.now() };
    const wallMs = now.at - last.at;
    const runningMs = now.cpuMs - last.cpuMs;
    const waitingMs = now.waitMs - last.waitMs;
    figures.cpuMs = Math.max(figures.cpuMs, runningMs);
    if (runningMs > BLOCK_TARGET_MS) figures.overTarget++;
    if (wallMs > figures.longest.wallMs) figures.longest = { wallMs, runningMs, waitingMs, asleepMs: Math.max(0, wallMs - runningMs - waitingMs) };
    // A gap is a block beyond the tick's own 1 ms, as the event-loop-delay monitor counts it.
    figures.notWaitingMs = Math.max(figures.notWaitingMs, wallMs - waitingMs - 1);
    if (wallMs - 1 > BLOCK_TARGET_MS) {
      figures.overTargetWall++;
      if (waitingMs > (wallMs - 1) / 2) figures.overTargetMostlyWaiting++;
    }
    figures.ticks++;
    last = now;
  }, 1);
  return { stop: () => { clearInterval(timer); return figures; } };
}

/** A sample of the event-loop-delay monitor is the time between two 1 ms ticks: what exceeds the 1 ms is the block. */
const blockMs = (ns: number) => Math.max(0, ns / 1e6 - 1);

/** The same watch over a main thread that does nothing else: what the machine alone makes of a 1 ms tick. */
export interface IdleFloor extends GapFigures { maxMs: number; p99Ms: number; windowMs: number }

/**
 * The floor under the write block: the same two watchers (event-loop-delay monitor, scheduler
 * clocks) for `windowMs` in a process that does nothing else — no sandbox, no client, no writes.
 * On a shared 2-vCPU virtual machine a 1 ms timer in such a process is itself woken late by
 * several milliseconds at times (kernel threads, other tenants' vCPUs, its own scavenges); a
 * write block can only be told from the machine against this, measured in the same run.
 */
export async function watchIdle(windowMs: number): Promise<IdleFloor> {
  const monitor = monitorEventLoopDelay({ resolution: 1 });
  monitor.enable();
  const gaps = gapWatcher();
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  monitor.disable();
  return { maxMs: blockMs(monitor.max), p99Ms: blockMs(monitor.percentile(99)), windowMs: performance.now() - started, ...gaps.stop() };
}

/** The sandbox worker's own thread over the same window (bench/sandboxWorkerMonitored.cjs). */
interface WorkerThreadBlock { maxMs: number; p99Ms: number; cpuMs: number }

export interface WriteBlock extends GapFigures {
  maxMs: number; p99Ms: number; writes: number; snapshots: number;
  /** How long the measured writes took: the idle floor is watched for as long. */
  windowMs: number;
  warmUp: { maxMs: number; cpuMs: number };
  worker: WorkerThreadBlock;
}

async function measureWriteBlock(dist: string, monitoredWorker: string, file: string, workerFigures: string): Promise<WriteBlock> {
  const runtime = require(path.join(dist, 'runtime.js')) as RuntimeModule;
  const exchanges: unknown[] = [];
  process.env.SANDBOX_THREAD_BLOCK_FILE = workerFigures;
  // The host the runtime's startLocalSandbox uses, given the monitored worker instead of the bare one.
  const sandbox = await startSandboxInWorker({ file: monitoredWorker }, { host: '127.0.0.1', port: 0, dataFile: file, timeZone: 'America/Chicago', snapshotAfterBytes: SNAPSHOT_AFTER_BYTES, onExchange: e => exchanges.push(e.status) });
  const client = new runtime.GatewayClient({
    environment: { name: 'Local sandbox', kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
    credentials: { apiKey: sandbox.apiKey, accessKey: sandbox.accessKey, merchantId: sandbox.merchantId },
  });
  let main: Omit<WriteBlock, 'worker'>;
  try {
    const send = async () => {
      const sale = await client.send({ operation: 'transactions.sale', body: SALE });
      if (sale.status !== 200) throw new Error(`sale answered ${sale.status}`);
      const id = (sale.parsed as { payload: { transaction: { id: string } } }).payload.transaction.id;
      const refund = await client.send({ operation: 'transactions.refund', body: { id, amount: '5.00' } });
      if (refund.status !== 200) throw new Error(`refund answered ${refund.status}`);
    };
    // The first writes compile the code and grow the young generation: a user sees them too,
    // so they are watched and printed on their own line, but they are not the steady cost per
    // write that the target is about.
    const warmMonitor = monitorEventLoopDelay({ resolution: 1 });
    warmMonitor.enable();
    const warmGaps = gapWatcher();
    for (let i = 0; i < WARM_UP_PAIRS; i++) await send();
    warmMonitor.disable();
    const warmUp = { maxMs: Math.max(0, warmMonitor.max / 1e6 - 1), cpuMs: warmGaps.stop().cpuMs };
    // Each snapshot replaces the data file (a rename), so a new inode is a finished snapshot.
    const inode = async () => (await fsp.stat(file)).ino;
    const seen = new Set([await inode()]);
    // Starts the worker thread's window (bench/sandboxWorkerMonitored.cjs).
    await sandbox.control.stats();
    const monitor = monitorEventLoopDelay({ resolution: 1 });
    monitor.enable();
    const gaps = gapWatcher();
    const started = performance.now();
    let pairs = 0;
    for (; pairs < PAIRS || seen.size <= MIN_SNAPSHOTS; pairs++) {
      await send();
      seen.add(await inode());
    }
    monitor.disable();
    const gapFigures = gaps.stop();
    main = { maxMs: blockMs(monitor.max), p99Ms: blockMs(monitor.percentile(99)), writes: 2 * pairs, snapshots: seen.size - 1, windowMs: performance.now() - started, ...gapFigures, warmUp };
  } finally {
    await client.close();
    await sandbox.close();
  }
  // The worker wrote its thread's figures as it was asked to close.
  return { ...main, worker: JSON.parse(readFileSync(workerFigures, 'utf8')) as WorkerThreadBlock };
}

if (require.main === module && process.argv[2] === 'idle') {
  watchIdle(Number(process.argv[3])).then(result => process.stdout.write(`\n${JSON.stringify(result)}\n`), (e: unknown) => {
    console.error(e);
    process.exit(1);
  });
} else if (require.main === module) {
  const [dist, monitoredWorker, file, workerFigures] = process.argv.slice(2);
  measureWriteBlock(dist, monitoredWorker, file, workerFigures).then(result => process.stdout.write(`\n${JSON.stringify(result)}\n`), (e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
