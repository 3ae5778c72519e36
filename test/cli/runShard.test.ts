// `gateway-workbench run --shard I/N`, as a CI matrix runs it: N child processes given the same
// files, in a project folder of their own, against one sandbox on port 0 (what each job's own
// gateway would see). Judged by the json and junit reports they write and by what reached the
// sandbox: every request in exactly one shard, a file's chained requests together, the same split
// whatever the order or spelling of the arguments.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { assignShards, type ShardUnit } from '../../src/cli/run/shardSplit';
import { MAX_SHARDS, shardOf } from '../../src/cli/run/shardOption';
import { UsageError } from '../../src/cli/cliCommand';
import { runToEnd, type ProcessRun } from './processRun';

const ROOT = path.resolve(__dirname, '../..');
/** tsx by location: the CLI runs in the project's folder, where `--import tsx` would not resolve. */
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_') && k !== 'NO_COLOR'));

const sale = (title: string, amount: string, name?: string): string => `### ${title}
${name ? `# @name ${name}\n` : ''}# @expect status 200
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "${amount}", "card": "4111111111111111", "exp-date": "1230"}
`;
const refund = (title: string, of: string): string => `### ${title}
# @expect payload.transaction.type == REFUND
POST {{gatewayUrl}}/rest/v2/transactions/refund
Content-Type: application/json

