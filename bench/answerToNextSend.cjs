// Preloaded (`node --require bench/answerToNextSend.cjs …`) into the runner and the bare loop by
// runnerLoad.ts: the client's own time between one answer's end and the next request's headers
// going out, from undici's diagnostics channels. That is the client's share of each round trip
// on a sequential run — what the wall-clock ratio is made of — and, measured inside the process
// over short intervals, it swings far less with this shared machine's load than the wall clock.
// On exit writes { p50, p90, mean } in µs, after the first 1,000 (warm-up), to ANSWER_GAP_FILE.
'use strict';
const diagnostics = require('node:diagnostics_channel');
const fs = require('node:fs');
const file = process.env.ANSWER_GAP_FILE;
if (file) {
  const gaps = [];
  let answeredAt = 0n;
  diagnostics.subscribe('undici:request:trailers', () => { answeredAt = process.hrtime.bigint(); });
  diagnostics.subscribe('undici:client:sendHeaders', () => {
    if (answeredAt === 0n) return;
    gaps.push(Number(process.hrtime.bigint() - answeredAt) / 1e3);
    answeredAt = 0n;
  });
  process.on('exit', () => {
    const sorted = gaps.slice(1000).sort((a, b) => a - b);
    const at = (q) => sorted[Math.floor(q * (sorted.length - 1))] ?? 0;
    const mean = sorted.length === 0 ? 0 : sorted.reduce((sum, gap) => sum + gap, 0) / sorted.length;
    fs.writeFileSync(file, JSON.stringify({ p50: at(0.5), p90: at(0.9), mean }));
  });
}
