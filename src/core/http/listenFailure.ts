// Why a server of ours (the Local sandbox, the recording proxy) could not listen, in words a user
// can act on: Node's "listen EADDRINUSE: address already in use 127.0.0.1:8080" names neither
// what to do nor that port 0 always works.

/** What to do about each code listen() fails with; the rest keep Node's message. */
const ADVICE: Record<string, (where: string, port: number) => string> = {
  EADDRINUSE: (where) => `${where} is already in use: another program (perhaps another Local sandbox or proxy) listens there. Stop it, or give another port; port 0 picks a free one`,
  EACCES: (where, port) => `${where} needs privileges this user does not have${port < 1024 ? ' (ports below 1024 usually do)' : ''}. Give a port from 1024 up; port 0 picks a free one`,
  EADDRNOTAVAIL: (where) => `${where} cannot be used: that address is not one of this machine's`,
};

/** The error to show for a failed listen on `host`:`port`; its `code` is kept for callers that test it. */
export function listenFailure(err: unknown, host: string, port: number): Error {
  const code = (err as { code?: unknown } | undefined)?.code;
  const advice = typeof code === 'string' ? ADVICE[code] : undefined;
  if (!advice) return err instanceof Error ? err : new Error(String(err));
  return Object.assign(new Error(advice(`port ${port} on ${host}`, port)), { code });
}
