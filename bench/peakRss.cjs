// Preloaded (`node --require bench/peakRss.cjs …`) into a process a bench measures: on exit,
// writes the process's peak resident set size (ru_maxrss, bytes) to the file PEAK_RSS_FILE names.
'use strict';
const fs = require('node:fs');
const file = process.env.PEAK_RSS_FILE;
if (file) process.on('exit', () => fs.writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
