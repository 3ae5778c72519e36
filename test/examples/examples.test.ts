// The examples are documentation that must keep working: every file in examples/ runs through
// the headless runner (the function `gateway-workbench run` calls) against a fresh Local
// sandbox and must pass, and together they cover every operation of the catalog.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { groups, matchOperation, operations, type Operation } from '../../src/catalog';
import { parseRequestFile } from '../../src/core/requestFile';
import { runFiles, type RequestFileInput } from '../../src/cli/run/runFiles';
import type { RunReport } from '../../src/cli/run/runReport';
import { startLocalTarget } from '../../src/cli/run/runTarget';

const ROOT = path.resolve(__dirname, '../..');
const EXAMPLES = path.join(ROOT, 'examples');

function readExamples(): Array<Required<RequestFileInput>> {
  return readdirSync(EXAMPLES)
    .filter((name) => name.endsWith('.gwreq'))
    .sort()
    .map((name) => ({ path: `examples/${name}`, text: readFileSync(path.join(EXAMPLES, name), 'utf8') }));
}

/** The catalog operation a request line names, read statically: variables stand for one path segment. */
function operationOf(method: string, target: string): Operation | undefined {
  const pathname = target
    .replace(/^\{\{\s*(gatewayUrl|boardingUrl)\s*\}\}/, '')
    .replace(/\{\{[^}]*\}\}/g, 'x')
    .split('?')[0];
  return matchOperation(method.toUpperCase(), pathname)?.op;
}

describe('examples/', () => {
  const inputs = readExamples();
  let report: RunReport;

  before(async () => {
    const target = await startLocalTarget();
    try {
      report = await runFiles(inputs, target);
    } finally {
      await target.close();
    }
  });

  it('has one file per operation group, named after the group, each opening with a comment header', () => {
    assert.deepEqual(inputs.map((i) => path.basename(i.path, '.gwreq')).sort(), groups.map((g) => g.id).sort());
    for (const input of inputs) assert.match(input.text, /^# \S.*\n# /, `${input.path} starts with a comment saying what it shows`);
  });

  it('every example file parses without errors and every request has an @expect', () => {
    for (const input of inputs) {
      const file = parseRequestFile(input.text);
      assert.deepEqual(file.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), [], input.path);
      for (const request of file.requests) {
        assert.ok(request.expectations.length > 0, `${input.path}:${request.methodRange.start.line + 1} has no @expect`);
      }
    }
  });

  it('every request of every example passes against a fresh Local sandbox', () => {
    const problems = report.files.flatMap((f) => f.requests.filter((r) => r.state !== 'passed').map((r) => `${f.file}:${r.line} ${r.label}: ${r.state} ${r.message ?? ''}`));
    assert.deepEqual(problems, []);
    assert.equal(report.passed, true);
    assert.ok(report.totals.requests >= 67, `only ${report.totals.requests} requests ran`);
  });

  it('each group file exercises its own group, and together they cover every operation', () => {
    const covered = new Set<string>();
    for (const input of inputs) {
      const ops = parseRequestFile(input.text).requests.map((r) => operationOf(r.method, r.target)).filter((op): op is Operation => !!op);
      ops.forEach((op) => covered.add(op.id));
      const group = path.basename(input.path, '.gwreq');
      assert.ok(ops.some((op) => op.group === group), `${input.path} sends no ${group} operation`);
    }
    const missingGroups = groups.filter((g) => !operations.some((op) => op.group === g.id && covered.has(op.id))).map((g) => g.id);
    assert.deepEqual(missingGroups, []);
    const missing = operations.filter((op) => !covered.has(op.id)).map((op) => op.id);
    console.log(`examples cover ${covered.size} of ${operations.length} operations`);
    assert.deepEqual(missing, []);
  });

  it('the runner actually sent every operation', () => {
    const sent = new Set(report.files.flatMap((f) => f.requests.map((r) => r.operation).filter((id): id is string => !!id)));
    assert.equal(sent.size, operations.length);
  });
});

