// Milliseconds on a monotonic clock, for the durations and rate buckets of every exchange.
// `performance.now()` reads the same clock, but the first read of Node's `performance` loads its
// perf_hooks internals at the first Send; `process.hrtime` is a native call that loads nothing.
// PERF(bench/activation.ts)
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
