// Quick fixes for "did you mean" diagnostics: the field name and the path (issue 11, item 12).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TextEdit } from 'vscode-languageserver-types';
import { analyzeDocument, languageHandlers } from '../../src/language/handlers';

const URI = 'file:///tmp/fix.gwreq';

function fixes(text: string): Array<{ title: string; edit: TextEdit }> {
  const doc = analyzeDocument(text, URI, 1);
  const whole = { start: { line: 0, character: 0 }, end: { line: text.split('\n').length, character: 0 } };
  return languageHandlers.codeActions(doc, whole).map((a) => ({ title: a.title, edit: a.edit!.changes![URI][0] }));
}

function applied(text: string, edit: TextEdit): string {
  const doc = analyzeDocument(text);
  return text.slice(0, doc.offsetAt(edit.range.start)) + edit.newText + text.slice(doc.offsetAt(edit.range.end));
}

describe('quick fixes', () => {
  it('a JSON field "cvv" becomes "csc", quotes kept', () => {
    const text = '### Sale\nPOST /rest/v2/transactions/sale\nContent-Type: application/json\n\n{ "amount": "1.00", "card": "4111111111111111", "exp-date": "1230", "cvv": "123" }\n';
    const [fix, ...rest] = fixes(text);
    assert.equal(rest.length, 0);
    assert.equal(fix?.title, 'Change to "csc"');
    assert.match(applied(text, fix.edit), /"csc": "123"/);
  });

  it('a mistyped path becomes the nearest, its ids kept; a typo of another method\'s template too', () => {
    const text = 'GET /rest/v2/tokenz/1100005607145041111\n';
    const [fix] = fixes(text);
    assert.equal(applied(text, fix.edit), 'GET /rest/v2/tokens/1100005607145041111\n');
    const sale = 'POST /rest/v2/transactions/sael\nContent-Type: application/json\n\n{ "amount": "1.00", "card": "4111111111111111", "exp-date": "1230" }\n';
    assert.match(applied(sale, fixes(sale)[0].edit), /^POST \/rest\/v2\/transactions\/sale\n/);
  });
});
