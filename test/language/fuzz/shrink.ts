// Shrinks a failing fuzz input to a small one that still fails the same way, so the report
// shows a reproduction a person can read: first whole lines, then ever smaller character spans.

/** Stops after this many attempts or milliseconds, returning the smallest failing text so far. */
const MAX_ATTEMPTS = 3000;
const MAX_MS = 10_000;

export function shrink(text: string, stillFails: (candidate: string) => boolean): string {
  const started = Date.now();
  let attempts = 0;
  const budgetLeft = () => attempts < MAX_ATTEMPTS && Date.now() - started < MAX_MS;
  const tryCandidate = (candidate: string) => {
    attempts++;
    return stillFails(candidate);
  };

  let current = text;
  for (const unit of ['\n', ''] as const) {
    let parts = unit === '\n' ? current.split('\n') : [...current];
    for (let chunk = Math.max(1, Math.floor(parts.length / 2)); chunk >= 1 && budgetLeft(); chunk = Math.floor(chunk / 2)) {
      for (let i = 0; i < parts.length && budgetLeft(); ) {
        const candidate = [...parts.slice(0, i), ...parts.slice(i + chunk)];
        if (tryCandidate(candidate.join(unit))) parts = candidate;
        else i += chunk;
      }
      if (chunk === 1) break;
    }
    current = parts.join(unit);
  }
  return current;
}
