// Ctrl+C, or the SIGTERM a CI job gets when it times out, in the middle of a run: killed at once,
// the run would leave no report and say nothing of what it had sent. The first signal stops the
// sending instead — the request on the wire finishes, the rest are not sent — and the report of
// what ran is written; the exit code is the shell's for that signal. A second signal ends it at once.

const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
type StopSignal = keyof typeof EXIT_CODES;

interface Interruption {
  /** Why nothing more is sent (`the run was interrupted (SIGTERM)`), once a signal came. */
  reason(): string | undefined;
  /** The exit code the signal asks for, once one came. */
  exitCode(): number | undefined;
  /** Stops listening: the run is over. */
  dispose(): void;
}

export function watchInterruption(): Interruption {
  let received: StopSignal | undefined;
  const on = (signal: StopSignal) => (): void => {
    if (received !== undefined) process.exit(EXIT_CODES[signal]);
    received = signal;
  };
  const handlers = { SIGINT: on('SIGINT'), SIGTERM: on('SIGTERM') };
  for (const signal of Object.keys(handlers) as StopSignal[]) process.on(signal, handlers[signal]);
  return {
    reason: () => (received ? `the run was interrupted (${received})` : undefined),
    exitCode: () => (received ? EXIT_CODES[received] : undefined),
    dispose: () => {
      for (const signal of Object.keys(handlers) as StopSignal[]) process.off(signal, handlers[signal]);
    },
  };
}
