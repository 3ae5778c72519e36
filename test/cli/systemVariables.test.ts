// System variables as a CI job uses them (`gateway-workbench run` against the Local sandbox it
// starts in-process): a request file run twice in a row with the gateway's duplicate check on
// passes because each run's invoices are new, where the same file with a written invoice is
// refused as a duplicate; dates fill a search's range. Real files, a spawned CLI.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runToEnd, type ProcessRun } from './processRun';

const ROOT = path.resolve(__dirname, '../..');
const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_') && k !== 'NO_COLOR'));

function cli(args: string[]): Promise<ProcessRun> {
  return runToEnd(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts'), ...args], { cwd: ROOT, env: { ...CLEAN_ENV, NO_COLOR: '1' } });
}

/** Duplicate checking on (by invoice, amount and card), then two sales of `invoice`. */
const twoSales = (invoice: string) => `### duplicate checking on
# @expect status 200
POST {{gatewayUrl}}/rest/v2/settings/transaction/duplicates
Content-Type: application/xml

<check-duplicate-transaction-settings>
  <enabled>true</enabled>
  <time-range-in-minutes>10</time-range-in-minutes>
  <if-duplicate-found-respond-with-error>true</if-duplicate-found-respond-with-error>
  <include-invoice>true</include-invoice>
  <check-merchant-level>false</check-merchant-level>
  <use-invoice-instead-of-card>true</use-invoice-instead-of-card>
</check-duplicate-transaction-settings>

### first
# @name first
# @expect status 200
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json
X-Request-Id: {{$guid}}

{"type": "SALE", "amount": "5.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "${invoice}", "order-id": "{{$uuid}}"}

### the same request again
# @expect status 200
# @expect payload.transaction.invoice != {{first.payload.transaction.invoice}}
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "5.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "${invoice}"}
`;

interface Report { files: Array<{ state: string; requests: Array<{ state: string; status?: number; message?: string; target: string }> }> }

describe('system variables ({{$guid}}, {{$randomInt}}, {{$datetime}}…) in gateway-workbench run', () => {
  let dir: string;
  const file = (name: string) => path.join(dir, name);
  const run = async (name: string): Promise<Report> => {
    const r = await cli(['run', file(name), '--report', 'json', '--output', file(`${name}.json`)]);
    assert.ok(r.code === 0 || r.code === 1, r.stdout + r.stderr);
    return JSON.parse(await readFile(file(`${name}.json`), 'utf8')) as Report;
  };

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gw-system-variables-'));
    await writeFile(file('fresh.gwreq'), twoSales('INV-{{$randomInt 100000 1000000}}'));
    await writeFile(file('written.gwreq'), twoSales('INV-1001'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('a new invoice at each use: the duplicate check lets the second sale through, where a written invoice is refused', async () => {
    const fresh = await run('fresh.gwreq');
    assert.deepEqual(fresh.files[0].requests.map((q) => [q.state, q.status]), [['passed', 200], ['passed', 200], ['passed', 200]], JSON.stringify(fresh.files[0].requests.map((q) => q.message)));
    const written = await run('written.gwreq');
    assert.deepEqual(written.files[0].requests.map((q) => [q.state, q.status]), [['passed', 200], ['passed', 200], ['failed', 402]]);
    assert.match(written.files[0].requests[2].message ?? '', /Duplicate/i);
  });

  it('dates fill a search\'s range; a system variable written wrong is refused before sending, saying how to write it', async () => {
    await writeFile(file('search.gwreq'), `# @expect status 200
GET {{gatewayUrl}}/rest/v2/transactions?start-date={{$datetime "YYYY-MM-DD HH:mm" -1 d}}&end-date={{$datetime "YYYY-MM-DD HH:mm" 1 h}}

###
# @expect status 200
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "{{$randomInt 5}}.00", "card": "4111111111111111", "exp-date": "1230"}
`);
    const report = await run('search.gwreq');
    const [search, sale] = report.files[0].requests;
    assert.equal(search.state, 'passed', search.message);
    const day = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 10);
    assert.match(decodeURIComponent(search.target), new RegExp(`start-date=(${day(-86_400_000 - 60_000)}|${day(-86_400_000)}) \\d\\d:\\d\\d&end-date=`));
    assert.equal(sale.state, 'error');
    assert.equal(sale.status, undefined, 'not sent');
    assert.match(sale.message ?? '', /^not sent: \{\{\$randomInt 5\}\}: write two whole numbers, \{\{\$randomInt min max\}\}/);
  });
});
