// Whether a result's text is still to be made from its bytes. Apart from the decoding itself
// (answerDecoding.ts, which needs the codecs), so that the extension's activation bundle can
// ask without loading them.
import type { GatewayResult } from './result';

/** Where a result keeps its decoding (a symbol: not enumerable, never serialised). */
export const DECODING = Symbol('answer decoding');

/** What a result's decoding tells about its text without making it. */
export interface TextState {
  /** Whether the body has text at all: not binary data, nor a body that could not be decompressed. */
  readonly hasText: boolean;
  readonly textMade: boolean;
}

/**
 * The raw bytes of a result whose text is not made yet (a renderer decodes them itself, off
 * this thread); undefined when the text is made already or there is none.
 */
export function undecodedBody(result: GatewayResult): Buffer | undefined {
  const decoding = (result as GatewayResult & { [DECODING]?: TextState })[DECODING];
  return decoding && decoding.hasText && !decoding.textMade ? result.rawBody : undefined;
}
