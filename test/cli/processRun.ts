// A child process run to its end, with what it printed: the CLI tests' one way to spawn.
import { spawn, type SpawnOptions } from 'node:child_process';

export interface ProcessRun { code: number | null; stdout: string; stderr: string }

export function runToEnd(command: string, args: readonly string[], options: SpawnOptions = {}): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
