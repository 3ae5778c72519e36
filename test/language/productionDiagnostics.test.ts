// A sandbox test card in a request file that goes to production is a warning where it stands;
// the same file for a sandbox says nothing about it (issue 11, item 2).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { analyzeDocument, languageHandlers } from '../../src/language/handlers';

const fileFor = (environment: string) => [
  '# Sale (transactions.sale) — moves money',
  `# Environment: ${environment}. Send with "Gateway: Send Request".`,
  '# 4111111111111111 in a comment sends nothing',
  '',
  '### Sale',
  'POST /rest/v2/transactions/sale',
  'Content-Type: application/json',
  '',
  '{ "amount": "25.00", "card": "4111111111111111", "exp-date": "1230" }',
].join('\n');

const envs = { active: 'Local sandbox', names: ['Local sandbox', 'Staging', 'Prod'], production: ['Prod'], local: 'Local sandbox' };
const testCardWarnings = (environment: string) =>
  languageHandlers.diagnostics(analyzeDocument(fileFor(environment)), envs).filter((d) => d.code === 'test-card-in-production');

describe('sandbox test cards in a production request', () => {
  it('warns on the card number of a request that goes to production, not on comments', () => {
    const [warning, ...rest] = testCardWarnings('Prod');
    assert.ok(warning, 'no warning');
    assert.equal(rest.length, 0);
    assert.equal(warning.severity, DiagnosticSeverity.Warning);
    assert.deepEqual(warning.range.start, { line: 8, character: 30 });
    assert.match(String(warning.message), /sandbox test card \(…1111\) in a request to PRODUCTION "Prod"/);
    assert.ok(!String(warning.message).includes('4111111111111111'), 'the message repeats the full number');
  });

  it('says nothing for a sandbox target', () => {
    assert.equal(testCardWarnings('Staging').length, 0);
    assert.equal(testCardWarnings('Local sandbox').length, 0);
  });
});
