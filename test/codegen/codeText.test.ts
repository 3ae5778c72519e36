// Comments and readable text in generated programs (src/core/codegen/codeText.ts), as tables per
// language and as properties over any text: a comment line never holds what ends it or changes
// how the file is read, whatever the request file put in it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { commentLine, isPlainText, oneLine, type CommentDialect } from '../../src/core/codegen/codeText';
import { commented } from '../../src/core/codegen/programParts';
import { named } from '../testNames';

const anyText = fc.string({ unit: 'binary', maxLength: 40 });

describe('oneLine: what no comment may carry is shown as <U+XXXX>', () => {
  const ROWS: ReadonlyArray<[string, string]> = [
    ['a\nb', 'a<U+000A>b'],
    ['a\rb', 'a<U+000D>b'],
    ['a\r\nb', 'a<U+000D><U+000A>b'],
    ['\u2028\u2029\u0085', '<U+2028><U+2029><U+0085>'],
    ['\u000b\u000c\u001b\u007f\u0000', '<U+000B><U+000C><U+001B><U+007F><U+0000>'],
    ['\u202eevil\u202c', '<U+202E>evil<U+202C>'],
    ['\u2066\u2069\u200e\u200f\u061c', '<U+2066><U+2069><U+200E><U+200F><U+061C>'],
    ['\ufeff\u200b', '<U+FEFF><U+200B>'],
    ['\ud800', '<U+D800>'],
    ['a\tb', 'a b'],
    ['café 😀 €', 'café 😀 €'],
    ['plain text: "quotes" \'and\' $ ` \\', 'plain text: "quotes" \'and\' $ ` \\'],
  ];
  for (const [text, expected] of ROWS) {
    it(named(text), () => assert.equal(oneLine(text), expected));
  }
});

describe('commentLine: what each language reads inside a comment', () => {
  const ROWS: ReadonlyArray<[CommentDialect, string, string]> = [
    ['php', 'a ?> <?php b', 'a ? > <?php b'],
    ['php', '??>>', '?? >>'],
    ['python', '-*- coding: utf-7 -*-', '-*- coding : utf-7 -*-'],
    ['python', 'vim: set fileencoding=latin-1', 'vim: set fileencoding =latin-1'],
    ['java', 'a \\u000a b', 'a \\\\u000a b'],
    ['java', '\\\\\\u0022', '\\\\\\\\\\\\u0022'],
    ['java', 'Sale — POST é', 'Sale <U+2014> POST <U+00E9>'],
    ['java', '😀', '<U+1F600>'],
    ['go', '+build ignore', '(+build) ignore'],
    ['go', 'x +build ignore', 'x +build ignore'],
    ['shell', 'Sale ?> coding: \\u000a +build é', 'Sale ?> coding: \\u000a +build é'],
    ['javascript', 'Sale */ ?> coding: \\u000a +build é', 'Sale */ ?> coding: \\u000a +build é'],
    ['csharp', 'Sale #if DEBUG */ ?> coding: \\u000a +build é', 'Sale #if DEBUG */ ?> coding: \\u000a +build é'],
    ['python', 'Sale ?> \\u000a +build é', 'Sale ?> \\u000a +build é'],
    ['php', 'Sale coding: \\u000a +build é', 'Sale coding: \\u000a +build é'],
    ['go', 'Sale ?> coding: \\u000a é', 'Sale ?> coding: \\u000a é'],
    ['java', 'Sale ?> coding: +build', 'Sale ?> coding: +build'],
  ];
  for (const [dialect, text, expected] of ROWS) {
    it(`${dialect}: ${named(text)}`, () => assert.equal(commentLine(text, dialect), expected));
  }
});

describe('commented: every line a comment, whatever the text', () => {
  const DIALECTS: ReadonlyArray<[CommentDialect, string]> = [['shell', '#'], ['javascript', '//'], ['python', '#'], ['php', '//'], ['java', '//'], ['go', '//'], ['csharp', '//']];
  for (const [dialect, marker] of DIALECTS) {
    it(`${dialect}: each line starts with its marker and holds nothing that ends or reinterprets it`, () => {
      fc.assert(fc.property(fc.array(anyText, { maxLength: 4 }), (lines) => {
        for (const line of commented(lines, marker, dialect)) {
          assert.ok(line.startsWith(marker), line);
          assert.doesNotMatch(line, /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u, `${dialect}: ${JSON.stringify(line)}`);
          if (dialect === 'php') assert.ok(!line.includes('?>'), line);
          if (dialect === 'python') assert.doesNotMatch(line, /coding[:=]/);
          if (dialect === 'go') assert.doesNotMatch(line, /^\/\/ \+build/);
          if (dialect === 'java') {
            assert.match(line, /^[\x20-\x7e]*$/, 'ASCII only');
            // javac reads a \u whose backslash follows an even number of backslashes.
            assert.doesNotMatch(line, /(^|[^\\])(\\\\)*\\u/);
          }
        }
      }), { numRuns: 500 });
    });
  }

  it('wraps long lines at spaces, keeps a table row whole', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const lines = commented([long, '  GATEWAY_URL  base URL'], '//', 'javascript');
    assert.ok(lines.length > 2);
    assert.ok(lines.every((l) => l.length <= 100), lines.join('\n'));
    assert.equal(lines[lines.length - 1], '//   GATEWAY_URL  base URL');
  });
});

describe('isPlainText: what a heredoc, text block or raw string keeps byte for byte', () => {
  const ROWS: ReadonlyArray<[string, boolean]> = [['{\n  "a": 1\n}', true], ['', true], ['a\rb', false], ['a\tb', false], ['é', false], ['\u2028', false], ['~ !', true], ['\u007f', false]];
  for (const [text, plain] of ROWS) it(named(text), () => assert.equal(isPlainText(text), plain));
});
