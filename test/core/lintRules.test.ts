// The rule table (src/core/requestLint/rules.ts) is the one list of what a request file is
// checked for: its codes are unique, and each row names the files that really emit its code, so
// "where is this rule implemented" is answered by the table. Unknown codes are the compiler's
// (LintCode); the severities the table's (finding() and diagnostic() read them from it).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import * as path from 'node:path';
import { RULES, severityOf } from '../../src/core/requestLint/rules';
import { finding, onLine } from '../../src/core/requestLint/finding';
import { lintExchangeRequest } from '../../src/core/requestLint';
import { parseRequestFile } from '../../src/core/requestFile';

const ROOT = path.resolve(__dirname, '../..');

describe('the lint rule table', () => {
  it('has each code once, said in words', () => {
    const codes = RULES.map((rule) => rule.code);
    assert.deepEqual(codes.filter((code, i) => codes.indexOf(code) !== i), []);
    for (const rule of RULES) {
      assert.match(rule.code, /^[a-z]+(-[a-z]+)*$/, rule.code);
      assert.ok(rule.checks.length > 10, `${rule.code}: say what it checks`);
      assert.ok(rule.where.length > 0, `${rule.code}: say where it is implemented`);
    }
  });

  it('names, for each code, files that exist and emit it', () => {
    for (const rule of RULES) {
      for (const file of rule.where) {
        const full = path.join(ROOT, file);
        assert.ok(existsSync(full), `${rule.code}: ${file} does not exist`);
        assert.ok(readFileSync(full, 'utf8').includes(`'${rule.code}'`), `${rule.code}: ${file} does not emit it`);
      }
    }
  });

  it('gives a finding its row\'s severity, and another only where the row allows it', () => {
    const at = onLine(0, 0, 1);
    assert.equal(finding(at, 'unknown-field', 'x').severity, 'warning');
    assert.equal(finding(at, 'legacy-form', 'x').severity, 'information');
    assert.equal(finding(at, 'missing-field', 'x').severity, 'error');
    assert.equal(finding(at, 'unexpected-body', 'x', { severity: 'warning' }).severity, 'warning');
    for (const rule of RULES) assert.equal(severityOf(rule.code), rule.severity, rule.code);
  });

  it('the parser\'s severities are its rows\' (checked by the compiler; here on a file)', () => {
    const file = parseRequestFile('# @nam x\n# @name two words\nGET {{gatewayUrl}}/rest/v2/transactions HTTP/1.1 extra\nnot a header\n\n{"a": "{{b"}\n');
    assert.ok(file.diagnostics.length >= 3, JSON.stringify(file.diagnostics));
    for (const d of file.diagnostics) assert.equal(d.severity, severityOf(d.code), d.code);
  });

  it('what an application sent is judged by the same rows', () => {
    const found = lintExchangeRequest({ method: 'POST', path: '/rest/v2/transactions/sale', headers: { api_key: 'k' }, body: '{"amount": "1.00", "cvv": "1"}' });
    assert.ok(found.length >= 2, JSON.stringify(found));
    for (const f of found) assert.equal(f.severity, RULES.find((rule) => rule.code === f.code)?.severity, f.code);
  });
});
