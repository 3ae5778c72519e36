// What a generated program cannot send as the request file describes it, refused before any
// code is written: every HTTP client of the seven languages sends these differently, or not at all.

import type { CodeRequest } from './codeRequest';
import { hex4 } from '../protection/visibleText';
import { TRANSPORT_HEADERS } from '../http/transportHeaders';

/** A request that cannot be turned into a program, and why (a user can act on the message). */
export class CodeGenerationError extends Error {}


/** A header value each client sends byte for byte: printable ASCII (RFC 9110 allows more; clients encode the rest differently). */
const PLAIN_VALUE = /^[\x20-\x7e]*$/;

/** Refuses headers the program could not send exactly as written. */
export function checkHeaders(headers: CodeRequest['headers']): void {
  const seen = new Set<string>();
  for (const header of headers) {
    const name = header.name.toLowerCase();
    if (TRANSPORT_HEADERS.has(name)) throw new CodeGenerationError(`the ${header.name} header is written by the HTTP client itself (from the URL, the body and the connection): remove it from the request`);
    if (seen.has(name)) throw new CodeGenerationError(`the ${header.name} header is written twice: HTTP clients keep one, the other or both; keep one`);
    seen.add(name);
    for (const segment of header.value) {
      if (!('text' in segment) || PLAIN_VALUE.test(segment.text)) continue;
      const odd = [...segment.text].find((char) => !PLAIN_VALUE.test(char)) ?? '';
      throw new CodeGenerationError(`the ${header.name} header's value holds U+${hex4(odd.codePointAt(0) ?? 0)}, which HTTP clients send differently or refuse: write it in printable ASCII`);
    }
  }
}
