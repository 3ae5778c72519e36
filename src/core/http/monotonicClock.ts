// Milliseconds on a monotonic clock, for the durations and rate buckets of every exchange.
// `performance.now()` reads the same clock, but the first read of Node's `performance` loads its
// perf_hooks internals (~0.6 ms, at the first Send: bench/activation.ts lists the built-ins a first
// exchange loads); `process.hrtime` is a native call that loads nothing.
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
