// Preloaded (`node --require bench/peakRss.cjs …`) into a process a bench measures: on exit,
// writes to the file PEAK_RSS_FILE names the process's peak resident set size (ru_maxrss, bytes)
// and the CPU time it used (user + system, ms) — on a shared, busy machine CPU time says more
// about a process's own cost than the wall clock.
'use strict';
const fs = require('node:fs');
const file = process.env.PEAK_RSS_FILE;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    fs.writeFileSync(file, JSON.stringify({ peakRssBytes: usage.maxRSS * 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }));
  });
}