{"type": "REFUND", "id": "{{${of}.payload.transaction.id}}", "amount": "1.00"}
`;
const read = (title: string): string => `### ${title}
# @expect status 200
GET {{gatewayUrl}}/rest/v2/transactions?page-size=1
`;

/** The project: 9 files, 18 requests, 7 sales and 2 refunds; two files chain, one of them to a request below. */
const FILES: Record<string, string> = {
  'chain.gwreq': `${sale('the sale', '3.00', 'sale1')}\n${refund('its refund', 'sale1')}`,
  'reversed.gwreq': `${refund('refund first', 'laterSale')}\n${sale('the sale it needs, below', '3.10', 'laterSale')}`,
  'reads.gwreq': [1, 2, 3, 4, 5, 6].map((n) => read(`read ${n}`)).join('\n'),
  'one-a.gwreq': sale('a', '1.10'),
  'one-b.gwreq': sale('b', '1.20'),
  'one-c.gwreq': sale('c', '1.30'),
  'one-d.gwreq': sale('d', '1.40'),
  'sub/one-e.gwreq': sale('e', '1.50'),
  'sub/ünïcode reads.gwreq': [1, 2, 3].map((n) => read(`read ${n}`)).join('\n'),
};
const NAMES = Object.keys(FILES);
const REQUESTS = 18;
const SALES = 7;
const REFUNDS = 2;

interface JsonReport {
  shard?: { index: number; total: number };
  passed: boolean;
  files: Array<{ file: string; state: string; requests: Array<{ index: number; state: string }> }>;
  totals: { requests: number };
}

describe('run --shard I/N', () => {
  let dir: string;
  let sandbox: RunningSandbox;
  let keys: Record<string, string>;
  /** Each request of the project as `real path#index`, from one unsharded run. */
  let everyRequest: string[];
  /** The three shards' reports of the first test's N = 3. */
  let threeShards: JsonReport[] | undefined;

  const cli = (args: readonly string[]): Promise<ProcessRun> =>
    runToEnd(process.execPath, ['--import', TSX, path.join(ROOT, 'src/cli/main.ts'), 'run', ...args], { cwd: dir, env: { ...CLEAN_ENV, ...keys } });
  const onSandbox = ['--env', 'CI', '--config', 'gateway-workbench.json'];
  const sent = (operation: string): number => sandbox.control.stats().byOperation[operation] ?? 0;
  const requestIds = (report: JsonReport): string[] =>
    report.files.flatMap((f) => f.requests.map((r) => `${realpathSync(path.resolve(dir, f.file))}#${r.index}`));

  /** Runs shards 1..N at once, as a CI matrix would; each one's json report on stdout. */
  async function runShards(total: number, files: readonly string[] = NAMES): Promise<JsonReport[]> {
    const runs = await Promise.all(Array.from({ length: total }, (_, i) => cli([...files, ...onSandbox, '--shard', `${i + 1}/${total}`, '--report', 'json'])));
    return runs.map((r, i) => {
      assert.equal(r.code, 0, `shard ${i + 1}/${total}: ${r.stderr}${r.stdout}`);
      assert.match(r.stderr, new RegExp(`^Shard ${i + 1}/${total}`), 'the shard line goes to stderr, where it leaves the json document whole');
      const report = JSON.parse(r.stdout) as JsonReport;
      assert.deepEqual(report.shard, { index: i + 1, total });
      return report;
    });
  }

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gw-shard-'));
    sandbox = await startSandbox({ port: 0, rate: 100_000 });
    keys = { GATEWAY_API_KEY: sandbox.apiKey, GATEWAY_ACCESS_KEY: sandbox.accessKey, GATEWAY_MERCHANT_ID: sandbox.merchantId };
    await mkdir(path.join(dir, 'sub'));
    await Promise.all(Object.entries(FILES).map(([name, text]) => writeFile(path.join(dir, name), text)));
    await writeFile(path.join(dir, 'gateway-workbench.json'), JSON.stringify({ environments: [{ name: 'CI', kind: 'sandbox', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl }] }));
    await symlink(path.join(dir, 'chain.gwreq'), path.join(dir, 'chain-link.gwreq'));
    const whole = await cli([...NAMES, ...onSandbox, '--report', 'json']);
    assert.equal(whole.code, 0, whole.stderr + whole.stdout);
    everyRequest = requestIds(JSON.parse(whole.stdout) as JsonReport).sort();
    assert.equal(everyRequest.length, REQUESTS);
  });
  after(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('for N = 1 to 5, the shards together run every request exactly once, each sent once, chained files whole', async () => {
    for (let total = 1; total <= 5; total++) {
      const [sales, refunds] = [sent('transactions.sale'), sent('transactions.refund')];
      const reports = await runShards(total);
      if (total === 3) threeShards = reports;
      const ran = reports.flatMap(requestIds);
      assert.deepEqual([...ran].sort(), everyRequest, `N = ${total}: the union of the shards is the whole run, nothing twice`);
      assert.equal(sent('transactions.sale') - sales, SALES, `N = ${total}: each sale reached the gateway once`);
      assert.equal(sent('transactions.refund') - refunds, REFUNDS, `N = ${total}: each refund reached the gateway once`);
      for (const report of reports) assert.ok(report.passed, `N = ${total}: a refund whose sale is in another shard would fail`);
      for (const chained of ['chain.gwreq', 'reversed.gwreq']) {
        const holders = reports.filter((r) => r.files.some((f) => f.file === chained));
        assert.equal(holders.length, 1, `N = ${total}: ${chained} is in one shard`);
        assert.deepEqual(holders[0].files.find((f) => f.file === chained)?.requests.map((r) => r.state), ['passed', 'passed']);
      }
      const sizes = reports.map((r) => r.totals.requests);
      assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 6, `N = ${total}: shards within the largest file's requests of each other (${sizes.join(', ')})`);
    }
  });

  it('the same files give the same split on every run, whatever their order, spelling, repeats or links', async () => {
    const filesOf = (reports: readonly JsonReport[]) => reports.map((r) => r.files.map((f) => realpathSync(path.resolve(dir, f.file))).sort());
    const first = filesOf(threeShards ?? await runShards(3));
    const sales = sent('transactions.sale');
    const respelled = ['chain-link.gwreq', ...[...NAMES].reverse().map((name) => `./${name}`), 'chain.gwreq', path.join(dir, 'chain.gwreq')];
    const again = await runShards(3, respelled);
    assert.deepEqual(filesOf(again), first, 'reversed, with ./, a file named again, absolutely or through a link: still one file in the same shard');
    assert.deepEqual(again.flatMap(requestIds).sort(), everyRequest, 'and it runs once');
    assert.equal(sent('transactions.sale') - sales, SALES);
    assert.deepEqual(filesOf(await runShards(3, ['*.gwreq', 'sub/*.gwreq'])), first, 'patterns the CLI expands');
  });

  it('a shard with nothing to run exits 0, says so, sends nothing and still writes a valid junit report naming it', async () => {
    const before = sandbox.control.stats();
    const out = path.join(dir, 'results-10.xml');
    const r = await cli([...NAMES, ...onSandbox, '--shard', '10/10', '--report', 'junit', '--output', out]);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /^Shard 10\/10 has no files to run: 9 files \(18 requests\) are split over 10 shards and none fell to this one; nothing is sent\.$/m);
    assert.match(r.stdout, /PASSED: 0 requests in 0 files/);
    assert.deepEqual(sandbox.control.stats().byOperation, before.byOperation);
    const xml = await readFile(out, 'utf8');
    assert.equal(XMLValidator.validate(xml), true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    assert.equal(doc.testsuites.name, 'gateway-workbench run (CI, shard 10/10)');
    assert.equal(doc.testsuites.tests, '0');
  });

  it('each shard writes its own junit file, named after the shard, its suites the files it ran', async () => {
    const runs = await Promise.all([1, 2].map((i) => cli([...NAMES, ...onSandbox, '--shard', `${i}/2`, '--report', 'junit', '--output', `results-${i}.xml`])));
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testsuite' || name === 'testcase' });
    const suites: string[] = [];
    let cases = 0;
    for (const [at, r] of runs.entries()) {
      assert.equal(r.code, 0, r.stderr + r.stdout);
      assert.match(r.stdout, new RegExp(`^Shard ${at + 1}/2: \\d of 9 files, \\d+ of 18 requests\\.$`, 'm'));
      const xml = await readFile(path.join(dir, `results-${at + 1}.xml`), 'utf8');
      assert.equal(XMLValidator.validate(xml), true);
      const doc = parser.parse(xml);
      assert.equal(doc.testsuites.name, `gateway-workbench run (CI, shard ${at + 1}/2)`);
      for (const suite of doc.testsuites.testsuite) {
        suites.push(suite.name);
        cases += suite.testcase.length;
      }
    }
    assert.deepEqual(suites.sort(), [...NAMES].sort(), 'each file a suite in exactly one shard\'s report');
    assert.equal(cases, REQUESTS);
  });

  it('the text report written to a file names its shard under the environment', async () => {
    const r = await cli(['one-a.gwreq', 'one-b.gwreq', ...onSandbox, '--shard', '2/2', '--output', 'shard.txt']);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.match(await readFile(path.join(dir, 'shard.txt'), 'utf8'), /^Environment: CI\nShard: 2\/2\none-/);
  });

  it('refuses a bad --shard through the CLI: exit 2, one line saying how, nothing sent; N = the cap is taken', async () => {
    const bad = ['0/4', '5/4', 'a/b'];
    const before = sandbox.control.stats().byOperation;
    const [runs, missing, cap] = await Promise.all([
      Promise.all(bad.map((value) => cli(['one-a.gwreq', ...onSandbox, `--shard=${value}`]))),
      cli(['one-a.gwreq', ...onSandbox, '--shard']),
      cli(['one-a.gwreq', ...onSandbox, '--shard', `${MAX_SHARDS}/${MAX_SHARDS}`]),
    ]);
    for (const [at, r] of [...runs, missing].entries()) {
      assert.equal(r.code, 2, `${bad[at] ?? 'no value'}: ${r.stderr}${r.stdout}`);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
    }
    assert.match(runs[0].stderr, /^gateway-workbench run: --shard "0\/4": I counts from 1, not 0 .*write I\/N with whole numbers 1 ≤ I ≤ N ≤ 1000, for example --shard 2\/4/);
    assert.match(runs[1].stderr, /I must be at most N \(4\)/);
    assert.match(runs[2].stderr, /not of the form I\/N/);
    assert.deepEqual(sandbox.control.stats().byOperation, before);
    assert.equal(cap.code, 0, cap.stderr + cap.stdout);
    assert.match(cap.stdout, /Shard 1000\/1000 has no files to run/);
  });
});

