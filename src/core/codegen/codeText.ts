// What every renderer needs to put text from a request file — which may come from a stranger's
// repository — into a program: a test of whether a text can be shown as it is (a heredoc, a text
// block, a raw string) or must be written with escapes, and comments that no text can end.

import { hex4, visibleText } from '../protection/visibleText';

/** Printable ASCII and line feeds only: text every readable form (heredoc, text block, raw string) keeps byte for byte. */
export function isPlainText(text: string): boolean {
  return /^[\x20-\x7e\n]*$/.test(text);
}

/** What each language's comments must not hold besides line ends, and how it is written instead. */
export type CommentDialect = 'shell' | 'javascript' | 'python' | 'php' | 'java' | 'go' | 'csharp';

const DIALECT_RULES: Readonly<Record<CommentDialect, ReadonlyArray<[RegExp, (match: string, ...groups: string[]) => string]>>> = {
  shell: [],
  javascript: [],
  // PEP 263: "coding: x" or "coding=x" in either of the first two lines sets the source's encoding.
  python: [[/coding([:=])/g, (_, mark) => `coding ${mark}`]],
  // "?>" ends PHP mode, even inside a // comment.
  php: [[/\?>/g, () => '? >']],
  // javac reads \u escapes before anything else, comments included (\u000a ends the line), and
  // may not read a file as UTF-8 (Java 17 reads it in the platform's encoding): ASCII only.
  java: [[/\\/g, () => '\\\\'], [/[^\x00-\x7f]/gu, (char) => `<U+${hex4(char.codePointAt(0) ?? 0)}>`]],
  // "// +build" before the package clause is a build constraint (Go 1.16 and earlier read it alone).
  go: [[/^\+build/, () => '(+build)']],
  csharp: [],
};

/**
 * Text on one line: every character that could end a comment or hide what follows shown as
 * `<U+XXXX>` — line ends (U+0085, U+2028 and U+2029 among them: JavaScript and C# end a line
 * there), controls, bidirectional overrides, the byte order mark Go refuses inside a file.
 */
export const oneLine = visibleText;

/** A comment line's text (already one line, as wrapped) made safe for `dialect`. */
export function commentLine(text: string, dialect: CommentDialect): string {
  let safe = text;
  for (const [pattern, replacement] of DIALECT_RULES[dialect]) safe = safe.replace(pattern, replacement);
  return safe;
}
