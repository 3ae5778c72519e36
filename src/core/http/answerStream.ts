// Reads an answer's body as it arrives. A body past the size limit aborts the transfer; a body
// that ends early (the connection closed, or it stalled past the body timeout) comes back with
// what arrived and why it is incomplete: the answer exists but cannot be read, which for a
// payment is an unknown outcome, not a transport error to retry.

import type { Readable } from 'node:stream';

export interface ReceivedBody {
  body: Buffer;
  /** Why the body is incomplete, in plain words; absent when it arrived whole. */
  cutOff?: string;
}

/** Below this a body is gathered in chunks; above it (with a known length) into one buffer. */
const PREALLOCATE_ABOVE_BYTES = 64 * 1024;

function isAbort(err: Error & { code?: string }): boolean {
  return err.name === 'AbortError' || err.code === 'UND_ERR_ABORTED' || err.code === 'ABORT_ERR';
}

/**
 * Listens for chunks rather than using `for await`, whose async iterator adds a promise and a
 * 'readable' round trip to every response. With a Content-Length the body is copied into one
 * buffer as it arrives rather than kept in chunks and joined: half the peak memory for a large
 * answer.
 */
export function readBody(
  body: Readable,
  contentLength: string | string[] | undefined,
  limits: { maxBytes: number; bodyTimeoutMs: number },
  tooLarge: () => Error,
): Promise<ReceivedBody> {
  const refuse = (): Error => {
    // Destroying aborts the transfer; the abort error it emits is expected and dropped.
    body.on('error', () => undefined).destroy();
    return tooLarge();
  };
  const declared = Number(contentLength);
  const known = typeof contentLength === 'string' && Number.isSafeInteger(declared) && declared >= 0;
  if (known && declared > limits.maxBytes) return Promise.reject(refuse());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const whole = known && declared > PREALLOCATE_ABOVE_BYTES ? Buffer.allocUnsafe(declared) : undefined;
    let total = 0;
    const received = (): Buffer => (whole ? whole.subarray(0, total) : Buffer.concat(chunks, total));
    const onData = (chunk: Buffer): void => {
      if (total + chunk.length > limits.maxBytes || (whole && total + chunk.length > whole.length)) {
        body.off('data', onData);
        reject(refuse());
        return;
      }
      if (whole) chunk.copy(whole, total);
      else chunks.push(chunk);
      total += chunk.length;
    };
    body.on('data', onData);
    body.once('end', () => resolve({ body: received() }));
    body.once('error', (err: Error & { code?: string }) => {
      if (isAbort(err)) {
        reject(err);
        return;
      }
      const of = known ? ` of ${declared}` : '';
      const cutOff =
        err.code === 'UND_ERR_BODY_TIMEOUT'
          ? `it stalled: nothing more arrived for ${limits.bodyTimeoutMs} ms after ${total}${of} bytes (body timeout)`
          : `it was cut off after ${total}${of} bytes: the connection closed before the whole answer arrived`;
      resolve({ body: received(), cutOff });
    });
  });
}
