// One run of the user's own command against a sandbox: its environment carries the sandbox's
// URLs and keys under the names generated code reads; what it prints is passed on (or kept, the
// last few kilobytes, to show when a run failed) with the sandbox's keys and card numbers
// redacted, since an application's debug output may well echo them.

import { spawn } from 'node:child_process';
import { redact } from '../../core/protection/redaction';
import type { SandboxAddress } from '../../sandbox/server';

export interface AppExit {
  /** The exit code; null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Could not be started at all (ENOENT…): why. */
  startError?: string;
  /** The end of what it printed (both streams), redacted. */
  tail: string;
  timeMs: number;
}

interface AppRunOptions {
  /** Passes its output on as it comes (the clean run's): redacted, line by line. */
  echo?: (text: string) => void;
  timeoutMs: number;
  /** Stops the command (its whole process group) when aborted: Ctrl+C reaches us, not a detached group. */
  signal?: AbortSignal;
}

const TAIL_CHARS = 4000;

export const passed = (exit: AppExit): boolean => exit.code === 0;

export function describeExit(exit: AppExit): string {
  if (exit.startError) return `could not start: ${exit.startError}`;
  if (exit.timedOut) return `stopped after ${Math.round(exit.timeMs / 1000)} s (too slow)`;
  return exit.signal ? `ended by ${exit.signal}` : `exit ${exit.code}`;
}

/** The variables a generated program (src/core/codegen) and the user's code read. */
export function sandboxEnvironment(sandbox: SandboxAddress): Record<string, string> {
  return {
    GATEWAY_URL: sandbox.gatewayUrl,
    BOARDING_URL: sandbox.boardingUrl,
    GATEWAY_API_KEY: sandbox.apiKey,
    GATEWAY_ACCESS_KEY: sandbox.accessKey,
    GATEWAY_MERCHANT_ID: sandbox.merchantId,
  };
}

export function runApp(command: readonly string[], sandbox: SandboxAddress, options: AppRunOptions): Promise<AppExit> {
  const secrets = [sandbox.apiKey, sandbox.accessKey];
  const started = Date.now();
  return new Promise(resolve => {
    // Its own process group, so a test runner's children stop with it when it is too slow.
    const child = spawn(command[0], command.slice(1), {
      env: { ...process.env, ...sandboxEnvironment(sandbox) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    });
    let tail = '';
    let pending = '';
    let timedOut = false;
    const take = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      tail = (tail + text).slice(-TAIL_CHARS * 2);
      if (!options.echo) return;
      // Redacted a whole line at a time, so a key split across two chunks is still found.
      pending += text;
      const end = pending.lastIndexOf('\n');
      if (end < 0) return;
      options.echo(redact(pending.slice(0, end + 1), secrets));
      pending = pending.slice(end + 1);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = setTimeout(() => {
      timedOut = true;
      stop(child.pid);
    }, options.timeoutMs);
    const abort = (): void => stop(child.pid);
    options.signal?.addEventListener('abort', abort);
    if (options.signal?.aborted) abort();
    const finish = (exit: Omit<AppExit, 'tail' | 'timeMs' | 'timedOut'>): void => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      if (options.echo && pending) options.echo(redact(pending, secrets));
      resolve({ ...exit, timedOut, tail: redact(tail, secrets).slice(-TAIL_CHARS), timeMs: Date.now() - started });
    };
    child.once('error', e => finish({ code: null, signal: null, startError: (e as NodeJS.ErrnoException).code ?? e.message }));
    child.once('close', (code, signal) => finish({ code, signal }));
  });
}

function stop(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
