// A sandbox in a child process, for the tests that kill it: started from a node script that
// prints its address as one JSON line, and stopped with a signal, waiting for the exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { VISA } from './sandboxTestClient';

export interface SandboxProcess { child: ChildProcess; gatewayUrl: string; apiKey: string }

/**
 * Runs `node --import tsx <args>` and waits for its first stdout line (the address, as JSON).
 * With `maxFileBytes` (a multiple of 512), no file the process writes may grow past it
 * (`ulimit -f`, in POSIX's 512-byte blocks): a write that starts there fails with EFBIG, one that
 * crosses it stops short — as on a disk that fills up.
 */
export async function startSandboxProcess(args: string[], cwd?: string, maxFileBytes?: number): Promise<SandboxProcess> {
  const node = [process.execPath, '--import', 'tsx', ...args];
  const child = maxFileBytes === undefined
    ? spawn(node[0], node.slice(1), { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn('sh', ['-c', 'ulimit -f "$0" && exec "$@"', String(maxFileBytes / 512), ...node], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once('line', l => { rl.close(); resolve(l); });
    child.once('exit', code => reject(new Error(`the sandbox exited with ${code} before it listened: ${stderr}`)));
  });
  return { child, ...(JSON.parse(line) as { gatewayUrl: string; apiKey: string }) };
}

/** Sends `signal` and waits for the process to exit; nothing to do when it has exited already. */
export async function stopSandboxProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise(r => child.once('exit', r));
  child.kill(signal);
  await exited;
}

/**
 * One sale of `cents` with a Visa card: the id the sandbox acknowledged it with, undefined when it
 * answered anything but 200. Rejects when the connection fails (the sandbox was killed): that
 * sale was never acknowledged.
 */
export async function acknowledgedSale(sb: SandboxProcess, cents: number): Promise<string | undefined> {
  const res = await fetch(`${sb.gatewayUrl}/rest/v2/transactions/sale`, {
    method: 'POST',
    headers: { 'api-key': sb.apiKey, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ amount: (cents / 100).toFixed(2), card: VISA, 'exp-date': '1230', csc: '999' }),
  });
  if (res.status !== 200) return undefined;
  return ((await res.json()) as { payload: { transaction: { id: string } } }).payload.transaction.id;
}
