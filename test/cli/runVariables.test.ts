// `gateway-workbench run --var NAME=VALUE`: one request file run in CI with another value per job,
// in place of the file's own `@NAME = value` or where it has none; spawned against the Local
// sandbox the run starts in-process, on a real file.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runToEnd, type ProcessRun } from './processRun';

const ROOT = path.resolve(__dirname, '../..');
const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_') && k !== 'NO_COLOR'));

function cli(args: string[]): Promise<ProcessRun> {
  return runToEnd(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts'), ...args], { cwd: ROOT, env: { ...CLEAN_ENV, NO_COLOR: '1' } });
}

const SALE = `@amount = 1.00

# @expect status 200
# @expect payload.transaction.amount == 3.00
# @expect payload.transaction.invoice matches /^INV-\\d{4}$/
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "{{amount}}", "card": "4111111111111111", "exp-date": "1230", "invoice": "{{invoice}}"}
`;

interface Report { files: Array<{ requests: Array<{ state: string; message?: string }> }> }

describe('gateway-workbench run --var NAME=VALUE', () => {
  let dir: string;
  let file: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gw-run-vars-'));
    file = path.join(dir, 'sale.gwreq');
    await writeFile(file, SALE);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const run = async (...vars: string[]) => {
    const r = await cli(['run', file, '--report', 'json', ...vars.flatMap((v) => ['--var', v])]);
    return { code: r.code, request: (JSON.parse(r.stdout) as Report).files[0].requests[0] };
  };

  it('takes the place of the file\'s value, and gives one the file lacks (with {{…}} in it, as a file variable\'s)', async () => {
    const without = await run();
    assert.equal(without.code, 1);
    assert.match(without.request.message ?? '', /\{\{invoice\}\} has no value/);
    const given = await run('amount=3.00', 'invoice=INV-{{$randomInt 1000 10000}}');
    assert.equal(given.code, 0, given.request.message);
    assert.equal(given.request.state, 'passed');
    const last = await run('amount=9.99', 'amount=3.00', 'invoice=INV-1234');
    assert.equal(last.request.state, 'passed', 'the last of a name wins');
  });

  it('answers a "# @prompt" variable, which a headless run cannot ask for', async () => {
    const prompted = path.join(dir, 'prompted.gwreq');
    await writeFile(prompted, '# @prompt amount The amount to charge\n# @expect payload.transaction.amount == 4.00\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{"type": "SALE", "amount": "{{amount}}", "card": "4111111111111111", "exp-date": "1230"}\n');
    const unanswered = await cli(['run', prompted]);
    assert.equal(unanswered.code, 1);
    assert.match(unanswered.stdout, /not sent: \{\{amount\}\} is asked for when the request is sent \(# @prompt\), and nothing here can ask: give it a value \(the CLI's --var amount=VALUE\)/);
    const answered = await cli(['run', prompted, '--var', 'amount=4.00']);
    assert.equal(answered.code, 0, answered.stdout + answered.stderr);
  });

  it('sends a "# @note" request without asking: the editor asks, a headless run has nobody to ask and runs what the file holds', async () => {
    const noted = path.join(dir, 'noted.gwreq');
    await writeFile(noted, '# @name sale1\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{"type": "SALE", "amount": "6.00", "card": "4111111111111111", "exp-date": "1230"}\n\n###\n' +
      '# @note Refunds the sale in Staging\n# @expect payload.transaction.result == APPROVED\nPOST {{gatewayUrl}}/rest/v2/transactions/refund\nContent-Type: application/json\n\n{"type": "REFUND", "id": "{{sale1.payload.transaction.id}}", "amount": "6.00"}\n');
    const r = await cli(['run', noted, '--report', 'json']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual((JSON.parse(r.stdout) as Report).files[0].requests.map((q) => q.state), ['passed', 'passed']);
    assert.ok(!/unknown metadata/.test(r.stdout + r.stderr), r.stderr);
  });

  it('hides the value of a variable named like a secret (token, password, key…) in the report, as it hides the keys', async () => {
    const echoed = path.join(dir, 'echoed.gwreq');
    await writeFile(echoed, '# @expect payload.transaction.description == {{token}}-not\n# @expect payload.transaction.comments == {{note}}-not\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n' +
      '{"type": "SALE", "amount": "1.00", "card": "4111111111111111", "exp-date": "1230", "description": "{{token}}", "comments": "{{note}}"}\n');
    const token = 'cli-token-84c1d2';
    for (const report of ['text', 'json', 'junit']) {
      const r = await cli(['run', echoed, '--report', report, '--var', `token=${token}`, '--var', 'note=shown-note']);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.ok(!r.stdout.includes(token), `${report}: ${r.stdout}`);
      assert.match(r.stdout, /\[REDACTED\]/, report);
    }
    const plain = path.join(dir, 'plain.gwreq');
    await writeFile(plain, '# @expect payload.transaction.comments == {{note}}-not\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{"type": "SALE", "amount": "1.00", "card": "4111111111111111", "exp-date": "1230", "comments": "{{note}}"}\n');
    const r = await cli(['run', plain, '--var', 'note=shown-note']);
    assert.match(r.stdout, /shown-note/, 'a value whose name says nothing secret is reported as it is');
  });

  it('refuses what is no variable of the file\'s, before anything is sent', async () => {
    for (const [given, says] of [
      ['amount', /--var takes NAME=VALUE, as --var amount=0\.21, not "amount"/],
      ['=3.00', /--var takes NAME=VALUE/],
      ['gatewayUrl=http://example.test', /\{\{gatewayUrl\}\} is the environment's, not the file's: choose the environment with --env/],
      ['$guid=1', /names a system variable/],
    ] as const) {
      const r = await cli(['run', file, '--var', given]);
      assert.equal(r.code, 2, `${given}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, says);
      assert.equal(r.stdout, '', 'nothing ran');
    }
    const help = await cli(['run', '--help']);
    assert.match(help.stdout, /--var NAME=VALUE +A value for the files' \{\{NAME\}\}/);
  });
});
