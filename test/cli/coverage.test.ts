// `gateway-workbench coverage --from URL [--json]` and `run --coverage`, as a user runs them: real
// child processes against a real sandbox process, and against servers that are not one.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runToEnd } from './processRun';
import type { CoverageReport } from '../../src/catalog/localSandbox/coverage';

const ROOT = path.resolve(__dirname, '../..');
const CLI = ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts')];
const cli = (args: string[]) => runToEnd(process.execPath, [...CLI, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });

let sandbox: ChildProcess;
let info: { gatewayUrl: string; apiKey: string };

before(async () => {
  sandbox = spawn(process.execPath, [...CLI, 'sandbox', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const [first] = await once(createInterface({ input: sandbox.stdout! }), 'line') as [string];
  info = JSON.parse(first);
});
after(() => { sandbox.kill('SIGTERM'); });

/** A server that answers every request with `body` (and `status`): a stranger's, for --from. */
async function strangeServer(status: number, body: string | Buffer): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(body); });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('gateway-workbench coverage', () => {
  it('prints the JSON report of a running sandbox, exit 1 while outcomes are uncovered', async () => {
    const sale = await fetch(`${info.gatewayUrl}/rest/v2/transactions/sale`, {
      method: 'POST', headers: { 'api-key': info.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '0.23', card: '4111111111111111', 'exp-date': '1230', csc: '999' }),
    });
    assert.equal(sale.status, 402);
    const run = await cli(['coverage', '--from', info.gatewayUrl, '--json']);
    assert.equal(run.code, 1, run.stderr);
    const report = JSON.parse(run.stdout) as CoverageReport;
    assert.deepEqual(report.covered.map((c) => [c.outcome, c.count]), [['result-code:014', 1], ['csc:M', 1], ['http:402', 1]]);
    assert.equal(report.summary.covered, 3);
    assert.equal(report.uncovered.find((u) => u.outcome === 'ach-return:R01')?.trigger.includes('0001'), true);
    assert.ok(!run.stdout.includes(info.apiKey));
  });

  it('prints it as text: the headline, what is left with its trigger, what was served', async () => {
    const run = await cli(['coverage', '--from', `${info.gatewayUrl}/rest/v2/`]);
    assert.equal(run.code, 1);
    const lines = run.stdout.split('\n');
    assert.match(lines[0], /^Outcomes covered 3 of \d+ \(\d+ %\)$/);
    assert.ok(lines.some((l) => /^ {2}result-code:021 +Invalid CSC: .*amount 0\.48/.test(l)), run.stdout);
    assert.ok(lines.some((l) => /^ {2}result-code:014 +Exceeds limit ×1$/.test(l)), run.stdout);
  });

  it('refuses bad usage with exit 2', async () => {
    for (const args of [['coverage'], ['coverage', '--from', 'not a url'], ['coverage', '--from', 'ftp://127.0.0.1/'], ['coverage', '--from', 'http://me:secret@127.0.0.1:1/'], ['coverage', '--from', info.gatewayUrl, 'extra']]) {
      const run = await cli(args);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.ok(!run.stderr.includes('secret'), run.stderr);
    }
  });

  it('says what is wrong with a server that is not a sandbox, exit 1, its text made harmless', async () => {
    const cases: Array<[number, string | Buffer, RegExp]> = [
      [404, 'nope', /answered 404: is it a Local sandbox/],
      [200, 'not json', /did not answer JSON/],
      [200, '{"covered": 1}', /not a coverage report/],
      [200, JSON.stringify({ covered: [{ outcome: 'x', description: 'y', count: -1 }], uncovered: [] }), /covered\[0\]/],
      [200, Buffer.alloc(3 * 1024 * 1024, 32), /more than a coverage report/],
    ];
    for (const [status, body, message] of cases) {
      const { url, server } = await strangeServer(status, body);
      try {
        const run = await cli(['coverage', '--from', url]);
        assert.equal(run.code, 1);
        assert.match(run.stderr, message);
      } finally {
        server.close();
      }
    }
    const evil = JSON.stringify({ covered: [], uncovered: [{ outcome: 'x\u001b]52;c;aGk=\u0007', description: 'd', trigger: 't\u001b[2J' }] });
    const { url, server } = await strangeServer(200, evil);
    try {
      const run = await cli(['coverage', '--from', url]);
      assert.equal(run.code, 1);
      assert.ok(!run.stdout.includes('\u001b'), 'no escape reaches the terminal');
      assert.match(run.stdout, /x<U\+001B>\]52/);
    } finally {
      server.close();
    }
    const closed = await cli(['coverage', '--from', 'http://127.0.0.1:1']);
    assert.equal(closed.code, 1);
    assert.match(closed.stderr, /cannot reach http:\/\/127\.0\.0\.1:1\/__sandbox\/coverage/);
  });
});

