// Percent-decoding that never throws: text that is not valid percent-encoding (a lone "%", a
// half-typed "%4") is kept as written, because callers decode to look at text, not to reject it.

/** `text` percent-decoded, or as written when it is not valid percent-encoding. */
export function decodePercentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A query-string component as forms encode it ("+" is a space), decoded as above. */
export function decodeQueryComponentSafely(text: string): string {
  return decodePercentSafely(text.replace(/\+/g, ' '));
}
