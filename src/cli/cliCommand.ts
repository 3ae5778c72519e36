// The shape of one CLI command, and the error that means "bad arguments" (exit code 2).

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The terminal's width, when stdout is one: help text is wrapped to it (else to 80 columns). */
  columns?: number;
}

/** One option of a command: what parseArgs accepts and what `--help` says, from this one entry. */
export interface CliOption {
  name: string;
  type: 'string' | 'boolean';
  /** What follows the flag in the help: `N`, `FILE`, `text|json|junit`. */
  value?: string;
  text: string;
  /** Given more than once, each value kept (`--var a=1 --var b=2`). */
  multiple?: true;
}

export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  options: readonly CliOption[];
  /** Paragraphs `<command> --help` shows after the options: what it prints, variables it reads, exit codes. */
  notes?: readonly string[];
  /** Resolves to the process exit code. */
  run(args: string[], io: CliIo): Promise<number>;
}

/** parseArgs' `options` for a list of options declared `as const`: each name with its own type, so the parsed values keep theirs. */
type ParseOptions<T extends readonly CliOption[]> = { [O in T[number] as O['name']]: O extends { multiple: true } ? { type: O['type']; multiple: true } : { type: O['type'] } };

/** The `options` argument of node:util's parseArgs for a command's options. */
export function parseOptionsOf<const T extends readonly CliOption[]>(options: T): ParseOptions<T> {
  return Object.fromEntries(options.map((o) => [o.name, o.multiple ? { type: o.type, multiple: true } : { type: o.type }])) as ParseOptions<T>;
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