describe('gateway-workbench run --coverage', () => {
  it('ends the text report with the coverage of the run\'s own sandbox', async () => {
    const run = await cli(['run', 'examples/outcomes/declines.gwreq', '--coverage']);
    assert.equal(run.code, 0, run.stderr);
    const tail = run.stdout.slice(run.stdout.indexOf('PASSED'));
    assert.match(tail, /\nOutcomes covered 23 of \d+ \(\d+ %\)\nNot covered \(how to produce each\):\n/);
    assert.match(tail, /\n {2}csc:N +CSC does not match: .*csc 000/, 'names as they are, not masked as a CSC');
    assert.ok(!tail.includes('result-code:014'), 'a covered code is not listed as left');
  });

  it('keeps stdout one JSON document with --report json: the coverage goes to stderr', async () => {
    const run = await cli(['run', 'examples/outcomes/ach-returns.gwreq', '--coverage', '--report', 'json']);
    assert.equal(run.code, 0, run.stderr);
    JSON.parse(run.stdout);
    assert.match(run.stderr, /^Outcomes covered 7 of \d+/);
  });

  it('without --coverage prints none', async () => {
    const run = await cli(['run', 'examples/outcomes/ach-returns.gwreq']);
    assert.equal(run.code, 0);
    assert.ok(!run.stdout.includes('Outcomes covered'));
  });
});

describe('coverage across CI shards: run --coverage-json, then coverage --merge', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-coverage-merge-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const files = ['examples/outcomes/declines.gwreq', 'examples/outcomes/ach-returns.gwreq'];
  const shardFile = (i: number) => path.join(dir, `coverage-${i}.json`);

  it('each shard writes its own sandbox\'s report; the merge covers what either shard reached, counts summed', async () => {
    for (const i of [1, 2]) {
      const run = await cli(['run', ...files, '--shard', `${i}/2`, '--coverage-json', shardFile(i)]);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /Outcomes covered \d+ of \d+/, '--coverage-json implies --coverage');
    }
    const [one, two] = [1, 2].map((i) => JSON.parse(fs.readFileSync(shardFile(i), 'utf8')) as CoverageReport);
    const outcomes = (r: CoverageReport) => new Set(r.covered.map((c) => c.outcome));
    assert.ok(outcomes(one!).has('result-code:014') !== outcomes(two!).has('result-code:014') || outcomes(one!).has('ach-return:R01') !== outcomes(two!).has('ach-return:R01'), 'the shards reached different outcomes');
    const merged = await cli(['coverage', '--merge', shardFile(1), shardFile(2), '--json']);
    const report = JSON.parse(merged.stdout) as CoverageReport;
    const both = new Set([...outcomes(one!), ...outcomes(two!)]);
    assert.deepEqual(new Set(report.covered.map((c) => c.outcome)), both);
    for (const c of report.covered) {
      const count = (r: CoverageReport) => r.covered.find((x) => x.outcome === c.outcome)?.count ?? 0;
      assert.equal(c.count, count(one!) + count(two!), c.outcome);
    }
    assert.ok(report.uncovered.every((u) => !both.has(u.outcome)), 'what a shard covered is not left uncovered');
    assert.equal(report.summary.covered + report.uncovered.length, report.summary.total);
    assert.ok(report.summary.covered > Math.max(one!.summary.covered, two!.summary.covered));
    assert.equal(merged.code, report.uncovered.length === 0 ? 0 : 1);
    const text = await cli(['coverage', '--merge', shardFile(1), shardFile(2)]);
    assert.match(text.stdout, new RegExp(`^Outcomes covered ${report.summary.covered} of ${report.summary.total}`));
  });

  it('a file that is not a coverage report is named, exit 2; --merge needs files and does not take --from', async () => {
    const bad = path.join(dir, 'not-coverage.json');
    fs.writeFileSync(bad, '{"covered": "all of it"}');
    const run = await cli(['coverage', '--merge', bad]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /not-coverage\.json/);
    assert.equal((await cli(['coverage', '--merge'])).code, 2);
    assert.equal((await cli(['coverage', '--merge', bad, '--from', 'http://127.0.0.1:1'])).code, 2);
    assert.equal((await cli(['coverage', '--merge', path.join(dir, 'missing.json')])).code, 2);
  });
});
