// Percentiles, clocks and formatting shared by the benchmarks.
import { readFileSync } from 'node:fs';

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const i = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[i];
}

export function summarize(samplesMs: number[]): { p50: number; p99: number; n: number } {
  const s = [...samplesMs].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), n: s.length };
}

export const fmt = (n: number, digits = 3) => n.toFixed(digits);

/** Monotonic milliseconds. */
export const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * The calling thread's scheduler clocks in ms (Linux schedstat): `cpuMs`, the CPU time it has had
 * so far, and `waitMs`, the time it has spent runnable but waiting for a CPU (in a run queue).
 * Elsewhere the process's CPU time (all threads) and no wait (NaN).
 * The kernel brings a running thread's schedstat up to date only at a scheduler tick (4 ms at
 * HZ=250) or a context switch, so a bare read lags by up to a tick: two reads 1 ms apart showed
 * 0 or 4 ms, and a 2 ms block could read as 5. getrusage (process.cpuUsage) brings the calling
 * thread's figure up to date first, so the read after it is exact (a 0.5 ms spin reads 0.52 ms).
 */
export function threadSchedMs(): { cpuMs: number; waitMs: number } {
  try {
    process.cpuUsage();
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return { cpuMs: Number(run) / 1e6, waitMs: Number(wait) / 1e6 };
  } catch {
    const { user, system } = process.cpuUsage();
    return { cpuMs: (user + system) / 1000, waitMs: NaN };
  }
}

/** CPU time (ms) the calling thread has had so far, exact (threadSchedMs). */
export const threadCpuMs = (): number => threadSchedMs().cpuMs;
