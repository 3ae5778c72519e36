// The benches' thread CPU clock (bench/stats.ts threadCpuMs) must see sub-millisecond work: the
// stored-history bench tells a main-thread block from a wait for a CPU by it, against a 2 ms
// target. A bare read of /proc/thread-self/schedstat lags by up to a scheduler tick (4 ms), so
// most short stretches of work read as 0 and one reads as the ticks they piled up. Its wait clock
// (threadSchedMs().waitMs) must see the thread kept from a CPU by others. The idle floor the
// write block is judged against must see a block of its own thread.
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { watchIdle } from '../../bench/sandboxStoredBlock';
import { threadCpuMs, threadSchedMs } from '../../bench/stats';

/** About a third of a millisecond of work (measured 0.3 ms) that the compiler cannot drop. */
function work(): number {
  let x = 0;
  for (let i = 0; i < 20_000; i++) x = (x + Math.sqrt(i)) % 1e9;
  return x;
}

test('the thread CPU clock sees each third of a millisecond of work (no zero reads, no tick-sized jumps)', () => {
  work();
  const deltas: number[] = [];
  let sink = 0;
  for (let i = 0; i < 30; i++) {
    const before = threadCpuMs();
    sink += work();
    deltas.push(threadCpuMs() - before);
  }
  assert.ok(sink > 0);
  const sorted = [...deltas].sort((a, b) => a - b);
  assert.ok(sorted[0] > 0, `a stretch of work read as no CPU time: ${deltas.map(d => d.toFixed(3)).join(' ')}`);
  // The median piece of work is the same work each time: it cannot read as a whole tick.
  assert.ok(sorted[15] < 3, `median ${sorted[15].toFixed(3)} ms for ~0.3 ms of work: ${deltas.map(d => d.toFixed(3)).join(' ')}`);
});

test('the thread wait clock sees the thread kept from a CPU while more threads than CPUs are busy', async () => {
  const before = threadSchedMs();
  if (process.platform !== 'linux') {
    assert.ok(Number.isNaN(before.waitMs), 'without /proc/thread-self/schedstat there is no wait clock');
    return;
  }
  // One busy thread per CPU and one more, for 400 ms: with this thread busy too, some must wait.
  const busy = Array.from({ length: availableParallelism() + 1 }, () => new Worker('const end = Date.now() + 400; while (Date.now() < end) {}', { eval: true }));
  await Promise.all(busy.map(w => new Promise(resolve => w.once('online', resolve))));
  const start = threadSchedMs();
  let sink = 0;
  for (const end = Date.now() + 300; Date.now() < end;) sink += work();
  const after = threadSchedMs();
  await Promise.all(busy.map(w => new Promise(resolve => w.once('exit', resolve))));
  assert.ok(sink > 0);
  assert.ok(after.waitMs - start.waitMs > 1, `waited ${(after.waitMs - start.waitMs).toFixed(3)} ms for a CPU in 300 ms beside ${busy.length} busy threads (CPU ${(after.cpuMs - start.cpuMs).toFixed(1)} ms)`);
  assert.ok(after.waitMs >= before.waitMs && after.cpuMs >= before.cpuMs, 'both clocks only move forward');
});

test("the stored bench's idle floor watches as the write block's watch does: a block of its own thread shows, as running", async () => {
  // The floor (bench/sandboxStoredBlock.ts watchIdle) is what the machine alone makes of a 1 ms
  // tick; a write block is judged against it, so it must see a block the way the writes' watch does.
  // 15 ms of this thread's CPU time, not of the wall clock: on a busy machine a wall-clock spin was
  // preempted and read as 11.6 ms of running (CI, while the other suites ran beside it).
  const spin = setTimeout(() => { for (const end = threadCpuMs() + 15; threadCpuMs() < end;) work(); }, 100);
  const floor = await watchIdle(300);
  clearTimeout(spin);
  assert.ok(floor.windowMs >= 290 && floor.ticks > 50, `watched ${floor.windowMs.toFixed(0)} ms, ${floor.ticks} ticks`);
  assert.ok(floor.maxMs >= 13, `a 15 ms block of the thread read as a longest block of ${floor.maxMs.toFixed(2)} ms`);
  assert.ok(floor.longest.wallMs >= 14 && floor.cpuMs >= 12, `its longest gap ${floor.longest.wallMs.toFixed(2)} ms, the most CPU time between two ticks ${floor.cpuMs.toFixed(2)} ms`);
});
