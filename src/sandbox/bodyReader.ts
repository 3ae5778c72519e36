// Reads a request body with a size cap, so one oversized upload cannot exhaust memory.

import type { IncomingMessage } from 'node:http';

const MAX_BODY_BYTES = 1024 * 1024;

type BodyRead = { ok: true; bytes: Buffer } | { ok: false; tooLarge: true };

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      resolve({ ok: false, tooLarge: true });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        resolve({ ok: false, tooLarge: true });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve({ ok: true, bytes: Buffer.concat(chunks) });
    });
    req.on('error', reject);
  });
}
