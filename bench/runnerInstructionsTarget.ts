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

interface BareSpec {
  origin: string;
  headers: Record<string, string>;
  requests: Array<{ method: string; path: string; body: string; usesLastId?: boolean; keepsId?: boolean }>;
}

const [mode, dir, warm, measured] = process.argv.slice(2);

/** The CLI's run command on load-N.gwreq, its report to a file and its progress to stdout, as `gateway-workbench run` does. */
async function runnerSends(count: string): Promise<void> {
  const io = { out: (line: string) => { process.stdout.write(`${line}\n`); }, err: (line: string) => { process.stderr.write(`${line}\n`); } };
  const code = await runCommand.run([path.join(dir, `load-${count}.gwreq`), '--env', 'bench', '--config', path.join(dir, 'gateway-workbench.json'), '--report', 'json', '--output', path.join(dir, 'report.json')], io);
  if (code !== 0) throw new Error(`the run of ${count} requests exited with ${code}`);
}

/** bench/bareUndiciLoop.cjs's loop: each request through a Pool, each answer read and parsed. */
async function bareSends(count: string): Promise<void> {
  const spec = JSON.parse(readFileSync(path.join(dir, `bare-${count}.json`), 'utf8')) as BareSpec;
  const pool = new Pool(spec.origin, { connections: 8 });
  let lastId = '';
  for (const r of spec.requests) {
    const body = r.usesLastId ? r.body.replace('__LAST_ID__', lastId) : r.body;
    const res = await pool.request({ origin: spec.origin, method: r.method, path: r.path, headers: spec.headers, body });
    const parsed = JSON.parse(await res.body.text()) as { payload: { transaction: { id: string } } };
    if (res.statusCode !== 200) throw new Error(`${r.path} answered ${res.statusCode}`);
    if (r.keepsId) lastId = String(parsed.payload.transaction.id);
  }
  await pool.close();
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
