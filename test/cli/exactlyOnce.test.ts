// `gateway-workbench exactly-once`: real child processes (the CLI, and under it the user's own
// command) against real sandboxes over real sockets.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { XMLParser } from 'fast-xml-parser';
import { runToEnd } from './processRun';
import { startTestSandbox, call, VISA } from '../sandbox/sandboxTestClient';
import { moneyLedgerOf } from '../../src/sandbox/moneyLedger';
import { doublesBetween } from '../../src/cli/exactlyOnce/doubles';
import type { RunningSandbox } from '../../src/sandbox/server';

const ROOT = path.resolve(__dirname, '../..');
const CLI = ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts')];
const FIXTURES = path.join(ROOT, 'test/fixtures/exactly-once');
const JUST_RETRIES = ['node', path.join(FIXTURES, 'justRetries.mjs')];
const SEARCHES_FIRST = ['node', path.join(FIXTURES, 'searchesBeforeRetry.mjs')];

function exactlyOnce(args: readonly string[], command: readonly string[]) {
  return runToEnd(process.execPath, [...CLI, 'exactly-once', ...args, '--', ...command], { cwd: ROOT });
}

const inline = (source: string): string[] => [process.execPath, '--input-type=module', '-e', source];

describe('exactly-once', () => {
  it('catches the app that just retries: a double under every after-commit fault, none under reset-before', async () => {
    const r = await exactlyOnce(['--hold', '3000'], JUST_RETRIES);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /clean run: exit 0 in [\d.]+ s; 1 step\(s\) that change something: transactions\.sale #1/);
    for (const fault of ['lost-answer', '5xx-after-commit', 'timeout-after-commit']) {
      assert.match(r.stdout, new RegExp(`DOUBLED +transactions\\.sale #1 with ${fault}\\n  charge of 12\\.34, on card ending 1111, invoice INV-1001: 2 now, 1 in the clean run \\(ids \\d+, \\d+\\)`));
    }
    assert.match(r.stdout, /HELD +transactions\.sale #1 with reset-before/);
    assert.match(r.stdout, /4 faulted run\(s\): 3 doubled, 0 failed, 1 held, 0 not reached\./);
    // It ends with the outcomes the app's clean run reached (one approved sale) and how to reach the rest.
    assert.match(r.stdout, /Outcomes covered 1 of \d+ /);
    assert.match(r.stdout, /Not covered \(how to produce each\):\n[^]*result-code:014/);
    assert.match(r.stderr, /paid INV-1001/, 'the clean run\'s output is passed on to stderr');
  });

  it('never catches the app that searches before retrying', async () => {
    const r = await exactlyOnce(['--hold', '3000'], SEARCHES_FIRST);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.stdout.match(/^HELD /gm)?.length, 4);
    assert.match(r.stdout, /The application held: nothing was done twice\./);
  });

  it('writes JUnit for CI: one testcase per faulted run, doubles as failures', async () => {
    const r = await exactlyOnce(['--report', 'junit', '--runs', '2'], JUST_RETRIES);
    assert.equal(r.code, 1);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(r.stdout);
    const suite = doc.testsuites.testsuite;
    assert.deepEqual([suite.tests, suite.failures, suite.errors], ['3', '2', '0']);
    assert.equal(suite.testcase[1].name, 'transactions.sale #1 with lost-answer');
    assert.match(suite.testcase[1].failure['#text'], /charge of 12\.34, on card ending 1111, invoice INV-1001/);
    // The outcomes the clean run reached go beside the JUnit document, which stays whole.
    assert.match(r.stderr, /Outcomes covered \d+ of \d+/);
    assert.doesNotMatch(r.stdout, /Outcomes covered/);
  });

  it('--runs caps the faulted runs and says how many were left out', async () => {
    const r = await exactlyOnce(['--runs', '1'], SEARCHES_FIRST);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /1 faulted run\(s\): 0 doubled, 0 failed, 1 held, 0 not reached; 3 not run \(--runs\)\./);
  });

  it('a command that fails under a fault, where the clean run passed, fails the check', async () => {
    // Gives up on the first error, as a careful app may: exit 1, but nothing charged twice.
    const givesUp = inline(`
      const res = await fetch(process.env.GATEWAY_URL + '/rest/v2/transactions/sale', { method: 'POST',
        headers: { 'api-key': process.env.GATEWAY_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '3.00', card: '4111111111111111', 'exp-date': '1230' }) }).catch(e => e);
      console.error('the sale: ' + (res.status ?? res.name));
      process.exit(res.status === 200 ? 0 : 1);`);
    const r = await exactlyOnce(['--runs', '1'], givesUp);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /FAILED +transactions\.sale #1 with lost-answer\n {2}the command failed: exit 1 \(clean run: exit 0\)\n  {3}\| the sale: TypeError/);
  });

  it('a clean run that fails is reported as such, with nothing faulted (exit 1)', async () => {
    const r = await exactlyOnce([], inline('process.exit(3)'));
    assert.equal(r.code, 1);
    assert.match(r.stdout, /The clean run failed \(exit 3\): with no faults at all, there is nothing to compare/);
    const missing = await exactlyOnce([], ['no-such-command-gw-exactly-once']);
    assert.equal(missing.code, 1);
    assert.match(missing.stdout, /The clean run failed \(could not start: ENOENT\)/);
  });

  it('passes the five variables, and never shows the keys or a card number the app prints', async () => {
    const r = await exactlyOnce([], inline(`
      for (const name of ['GATEWAY_URL', 'BOARDING_URL', 'GATEWAY_API_KEY', 'GATEWAY_ACCESS_KEY', 'GATEWAY_MERCHANT_ID']) {
        if (!process.env[name]) process.exit(9);
        console.log(name + '=' + process.env[name]);
      }
      console.log('card 4111111111111111');`));
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /Nothing to fault: the command made no request that moves money or changes state\./);
    assert.match(r.stderr, /GATEWAY_URL=http:\/\/127\.0\.0\.1:\d+/);
    // Present; its 16 digits are masked like a card number when they happen to pass Luhn.
    assert.match(r.stderr, /GATEWAY_MERCHANT_ID=\S{16}/);
    assert.doesNotMatch(r.stderr, /GATEWAY_API_KEY=[0-9a-f]{32}/);
    assert.doesNotMatch(r.stderr, /GATEWAY_ACCESS_KEY=[0-9a-f]{32}/);
    assert.doesNotMatch(r.stderr + r.stdout, /4111111111111111/);
  });

  it('--seed starts every run from the seed: its own charges are the baseline, not doubles; a refused seed exits 2 naming the entry', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gw-exactly-once-seed-'));
    const seedFile = path.join(dir, 'shop.gwseed.json');
    // Two settled sales of the same card already in the gateway: the app's one charge is the only new one.
    await writeFile(seedFile, JSON.stringify({ transactions: [{ amount: '12.34', status: 'settled' }, { amount: '12.34', status: 'settled' }] }));
    const r = await exactlyOnce(['--hold', '3000', '--runs', '1', '--seed', seedFile], JUST_RETRIES);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /DOUBLED +transactions\.sale #1 with lost-answer\n {2}charge of 12\.34, on card ending 1111, invoice INV-1001: 4 now, 3 in the clean run/);

    const contradicting = path.join(dir, 'bad.gwseed.json');
    await writeFile(contradicting, JSON.stringify({ transactions: [{ amount: '5.00' }, { type: 'REFUND', amount: '1.00', 'original-id': '999999999' }] }));
    const refused = await exactlyOnce(['--seed', contradicting], JUST_RETRIES);
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /the seed .*bad\.gwseed\.json is refused: \$\.transactions\[1\]/);
    assert.equal(refused.stdout, '');
  });

  it('refuses bad usage with exit 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['exactly-once', 'node', 'x.mjs'], /give the command to run after --/],
      [['exactly-once', '--'], /give the command to run after --/],
      [['exactly-once', '--runs', '0', '--', 'node'], /--runs must be a whole number of at least 1, not "0"/],
      [['exactly-once', '--runs', '2x', '--', 'node'], /--runs must be a whole number/],
      [['exactly-once', '--report', 'json', '--', 'node'], /--report must be text or junit, not "json"/],
      [['exactly-once', '--hold', '-5', '--', 'node'], /--hold/],
      [['exactly-once', '--bogus', '--', 'node'], /Unknown option '--bogus'/],
      [['exactly-once', '--seed', 'no-such-seed.json', '--', 'node'], /the seed no-such-seed\.json is refused: \$: cannot read the seed file/],
    ];
    const runs = await Promise.all(cases.map(([args]) => runToEnd(process.execPath, [...CLI, ...args], { cwd: ROOT })));
    for (const [i, [args, message]] of cases.entries()) {
      const r = runs[i];
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message);
      assert.equal(r.stdout, '');
    }
  });

  it('Ctrl+C stops the command\'s whole process group, reports, and exits 130', async () => {
    // The command starts a child of its own, as `npm test` does: both must stop.
    const app = inline(`
      import { spawn } from 'node:child_process';
      const grandchild = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
      console.log('pids ' + process.pid + ' ' + grandchild.pid);
      setTimeout(() => {}, 60000);`);
    const cli = spawn(process.execPath, [...CLI, 'exactly-once', '--', ...app], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let stdout = '';
      cli.stdout.on('data', d => (stdout += d));
      const lines = createInterface({ input: cli.stderr });
      let pids: number[] = [];
      for await (const line of lines) {
        const m = /^pids (\d+) (\d+)$/.exec(line);
        if (m) {
          pids = [Number(m[1]), Number(m[2])];
          break;
        }
      }
      const exited = once(cli, 'exit');
      cli.kill('SIGINT');
      const [code] = await exited as [number | null];
      assert.equal(code, 130);
      assert.match(stdout, /Interrupted during the clean run/);
      const alive = (pid: number): boolean => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      // SIGKILL is delivered at once, but the kernel may take a moment to reap.
      for (let i = 0; i < 50 && pids.some(alive); i++) await new Promise(r => setTimeout(r, 100));
      assert.deepEqual(pids.filter(alive), [], 'the command and its child are gone');
    } finally {
      if (cli.exitCode === null) cli.kill('SIGKILL');
    }
  });

  it('--help after -- belongs to the command, not to exactly-once', async () => {
    const r = await exactlyOnce(['--runs', '1'], inline('process.exit(0)').concat('--help'));
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^exactly-once: /);
  });
});

