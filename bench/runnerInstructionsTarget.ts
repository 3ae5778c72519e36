// What bench/runnerInstructions.ts runs under callgrind: the same requests as the runner bench,
// sent either by the CLI's run command (in this process, as dist/cli.js runs it: --report json
// --output) or by the bare undici loop of bench/bareUndiciLoop.cjs, to an external sandbox. First a
// warm-up run; then it says READY on stderr and waits for the driver to switch callgrind's
// instrumentation on (it creates DIR/go), and sends the measured requests in a second run. So
// the instructions counted are those of warm code, and of this process only: the sandbox's
// work is in its own process, outside the count.
// Usage: node <bundle> runner|bare DIR WARM MEASURED (files written by the driver in DIR).
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Pool } from 'undici';
import { runCommand } from '../src/cli/commands/run';

const { sendAll } = require('./bareUndiciLoop.cjs') as { sendAll: (dispatcher: Pool, spec: unknown) => Promise<void> };

const [mode, dir, warm, measured] = process.argv.slice(2);

/** The CLI's run command on load-N.gwreq, its report to a file and its progress to stdout, as `gateway-workbench run` does. */
async function runnerSends(count: string): Promise<void> {
  const io = { out: (line: string) => { process.stdout.write(`${line}\n`); }, err: (line: string) => { process.stderr.write(`${line}\n`); } };
  const code = await runCommand.run([path.join(dir, `load-${count}.gwreq`), '--env', 'bench', '--config', path.join(dir, 'gateway-workbench.json'), '--report', 'json', '--output', path.join(dir, 'report.json')], io);
  if (code !== 0) throw new Error(`the run of ${count} requests exited with ${code}`);
}

/** bench/bareUndiciLoop.cjs's loop through a Pool of the undici bundled here. */
async function bareSends(count: string): Promise<void> {
  const spec = JSON.parse(readFileSync(path.join(dir, `bare-${count}.json`), 'utf8')) as { origin: string };
  const pool = new Pool(spec.origin, { connections: 8 });
  try {
    await sendAll(pool, spec);
  } finally {
    await pool.close();
  }
}

async function main(): Promise<void> {
  const sends = mode === 'runner' ? runnerSends : bareSends;
  await sends(warm);
  process.stderr.write('READY\n');
  const go = path.join(dir, 'go');
  while (!existsSync(go)) await new Promise((resolve) => setTimeout(resolve, 20));
  await sends(measured);
}

main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
