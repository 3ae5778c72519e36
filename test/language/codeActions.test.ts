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

describe('quick fix: move a key out of the file (issue 11, item 12)', () => {
  const ENVIRONMENTS = { active: 'Staging', names: ['Local sandbox', 'Staging'], local: 'Local sandbox' };
  const keyFix = (text: string, options?: Parameters<typeof languageHandlers.codeActions>[2]) => {
    const doc = analyzeDocument(text, URI, 1);
    const keys = languageHandlers.diagnostics(doc).filter((d) => d.code === 'auth-header' || d.code === 'key-in-file');
    assert.equal(keys.length, 1, JSON.stringify(keys));
    const actions = languageHandlers.codeActions(doc, keys[0]!.range, options);
    assert.equal(actions.length, 1);
    const after = applied(text, actions[0]!.edit!.changes![URI]![0]!);
    return { action: actions[0]!, after, left: languageHandlers.diagnostics(analyzeDocument(after)) };
  };
  const SALE_BODY = '"amount": "1.00", "card": "4111111111111111", "exp-date": "1230"';

  it('an api-key header: its line goes, and the title says where keys come from', () => {
    const { action, after, left } = keyFix(`POST {{gatewayUrl}}/rest/v2/transactions/sale\napi-key: 0123456789abcdef\nContent-Type: application/json\n\n{${SALE_BODY}}\n`);
    assert.equal(after, `POST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{${SALE_BODY}}\n`);
    assert.deepEqual(left, []);
    assert.match(action.title, /Remove the key from the file.*SecretStorage/);
    assert.equal(action.command, undefined, 'no command for a client that runs none');
  });

  it('an AccessKey literal in a JSON body: the field and its comma go, the body still parses', () => {
    for (const body of [`{"AccessKey": "abcdef123456", ${SALE_BODY}}`, `{\n  ${SALE_BODY.replace(/, /g, ',\n  ')},\n  "AccessKey": "abcdef123456"\n}`]) {
      const { after, left } = keyFix(`POST {{gatewayUrl}}/rest/v2/transactions/sale\n\n${body}\n`);
      assert.ok(!after.includes('AccessKey') && !after.includes('abcdef123456'), after);
      assert.deepEqual(left, [], after);
    }
  });

  it('a key variable, a key query parameter and a key-like literal', () => {
    assert.equal(keyFix('@apiKey = abcdef\nGET {{gatewayUrl}}/rest/v2/transactions\n').after, 'GET {{gatewayUrl}}/rest/v2/transactions\n');
    assert.equal(keyFix('GET {{gatewayUrl}}/rest/v2/transactions?api-key=abcdef&page=2\n').after, 'GET {{gatewayUrl}}/rest/v2/transactions?page=2\n');
    assert.equal(keyFix('GET {{gatewayUrl}}/rest/v2/transactions?page=2&api-key=abcdef\n').after, 'GET {{gatewayUrl}}/rest/v2/transactions?page=2\n');
    assert.equal(keyFix('GET {{gatewayUrl}}/rest/v2/transactions\nX-Note: sk_live_abcdefghijkl\n').after, 'GET {{gatewayUrl}}/rest/v2/transactions\n');
  });

  it('in an editor that runs the extension\'s commands, then opens Set Keys for the file\'s environment', () => {
    const text = `POST {{gatewayUrl}}/rest/v2/transactions/sale\napi-key: 0123456789abcdef\n\n{${SALE_BODY}}\n`;
    const staging = keyFix(text, { editorCommands: true, environments: ENVIRONMENTS }).action;
    assert.deepEqual(staging.command, { title: 'Set Keys', command: 'gateway.setKeys', arguments: ['Staging'] });
    assert.match(staging.title, /set "Staging"'s keys/);
    const local = keyFix(text, { editorCommands: true, environments: { ...ENVIRONMENTS, active: 'Local sandbox' } }).action;
    assert.equal(local.command, undefined, 'the Local sandbox\'s keys are generated: nothing to set');
  });
});
