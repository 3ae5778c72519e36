// The job that shows a gateway result: which text, laid out how. Kept apart from the extension
// so that the bench (bench/resultBlocking.ts) makes exactly the job the result editor makes.
import { undecodedBody } from '../answers/undecodedBody';
import type { GatewayResult } from '../answers/result';
import type { ShowJob } from './job';
import type { ShownFormat } from './shownText';

/**
 * Bodies above this open raw, with a "Format" action: the editor itself is slow with a
 * pretty-printed 10 MB document, whatever thread made it.
 */
const LARGE_BODY_BYTES = 5 * 1024 * 1024;

function shownFormatOf(result: GatewayResult): ShownFormat {
  return result.format === 'json' || result.format === 'xml' ? result.format : 'text';
}

/** The body as text, the bytes when its text is not made yet, or a note of its size when it has none (binary, not decoded). */
function bodyOf(result: GatewayResult): string | Buffer {
  // A body's text is made on first read: the renderer decodes the bytes instead, off this thread when it is large.
  const undecoded = undecodedBody(result);
  if (undecoded) return undecoded;
  if (result.bodyText !== undefined) return result.bodyText;
  return result.rawBody.length > 0 ? `(${result.rawBody.length} bytes of ${result.contentType || 'binary data'})` : '';
}

export function showJob(result: GatewayResult, secrets: readonly string[]): ShowJob {
  const layout = result.rawBody.length > LARGE_BODY_BYTES ? 'raw' : 'pretty';
  return { kind: 'show', format: shownFormatOf(result), layout, body: bodyOf(result), secrets };
}
