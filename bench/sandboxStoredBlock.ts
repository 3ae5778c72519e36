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
import { threadCpuMs } from './stats';

export const BLOCK_TARGET_MS = 2;
/** Journal bytes that start a snapshot in the block bench: about forty writes. */
const SNAPSHOT_AFTER_BYTES = 64 * 1024;
const MIN_SNAPSHOTS = 2;
/** Sale + refund pairs sent before the measurement (see measureWriteBlock). */
export const WARM_UP_PAIRS = 50;
const PAIRS = Number(process.env.STORED_BENCH_PAIRS ?? 300);
const SALE = { amount: '25.00', card: '4111111111111111', 'exp-date': '1230', csc: '999', 'software-type': 'GatewayWorkbench' };

/**
 * The most CPU time the main thread had between two 1 ms ticks: on a busy machine a long gap
 * is often the thread waiting for a CPU, not working, and this tells the two apart. Exact to a
 * few microseconds (threadCpuMs); before, a reading could be off by a 4 ms scheduler tick.
 */
function gapWatcher(): { stop(): { cpuMs: number; overTarget: number; ticks: number } } {
  let last = threadCpuMs();
  let maxCpuMs = 0;
  let overTarget = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = threadCpuMs();
    maxCpuMs = Math.max(maxCpuMs, now - last);
    if (now - last > BLOCK_TARGET_MS) overTarget++;
    ticks++;
    last = now;
  }, 1);
  return { stop: () => { clearInterval(timer); return { cpuMs: maxCpuMs, overTarget, ticks }; } };
}

/** The sandbox worker's own thread over the same window (bench/sandboxWorkerMonitored.cjs). */
interface WorkerThreadBlock { maxMs: number; p99Ms: number; cpuMs: number }

export interface WriteBlock {
  maxMs: number; p99Ms: number; writes: number; snapshots: number; cpuMs: number; overTarget: number; ticks: number;
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
    let pairs = 0;
    for (; pairs < PAIRS || seen.size <= MIN_SNAPSHOTS; pairs++) {
      await send();
      seen.add(await inode());
    }
    monitor.disable();
    const { cpuMs, overTarget, ticks } = gaps.stop();
    // A sample is the time between two 1 ms ticks: what exceeds the 1 ms is the block.
    const block = (ns: number) => Math.max(0, ns / 1e6 - 1);
    main = { maxMs: block(monitor.max), p99Ms: block(monitor.percentile(99)), writes: 2 * pairs, snapshots: seen.size - 1, cpuMs, overTarget, ticks, warmUp };
  } finally {
    await client.close();
    await sandbox.close();
  }
  // The worker wrote its thread's figures as it was asked to close.
  return { ...main, worker: JSON.parse(readFileSync(workerFigures, 'utf8')) as WorkerThreadBlock };
}

if (require.main === module) {
  const [dist, monitoredWorker, file, workerFigures] = process.argv.slice(2);
  measureWriteBlock(dist, monitoredWorker, file, workerFigures).then(result => process.stdout.write(`\n${JSON.stringify(result)}\n`), (e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