describe('shardOf', () => {
  it('takes I/N with whole numbers 1 ≤ I ≤ N ≤ the cap, and nothing else', () => {
    assert.equal(shardOf(undefined), undefined);
    assert.deepEqual(shardOf('1/1'), { index: 1, total: 1 });
    assert.deepEqual(shardOf('3/4'), { index: 3, total: 4 });
    assert.deepEqual(shardOf(`${MAX_SHARDS}/${MAX_SHARDS}`), { index: MAX_SHARDS, total: MAX_SHARDS });
    const bad = ['0/4', '5/4', '1/0', '0/0', '4', '/4', '1/', 'a/b', '1.5/4', '1/4.0', '-1/4', '+1/4', ' 1/4', '1/4 ', '1 / 4', '1/4/2', '1\\4',
      '', '２/４', '١/٤', `1/${MAX_SHARDS + 1}`, '1/99999999999999999999999', '99999999999999999999/3', '0x1/4', '1e1/20', '1/4\n', 'NaN/4', 'Infinity/Infinity'];
    for (const raw of bad) {
      assert.throws(() => shardOf(raw), (e: Error) => e instanceof UsageError && /write I\/N with whole numbers 1 ≤ I ≤ N ≤ 1000, for example --shard 2\/4/.test(e.message) && !e.message.includes('\n'), JSON.stringify(raw));
    }
    assert.throws(() => shardOf(`1/${MAX_SHARDS + 1}`), /N must be at most 1000/);
    assert.throws(() => shardOf('0/0'), /N, the number of jobs, must be at least 1/);
  });
});

