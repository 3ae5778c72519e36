// The shape of one CLI command, and the error that means "bad arguments" (exit code 2).

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  /** Resolves to the process exit code. */
  run(args: string[], io: CliIo): Promise<number>;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A `--port` value: 0 (the default) picks a free port. */
export function portOf(raw: string | undefined): number {
  if (raw === undefined) return 0;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535 (0 picks a free port), not "${raw}"`);
  return Number(raw);
}
