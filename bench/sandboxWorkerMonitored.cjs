// The shipped sandbox worker (dist/sandboxWorker.js) with a monitor on its own thread, for
// bench/sandboxStored.ts: the extension's main thread no longer does the sandbox's work, but
// the worker's thread still does, and that is printed too, labelled as the worker's. The same
// two figures as on the main thread: an event-loop-delay monitor (1 ms resolution) and the most
// CPU time the thread had between two 1 ms ticks. The bench's first `stats` call starts the
// window (after its warm-up), the host's `close` ends it, and the figures go to
// $SANDBOX_THREAD_BLOCK_FILE before the sandbox closes.
const path = require('node:path');
const { readFileSync, writeFileSync } = require('node:fs');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { setInterval, clearInterval } = require('node:timers');
const { parentPort } = require('node:worker_threads');

/** This thread's CPU time in ms, exact (see threadCpuMs in bench/stats.ts, whose twin this is). */
function threadCpuMs() {
  process.cpuUsage();
  return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
}

require(path.resolve(__dirname, '../dist/sandboxWorker.js'));

function startWindow() {
  const monitor = monitorEventLoopDelay({ resolution: 1 });
  monitor.enable();
  let last = threadCpuMs();
  let cpuMs = 0;
  const timer = setInterval(() => {
    const now = threadCpuMs();
    cpuMs = Math.max(cpuMs, now - last);
    last = now;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      monitor.disable();
      // A sample is the time between two 1 ms ticks: what exceeds the 1 ms is the block.
      const block = (ns) => Math.max(0, ns / 1e6 - 1);
      return { maxMs: block(monitor.max), p99Ms: block(monitor.percentile(99)), cpuMs };
    },
  };
}

let window;
parentPort.on('message', (message) => {
  if (message.type === 'call' && message.method === 'stats') window ??= startWindow();
  if (message.type === 'close' && window) writeFileSync(process.env.SANDBOX_THREAD_BLOCK_FILE, JSON.stringify(window.stop()));
});