describe('assignShards', () => {
  const unitsArb = fc.uniqueArray(fc.record({ key: fc.string({ minLength: 1, maxLength: 12 }), requests: fc.nat(60) }), { selector: (u) => u.key, maxLength: 40 });
  /** The same units, and the same units in another order. */
  const reorderedArb = unitsArb.chain((units) => fc.tuple(fc.constant(units), fc.shuffledSubarray(units, { minLength: units.length, maxLength: units.length })));
  const loads = (units: readonly ShardUnit[], assigned: Map<string, number>, total: number): number[] => {
    const load = new Array<number>(total).fill(0);
    for (const unit of units) load[(assigned.get(unit.key) as number) - 1] += Math.max(1, unit.requests);
    return load;
  };

  it('puts every unit in one shard 1..N, the same for any order of the units, within one unit\'s weight of balance', () => {
    fc.assert(fc.property(reorderedArb, fc.integer({ min: 1, max: 12 }), ([units, shuffled], total) => {
      const assigned = assignShards(units, total);
      assert.equal(assigned.size, units.length);
      for (const shard of assigned.values()) assert.ok(Number.isInteger(shard) && shard >= 1 && shard <= total);
      assert.deepEqual(new Map([...assignShards(shuffled, total)].sort()), new Map([...assigned].sort()));
      if (units.length === 0) return;
      const load = loads(units, assigned, total);
      const heaviest = Math.max(...units.map((u) => Math.max(1, u.requests)));
      assert.ok(Math.max(...load) - Math.min(...load) <= heaviest, `loads ${load.join(', ')}, heaviest unit ${heaviest}`);
    }), { numRuns: 500 });
  });

  it('fills shards in order: more shards than units leaves the last ones empty; ties go to the lowest shard by path', () => {
    const assigned = assignShards([{ key: 'b.gwreq', requests: 1 }, { key: 'a.gwreq', requests: 1 }, { key: 'c.gwreq', requests: 5 }], 5);
    assert.deepEqual(Object.fromEntries(assigned), { 'c.gwreq': 1, 'a.gwreq': 2, 'b.gwreq': 3 });
  });
});
