// Which imported headers and variables are keys: they are lifted out of what is written (the
// environment supplies the keys at send time), and their values are remembered so that no copy
// of them survives anywhere else in the output or the report.

import { isAuthHeader } from '../protection/authHeaders';

/** Variable and header names that hold a key in the files people share (`apiKey`, `access_key`, `clientSecret`…). */
const KEY_NAME = /^(?:x-)?(?:api[-_]?key|apikey|access[-_]?key|accesskey|secret|client[-_]?secret|password|passwd|bearer[-_]?token|auth[-_]?token|access[-_]?token|authorization|gateway[-_]?api[-_]?key)$|(?:api|access|secret|private)[-_]?key$|secret$/i;

/**
 * A value that looks like a key whatever it is called: one word of 24 or more letters and
 * digits (both), as API keys and bearer tokens are; ids and card numbers are digits only, paths
 * have slashes.
 */
const KEY_LIKE_VALUE = /^(?:Bearer\s+|Basic\s+)?(?=[A-Za-z0-9+=_.-]*[A-Za-z])(?=[A-Za-z0-9+=_.-]*\d)[A-Za-z0-9+=_.-]{24,}$/;

export function isKeyName(name: string): boolean {
  return isAuthHeader(name) || KEY_NAME.test(name.trim());
}

export function looksLikeKey(value: string): boolean {
  return !value.includes('{{') && KEY_LIKE_VALUE.test(value.trim());
}

/** The header is a key header: by its name, by a value equal to a known key, or by a value that looks like one. */
export function isKeyHeader(name: string, value: string, knownKeys: ReadonlySet<string>): boolean {
  const v = value.trim();
  return isKeyName(name) || knownKeys.has(v) || looksLikeKey(v) || /^(?:Bearer|Basic)\s+\S/i.test(v);
}

/** `text` with every known key replaced, and whether one was there (which should never be so: the writer lifts them first). */
export function withoutKeys(text: string, knownKeys: ReadonlySet<string>): { text: string; found: boolean } {
  let out = text;
  let found = false;
  // Longest first, so that a key containing another is replaced whole.
  for (const key of [...knownKeys].filter((k) => k.length >= 8).sort((a, b) => b.length - a.length)) {
    if (out.includes(key)) {
      found = true;
      out = out.split(key).join('[key removed]');
    }
  }
  return { text: out, found };
}
