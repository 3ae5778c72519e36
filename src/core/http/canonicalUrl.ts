// One spelling of a request's path and query that every HTTP client sends byte for byte: WHATWG's
// URL (fetch, undici), Python's requests and urllib3, Go's net/url, Java's URI, curl and .NET's Uri
// each re-encode a different set of characters, collapse dot segments or not, and upper-case
// escapes or not — so the runner and every generated program send this form, and the sandbox
// receives what the request file describes whichever of them sends it.
//
// Kept as written: letters, digits, `-._~`, `!$&()*+,;=:@/` and `?`, and `%XX` escapes (hex upper-
// cased; an escaped letter, digit or `-._~` written as itself, as RFC 3986 §6.2.2.2 allows and
// requests does). Everything else is percent-encoded as UTF-8 — `'`, which WHATWG encodes in a
// query and others do not, included. Refused: `#` (a fragment is never sent) and `.`/`..` path
// segments (WHATWG and curl resolve them, the others send them).

type CanonicalText = { ok: true; text: string } | { ok: false; message: string };

const KEPT = /[A-Za-z0-9\-._~!$&()*+,;=:@/?]/;
const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** Two hex digits (tested on the two characters after a `%`). */
const HEX = /[0-9A-Fa-f]{2}/;

function percentEncoded(char: string): string {
  return [...Buffer.from(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/** `text` (part of a path and query) in the one spelling; `#` refused. */
function encodedText(text: string): CanonicalText {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (HEX.test(hex)) {
        const decoded = String.fromCharCode(parseInt(hex, 16));
        out += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
        i += 2;
      } else {
        out += '%25';
      }
    } else if (char === '#') {
      return { ok: false, message: 'a "#" in a URL starts a fragment, which is never sent: write %23 for a "#" that belongs to a value' };
    } else if (KEPT.test(char)) {
      out += char;
    } else {
      // A whole code point: a surrogate pair is one character of UTF-8.
      const point = String.fromCodePoint(text.codePointAt(i) ?? 0xfffd);
      out += percentEncoded(point);
      i += point.length - 1;
    }
  }
  return { ok: true, text: out };
}

/** The first `.` or `..` segment of a path (canonical: `%2E` is already `.`), or undefined. */
function dotSegment(path: string): string | undefined {
  return path.split('/').find((segment) => segment === '.' || segment === '..');
}

const DOT_SEGMENT_MESSAGE = (segment: string): string =>
  `the path has a "${segment}" segment, which some HTTP clients resolve and others send as written: write the path without it`;

/**
 * Pieces of a path and query (the text between a request's base URL and its end), each put in
 * the one spelling; `opaque` pieces (a value only known when the request is sent) are left as
 * they are and count as one ordinary path segment character.
 */
export function canonicalPieces(pieces: ReadonlyArray<{ text: string } | { opaque: true }>): { ok: true; texts: (string | undefined)[] } | { ok: false; message: string } {
  const texts: (string | undefined)[] = [];
  let whole = '';
  for (const piece of pieces) {
    if (!('text' in piece)) {
      texts.push(undefined);
      whole += 'x';
      continue;
    }
    const encoded = encodedText(piece.text);
    if (!encoded.ok) return encoded;
    texts.push(encoded.text);
    whole += encoded.text;
  }
  const segment = dotSegment(whole.split('?')[0]);
  return segment === undefined ? { ok: true, texts } : { ok: false, message: DOT_SEGMENT_MESSAGE(segment) };
}

/** A full URL (`https://host/rest/…?q`) with its path and query in the one spelling; scheme and authority as written. */
export function canonicalUrl(url: string): CanonicalText {
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(url)?.[0] ?? '';
  const rest = canonicalPieces([{ text: url.slice(authority.length) }]);
  return rest.ok ? { ok: true, text: authority + (rest.texts[0] ?? '') } : rest;
}
