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
