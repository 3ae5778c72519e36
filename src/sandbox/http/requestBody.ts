// Reads a request body with a size cap, so one oversized upload cannot exhaust memory.

import type { IncomingMessage } from 'node:http';

const MAX_BODY_BYTES = 1024 * 1024;

export type BodyRead = { ok: true; bytes: Buffer } | { ok: false; tooLarge: true };

/**
 * Calls `done` once: with the body, with `tooLarge`, or with the stream's error. A callback and
 * not a promise: every request passes through here. PERF(bench/sandboxThroughput.ts)
 */
export function readBody(req: IncomingMessage, done: (read: BodyRead | Error) => void, limit = MAX_BODY_BYTES): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    done({ ok: false, tooLarge: true });
    return;
  }
  // Most bodies arrive in one chunk, which is then the body as it is, without a copy.
  let first: Buffer | undefined;
  let more: Buffer[] | undefined;
  let size = 0;
  let settled = false;
  req.on('data', (chunk: Buffer) => {
    if (settled) return;
    size += chunk.length;
    if (size > limit) {
      settled = true;
      first = undefined;
      more = undefined;
      done({ ok: false, tooLarge: true });
      return;
    }
    if (first === undefined) first = chunk;
    else (more ??= [first]).push(chunk);
  });
  req.on('end', () => {
    if (settled) return;
    settled = true;
    done({ ok: true, bytes: more ? Buffer.concat(more, size) : first ?? Buffer.alloc(0) });
  });
  req.on('error', error => {
    if (settled) return;
    settled = true;
    done(error);
  });
}
