// The text a result editor shows for a body, the same wherever it is made (on the extension
// host's thread for small bodies, in the result worker for large ones): redacted always,
// indented when asked. The tree of a JSON body is redacted leaf by leaf (keys decide rules);
// XML and text are redacted as text.
import type { Redactor } from '../protection/redaction';
import { indentXml } from '../codecs/xmlIndent';

export type ShownFormat = 'json' | 'xml' | 'text';

/** `pretty`: indented; `raw`: as received (a large body, which the user can Format after). */
export type ShownLayout = 'pretty' | 'raw';

/** `text` indented; `redactedAsText`: `text` is the redactor's own output (a result shown raw). */
function prettyJsonOf(text: string, redactor: Redactor, redactedAsText = false): string | undefined {
  let tree: unknown;
  try {
    tree = JSON.parse(text);
  } catch {
    return undefined; // shown as text: the client has already said where it breaks
  }
  // The tree is ours (just parsed), so it is redacted in place rather than copied; the text
  // tells which rules can still find anything in it.
  const redacted = redactedAsText ? redactor.redactedJsonInPlace(tree, text) : redactor.parsedJsonInPlace(tree, text);
  return JSON.stringify(redacted, null, 2);
}

/**
 * The shown text of a body. A JSON body is parsed here, never taken from the client's result:
 * reading the result's tree would make the client parse it on the caller's thread.
 */
export function shownText(format: ShownFormat, body: string, layout: ShownLayout, redactor: Redactor): string {
  if (layout === 'raw' || format === 'text') return redactor.text(body);
  if (format === 'json') return prettyJsonOf(body, redactor) ?? redactor.text(body);
  return redactor.text(indentXml(body));
}

/**
 * "Format" on a result shown raw: its (already redacted) text indented. Redacted again, on
 * purpose: parsing JSON turns escapes into characters (`"\u0034111…"` becomes a card number
 * the raw text did not show) and numbers into values (`4111117e9`), and indenting XML puts
 * text at the start of a line, where a `csc: 123` line reads as a header. JSON without
 * escapes or field names needs only its numbers looked at again (Redactor.redactedJsonInPlace).
 */
export function formattedText(format: ShownFormat, shown: string, redactor: Redactor): string {
  if (format === 'json') return prettyJsonOf(shown, redactor, true) ?? shown;
  if (format === 'xml') return redactor.text(indentXml(shown));
  return shown;
}
