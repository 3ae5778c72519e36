// Preloaded (--require) into a benchmarked process: writes its own CPU time (user + system, in
// ms) to $CPU_AT_EXIT_FILE when it exits, so a bench can report CPU next to wall time.
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  if (process.env.CPU_AT_EXIT_FILE) writeFileSync(process.env.CPU_AT_EXIT_FILE, String((user + system) / 1000));
});
