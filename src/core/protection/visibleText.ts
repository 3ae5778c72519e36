// Text from a request file or an answer (a stranger's, possibly) shown on one line where a
// reader reads it — a terminal, a CI log, a comment in generated code: every character that a
// terminal or a compiler acts on instead of showing (controls, ESC among them, line ends of every
// kind, bidirectional overrides, zero-width and other format characters) is written `<U+XXXX>`,
// so that nothing in the text can move the cursor, clear the screen, set the clipboard (OSC 52),
// end a comment or make what follows read differently from what it is.

/** Controls (C0, DEL, C1), line and paragraph separators, format characters, lone surrogates, private use, unassigned. */
const ACTED_ON = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/gu;
const ANY_ACTED_ON = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/u;

/** `0x2028` → `2028`: at least four hex digits, upper case. */
export const hex4 = (code: number): string => code.toString(16).toUpperCase().padStart(4, '0');

/** `text` on one line, every character acted on shown as `<U+XXXX>` (a tab as a space). */
export function visibleText(text: string): string {
  if (!ANY_ACTED_ON.test(text)) return text;
  return text.replace(/\t/g, ' ').replace(ACTED_ON, (char) => `<U+${hex4(char.codePointAt(0) ?? 0)}>`);
}
