// Finds the offset of the first JSON syntax error. Node 20's JSON.parse reports a position for
// some errors but not for "Unexpected token" ones, and diagnostics need a line and column every
// time: jsonc-parser's strict parse (no comments, no trailing commas) gives the offset. It only
// runs after JSON.parse has already failed.

import { parse, type ParseError, type ParseErrorCode } from 'jsonc-parser';

// jsonc-parser's ParseErrorCode values (a const enum its typings declare, which isolated
// modules cannot read).
const UNEXPECTED_END_OF_STRING = 12 as ParseErrorCode;
const INSIDE_A_STRING: ReadonlySet<number> = new Set([14, 15, 16]); // InvalidUnicode, InvalidEscapeCharacter, InvalidCharacter
const BAD_STRING_PART = /[\u0000-\u001f]|\\(?!["\\/bfnrt]|u[0-9a-fA-F]{4})/;

/** jsonc-parser reports a string's errors at the string; point at the character instead. */
function pointOf(text: string, error: ParseError): number {
  if (error.error === UNEXPECTED_END_OF_STRING) return error.offset + error.length;
  if (INSIDE_A_STRING.has(error.error)) {
    const at = text.slice(error.offset + 1, error.offset + error.length).search(BAD_STRING_PART);
    if (at >= 0) return error.offset + 1 + at;
  }
  return error.offset;
}

/** Offset of the first syntax error in `text`, or -1 when the parser finds none. */
export function jsonErrorOffset(text: string): number {
  const errors: ParseError[] = [];
  try {
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch {
    // Nesting deeper than the call stack: point at the start rather than nowhere.
    return 0;
  }
  return errors.length > 0 ? Math.min(...errors.map((e) => pointOf(text, e))) : -1;
}
