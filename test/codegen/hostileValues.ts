// fast-check arbitraries for the values a stranger's request file can put in each place a
// generated program carries them: what each language's strings, comments, heredocs, text blocks
// and shell words are known to mistake for code, mixed with any Unicode text. Each names the
// canary file that a command smuggled in would create.
import fc from 'fast-check';

/** Printable ASCII, as header values must be. */
const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

/** What ends or escapes a string, comment, heredoc or text block in one of the seven languages. */
function payloads(canary: string): string[] {
  return [
    `$(touch ${canary})`, `\`touch ${canary}\``, `'; touch ${canary}; '`, `"; touch ${canary}; "`, `'"$(touch ${canary})"'`,
    `?><?php touch("${canary}"); ?>`, `{$x}`, `\${x}`, `\${require('fs').writeFileSync('${canary}','')}`,
    `"""`, `""""`, `"""+new java.io.File("${canary}").createNewFile();//`, `\\u0022`, `\\u000a`, '\\',
    `"+__import__("os").system("touch ${canary}")+"`, `{__import__("os").system("touch ${canary}")}`, '# coding: utf-7',
    `\`+os.WriteFile("${canary}", nil, 0644)+\``, `"+exec.Command("touch", "${canary}").Run()+"`,
    '*/', '/*', '//', '-->', '%s', '%n', '%%', '{{{', '}}}', '{', '}', '$', '!', '#', "'", '"', '`', '\\n', '\\0',
    'BODY', 'BODY;', '\nBODY;\n', 'EOF', '__halt_compiler();', '+build ignore', '-x', '-',
  ];
}

/** Characters that change how text is read: line ends of every kind, controls, bidi, BOM, NUL, astral. */
const SHAPE_CHARS = ['\0', '\t', '\x0b', '\f', '\x1b', '\x7f', '\u0085', '\u00a0', '\u2028', '\u2029', '\u202e', '\u2066', '\u200f', '\ufeff', 'é', 'ß', '€', '😀', '\u{10FFFF}'];

/** Any code point but a lone surrogate (no file read as UTF-8 can hold one). */
const anyChar = fc.integer({ min: 0, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff).map((c) => String.fromCodePoint(c));

/** Text of `parts` pieces, each a payload, a shaping character, plain letters or any characters. */
export function hostileText(canary: string, options: { allow?: (char: string) => boolean; maxParts?: number } = {}): fc.Arbitrary<string> {
  const allow = options.allow ?? (() => true);
  const keep = (text: string): string => [...text].filter(allow).join('');
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...payloads(canary)).map(keep) },
    { weight: 2, arbitrary: fc.constantFrom(...SHAPE_CHARS).map(keep) },
    { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...PRINTABLE), maxLength: 8 }).map(keep) },
    { weight: 1, arbitrary: fc.string({ unit: anyChar, maxLength: 4 }).map(keep) },
  );
  return fc.array(piece, { maxLength: options.maxParts ?? 6 }).map((parts) => parts.join(''));
}

/** Printable ASCII only (header values; a file variable's value), with the payloads that fit. */
export const printable = (char: string): boolean => char >= ' ' && char <= '~';

/** A header name: an RFC 9110 token, with the token characters shells and languages treat specially. */
export const headerName = fc.string({ unit: fc.constantFrom(...'abcxyzXYZ019-!#$%&\'*+.^_`|~'.split('')), minLength: 1, maxLength: 10 }).map((n) => `X-${n}`);
