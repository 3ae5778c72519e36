// The shipped examples, read by the language server as a user opening them would: no problems
// but the one they show on purpose (a routing number that fails its checksum, sent to see the
// gateway refuse it) and the notes on Local-sandbox control requests.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { analyzeDocument, languageHandlers } from '../../src/language/handlers';

const EXAMPLES = join(__dirname, '../../examples');

describe('examples in the language server', () => {
  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.gwreq'));

  it('finds the examples', () => assert.ok(files.length >= 9, `${files.length} example files`));

  for (const file of files) {
    it(`${file} shows only the problems it means to`, () => {
      const text = readFileSync(join(EXAMPLES, file), 'utf8');
      const found = languageHandlers.diagnostics(analyzeDocument(text, `file:///${file}`, 1))
        .map((d) => `${d.range.start.line + 1} ${d.code}`);
      const intended = text.split('\n').flatMap((line, i) => {
        if (/"routing-number": "081009812"/.test(line)) return [`${i + 1} invalid-value`];
        if (/^[A-Z]+ \S*\/__sandbox\//.test(line)) return [`${i + 1} sandbox-control`];
        if (/^POST \S*\/rest\/v2\/transactions$/.test(line)) return [`${i + 1} legacy-form`];
        return [];
      });
      assert.deepEqual(found, intended);
    });
  }

  it('ach-transactions.gwreq\'s invalid routing number is marked as intended (information, not an error): its request expects a 400', () => {
    const text = readFileSync(join(EXAMPLES, 'ach-transactions.gwreq'), 'utf8');
    const routing = languageHandlers.diagnostics(analyzeDocument(text, 'file:///ach-transactions.gwreq', 1)).filter((d) => d.code === 'invalid-value');
    assert.deepEqual(routing.map((d) => d.severity), [DiagnosticSeverity.Information]);
    assert.match(String(routing[0].message), /routing number.*\(intended: this request expects 400\)$/);
  });

  it('a request expecting a 4xx status has its field and value checks downgraded; its syntax, keys and other requests are not', () => {
    const request = (expect: string, body: string) => [`# @expect status ${expect}`, 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '', body, ''];
    const text = [
      ...request('400', '{"amount": "1.00", "card": "4111111111111112", "exp-date": "1230", "csc": "999"}'),
      '###', ...request('422', '{"amount": "1.00", "card": "4111111111111112", "exp-date": "1230", "api-key": "abcdefabcdefabcdefabcdefabcdef12"}'),
      '###', ...request('200', '{"amount": "1.00", "card": "4111111111111112", "exp-date": "1230"}'),
      '###', ...request('!= 400', '{"amount": "1.00", "card": "4111111111111112", "exp-date": "1230"}'),
      '###', ...request('400', '{"amount": "1.00", "card": '),
    ].join('\n');
    const found = languageHandlers.diagnostics(analyzeDocument(text)).map((d) => [d.range.start.line, d.code, d.severity, /intended/.test(String(d.message))]);
    assert.deepEqual(found, [
      [4, 'invalid-value', DiagnosticSeverity.Information, true],
      [11, 'invalid-value', DiagnosticSeverity.Information, true],
      [18, 'invalid-value', DiagnosticSeverity.Error, false],
      [25, 'invalid-value', DiagnosticSeverity.Error, false],
      [32, 'malformed-json', DiagnosticSeverity.Error, false],
      [11, 'key-in-file', DiagnosticSeverity.Error, false],
    ]);
  });

  it('a sandbox control request is information, not an error; an unknown action is an error', () => {
    const diagnostics = languageHandlers.diagnostics(analyzeDocument('POST {{gatewayUrl}}/__sandbox/clock/advance\n\n###\nPOST {{gatewayUrl}}/__sandbox/time-travel\n'));
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity]), [['sandbox-control', DiagnosticSeverity.Information], ['unknown-sandbox-control', DiagnosticSeverity.Error]]);
    assert.match(String(diagnostics[1].message), /POST clock\/advance/);
  });

  it('an ACH token stands in for the account fields; a settings update may name only what changes', () => {
    const text = [
      'POST {{gatewayUrl}}/rest/v2/ach/transactions/debit',
      'Content-Type: application/json',
      '',
      '{"token-id": "123", "standard-entry-class-code": "PPD", "amount": "1.00"}',
      '###',
      'POST {{gatewayUrl}}/rest/v2/ach/transactions/debit',
      'Content-Type: application/json',
      '',
      '{"standard-entry-class-code": "PPD", "amount": "1.00"}',
      '###',
      'PUT {{gatewayUrl}}/rest/v2/settings/transaction/duplicates',
      'Content-Type: application/xml',
      '',
      '<check-duplicate-transaction-settings><enabled>false</enabled></check-duplicate-transaction-settings>',
    ].join('\n');
    const diagnostics = languageHandlers.diagnostics(analyzeDocument(text));
    assert.deepEqual(diagnostics.map((d) => [d.range.start.line, d.code]), [[8, 'missing-field']]);
    assert.match(String(diagnostics[0].message), /routing-number/);
  });
});
