import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TextEdit } from 'vscode-languageserver-types';
import { parseRequestFile } from '../../src/core/requestFile';
import { parseJson, parseXml } from '../../src/core/codecs/codecs';
import { analyzeDocument, languageHandlers, type AnalyzedDocument } from '../../src/language/handlers';

function apply(doc: AnalyzedDocument, edits: TextEdit[]): string {
  let text = doc.text;
  for (const e of [...edits].sort((a, b) => doc.offsetAt(b.range.start) - doc.offsetAt(a.range.start))) {
    text = text.slice(0, doc.offsetAt(e.range.start)) + e.newText + text.slice(doc.offsetAt(e.range.end));
  }
  return text;
}

const FILE = [
  '### Sale', //                                                                 0
  'POST {{gatewayUrl}}/rest/v2/transactions/sale', //                            1
  '', //                                                                         2
  '{"amount": 25.00, "card": "{{card}}", "exp-date": {{exp}}, "billing": {"zip": "85001"}, "tags": []}', // 3
  '###', //                                                                      4
  'PUT {{gatewayUrl}}/rest/v2/settings/terminal', //                             5
  '', //                                                                         6
  '<terminal-settings><enable-tip>true</enable-tip><!-- keep --><batch-time-utc>23:00</batch-time-utc></terminal-settings>', // 7
  '###', //                                                                      8
  'POST {{gatewayUrl}}/rest/v2/transactions/void', //                            9
  '', //                                                                         10
  '{"id": "1",', //                                                              11
].join('\n');

describe('formatting', () => {
  it('pretty-prints JSON and XML bodies, keeps values and {{variables}} as written, and skips bodies that do not parse', () => {
    const doc = analyzeDocument(FILE);
    const edits = languageHandlers.formatting(doc, { tabSize: 2, insertSpaces: true });
    assert.equal(edits.length, 2, 'the broken third body is left alone');
    const after = apply(doc, edits);
    const lines = after.split('\n');
    assert.deepEqual(lines.slice(3, 12), ['{', '  "amount": 25.00,', '  "card": "{{card}}",', '  "exp-date": {{exp}},', '  "billing": {', '    "zip": "85001"', '  },', '  "tags": []', '}']);
    assert.ok(after.includes('  <!-- keep -->'));

    const before = parseRequestFile(doc.text).requests;
    const formatted = parseRequestFile(after).requests;
    assert.deepEqual(formatted.map((r) => [r.method, r.target]), before.map((r) => [r.method, r.target]));
    const mask = (t: string) => t.replace(/(?<!")\{\{\w+\}\}(?!")/g, '"v"');
    const json = parseJson(mask(formatted[0].body?.text ?? ''));
    assert.ok(json.ok, 'the formatted JSON parses');
    assert.deepEqual(json, parseJson(mask(before[0].body?.text ?? '')));
    assert.deepEqual(parseXml(formatted[1].body?.text ?? ''), parseXml(before[1].body?.text ?? ''));
    assert.deepEqual(languageHandlers.formatting(analyzeDocument(after), { tabSize: 2, insertSpaces: true }), [], 'formatting is stable');
  });

  it('follows the client\'s indentation and formats only bodies in the range', () => {
    const doc = analyzeDocument(FILE);
    const tabs = languageHandlers.formatting(doc, { tabSize: 4, insertSpaces: false });
    assert.ok(tabs[0].newText.includes('\n\t"amount": 25.00,') && tabs[1].newText.includes('\n\t<enable-tip>'));
    const ranged = languageHandlers.formatting(doc, { tabSize: 4, insertSpaces: true }, { start: { line: 7, character: 0 }, end: { line: 7, character: 5 } });
    assert.equal(ranged.length, 1);
    assert.ok(ranged[0].newText.startsWith('<terminal-settings>\n    <enable-tip>'));
  });

  it('leaves XML with a {{variable}} in a tag name alone', () => {
    const doc = analyzeDocument(['PUT {{gatewayUrl}}/rest/v2/settings/terminal', '', '<{{root}}><a>1</a></{{root}}>'].join('\n'));
    assert.deepEqual(languageHandlers.formatting(doc, { tabSize: 2, insertSpaces: true }), []);
  });
});

describe('formatting a CRLF file (issue 11, item 12)', () => {
  const crlf = FILE.replace(/\r?\n/g, '\r\n');
  const opts = { tabSize: 2, insertSpaces: true };

  it('formats with CRLF line ends, and an already formatted CRLF file gets no edits', () => {
    const doc = analyzeDocument(crlf);
    const once = apply(doc, languageHandlers.formatting(doc, opts));
    assert.notEqual(once, crlf, 'the unformatted bodies were formatted');
    assert.doesNotMatch(once.replace(/\r\n/g, ''), /\n/, 'a bare LF was written into a CRLF file');
    assert.deepEqual(languageHandlers.formatting(analyzeDocument(once), opts), [], 'a formatted CRLF file was "changed" again');
  });
});
