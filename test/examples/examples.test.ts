// The examples are documentation that must keep working: every file in examples/ (one per
// operation group) and examples/outcomes/ runs through the headless runner (the function
// `gateway-workbench run` calls) against one fresh Local sandbox and must pass; together they
// cover every operation of the catalog and every outcome the sandbox can serve.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { groups, matchOperation, operations, type Operation } from '../../src/catalog';
import { parseRequestFile } from '../../src/core/requestFile';
import { runFiles, type RequestFileInput } from '../../src/cli/run/runFiles';
import type { RunReport } from '../../src/cli/run/runReport';
import { startLocalTarget } from '../../src/cli/run/runTarget';
import type { CoverageReport } from '../../src/catalog/localSandbox/coverage';

const ROOT = path.resolve(__dirname, '../..');
const EXAMPLES = path.join(ROOT, 'examples');
const OUTCOME_EXAMPLES = 'outcomes';

function readExamples(folder = ''): Array<Required<RequestFileInput>> {
  return readdirSync(path.join(EXAMPLES, folder))
    .filter((name) => name.endsWith('.gwreq'))
    .sort()
    .map((name) => ({ path: path.posix.join('examples', folder, name), text: readFileSync(path.join(EXAMPLES, folder, name), 'utf8') }));
}

/**
 * Outcomes no request file can reach, by decision (docs/sandbox.md, "Outcome coverage"): a reset
 * closes the connection without an answer, which the runner reports as an error, never a pass.
 */
const NOT_REACHABLE_BY_A_REQUEST_FILE = ['fault:reset'];

/** The catalog operation a request line names, read statically: variables stand for one path segment. */
function operationOf(method: string, target: string): Operation | undefined {
  const pathname = target
    .replace(/^\{\{\s*(gatewayUrl|boardingUrl)\s*\}\}/, '')
    .replace(/\{\{[^}]*\}\}/g, 'x')
    .split('?')[0];
  return matchOperation(method.toUpperCase(), pathname)?.op;
}

describe('examples/', () => {
  const groupFiles = readExamples();
  const inputs = [...groupFiles, ...readExamples(OUTCOME_EXAMPLES)];
  let report: RunReport;
  let coverage: CoverageReport;

  before(async () => {
    const target = await startLocalTarget();
    try {
      report = await runFiles(inputs, target);
      coverage = target.coverage!();
      const gatewayUrl = target.environment.gatewayUrl;
      // The one outcome left, produced the way an application's own test would, to show it counts.
      await fetch(`${gatewayUrl}/__sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"fault": "reset"}' });
      await fetch(`${gatewayUrl}/rest/v2/transactions`).catch(() => undefined);
      afterReset = target.coverage!();
    } finally {
      await target.close();
    }
  });

  let afterReset: CoverageReport;

  it('has one file per operation group, named after the group, each opening with a comment header', () => {
    assert.deepEqual(groupFiles.map((i) => path.basename(i.path, '.gwreq')).sort(), groups.map((g) => g.id).sort());
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
    for (const input of groupFiles) {
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

  it('reach every outcome the sandbox lists but the ones no request file can, and none outside the list', () => {
    const missing = coverage.uncovered.map((u) => u.outcome);
    console.log(`examples cover ${coverage.summary.covered} of ${coverage.summary.total} outcomes; not reachable by a request file: ${missing.join(', ')}`);
    assert.deepEqual(missing, NOT_REACHABLE_BY_A_REQUEST_FILE);
    assert.deepEqual(coverage.covered.filter((c) => c.listed === false), [], 'every outcome served is in the list');
    assert.equal(coverage.summary.covered, coverage.summary.total - NOT_REACHABLE_BY_A_REQUEST_FILE.length);
  });

  it('reach 100 % with the connection reset an application\'s own test would produce', () => {
    assert.deepEqual(afterReset.uncovered, []);
    assert.equal(afterReset.summary.percent, 100);
  });
});