describe('what counts as a double', () => {
  async function payments(sb: RunningSandbox, times: number): Promise<void> {
    for (let i = 0; i < times; i++) {
      const sale = await call(sb, 'POST', '/rest/v2/transactions/sale', { json: { amount: '20.00', card: VISA, 'exp-date': '1230', invoice: `R-${i}` } });
      assert.equal(sale.status, 200);
      assert.equal((await call(sb, 'POST', '/rest/v2/transactions/refund', { json: { amount: '5.00', id: sale.body.payload.transaction.id } })).status, 200);
      assert.equal((await call(sb, 'POST', '/rest/v2/ach/transactions/debit', { json: {
        'routing-number': '081009813', 'account-number': '1234567890', 'account-type': 'Checking', 'standard-entry-class-code': 'PPD', amount: '25.00', 'individual-name': 'Jordan Smith', invoice: 'A-1',
      } })).status, 200);
      const customerKey = (await call(sb, 'POST', '/rest/v2/customers', { json: { 'first-name': 'Ada', 'last-name': 'Lovelace' } })).body.payload.customer['customer-key'];
      const tokenId = (await call(sb, 'POST', '/rest/v2/tokens', { json: { card: VISA, 'exp-date': '1230', 'customer-key': customerKey } })).body.payload.tokenResponse['token-id'];
      assert.equal((await call(sb, 'POST', '/rest/v2/payment-plans', { json: {
        'customer-key': customerKey, 'token-id': tokenId, 'payment-amount': '9.99', frequency: 'MONTHLY', 'start-date': '2099-01-01', 'end-date': '2099-12-01',
      } })).status, 201);
    }
    // A declined charge is no payment, and a voided one was taken back.
    assert.equal((await call(sb, 'POST', '/rest/v2/transactions/sale', { json: { amount: '0.01', card: VISA, 'exp-date': '1230' } })).status, 402);
  }

  it('a charge, a refund, an ACH debit and a plan held twice, each with its ids; ids and keys of another sandbox do not matter', async () => {
    const once = await startTestSandbox();
    const twice = await startTestSandbox();
    try {
      await payments(once, 1);
      await payments(twice, 2);
      assert.deepEqual(moneyLedgerOf({ slices: {} } as never), [], 'an empty state holds nothing');
      const doubles = doublesBetween(once.control.ledger(), twice.control.ledger());
      assert.deepEqual(doubles.map(d => [d.kind, d.amount, d.lastFour, d.cleanCount, d.count, d.ids.length]), [
        ['charge', '20.00', '1111', 1, 2, 2],
        ['refund', '5.00', '1111', 1, 2, 2],
        ['ach-debit', '25.00', '7890', 1, 2, 2],
        ['plan', '9.99', undefined, 1, 2, 2],
      ]);
      assert.equal(doubles[0].invoice, 'R-0');
      assert.deepEqual(doublesBetween(twice.control.ledger(), once.control.ledger()), [], 'fewer is not a double');
      assert.deepEqual(doublesBetween(once.control.ledger(), once.control.ledger()), []);
    } finally {
      await once.close();
      await twice.close();
    }
  });
});
