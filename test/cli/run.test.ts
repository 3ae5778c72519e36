// `gateway-workbench run`, as CI would use it: spawned as a process, judged by exit code,
// stdout, stderr and the report files it writes. Environments other than the built-in Local
// sandbox point at a sandbox this test starts, with keys passed through environment variables.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { wantsColour } from '../../src/cli/run/textReport';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { runToEnd, type ProcessRun } from './processRun';

const ROOT = path.resolve(__dirname, '../..');
const CLI = ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts'), 'run'];
/** The variables a run reads, cleared so the developer's own shell cannot change the outcome. */
const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_') && k !== 'NO_COLOR'));


function runCli(args: string[], env: Record<string, string> = {}): Promise<ProcessRun> {
  return runToEnd(process.execPath, [...CLI, ...args], { cwd: ROOT, env: { ...CLEAN_ENV, ...env } });
}

const PASSING = `# A sale and its refund.
### sale
# @name sale1
# @expect status 200
# @expect payload.transaction.result == APPROVED
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "7.00", "card": "4111111111111111", "exp-date": "1230"}

### refund
# @expect payload.transaction.type == REFUND
POST {{gatewayUrl}}/rest/v2/transactions/refund
Content-Type: application/json

{"type": "REFUND", "id": "{{sale1.payload.transaction.id}}", "amount": "7.00"}
`;

const FAILING = `### approved sale
# @expect status 200
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "8.00", "card": "4111111111111111", "exp-date": "1230"}

### wrong expectation
# @name wrongResult
# @expect payload.transaction.result == DECLINED
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "9.00", "card": "4111111111111111", "exp-date": "1230"}

### never sent
GET {{gatewayUrl}}/rest/v2/transactions
`;

const READ_ONLY = `### list transactions
# @expect status 200
GET {{gatewayUrl}}/rest/v2/transactions?page-size=1
`;

const SALE_ONLY = `### a sale
# @expect status 200
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "4.00", "card": "4111111111111111", "exp-date": "1230"}
`;

const LEAKY = `### expects a full card number, so its message holds one
# @expect payload.transaction.card == 4111111111111111
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "6.00", "card": "4111111111111111", "exp-date": "1230"}
`;

/** Card numbers the editor accepts, in the forms the report once showed in full: 12 digits, and written with dots. */
const LEAKY_FORMS = `### expects a card written with dots and a 12-digit Maestro card
# @expect payload.transaction.card == 6011.1111.1111.1117
# @expect payload.transaction.description == maestro 501800000009
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "6.00", "card": "501800000009", "exp-date": "1230"}
`;

const BROKEN = `### not a request
# @expect payload.transaction.result ~= APPROVED
POST {{gatewayUrl}}/rest/v2/transactions/sale
`;

describe('gateway-workbench run', { concurrency: 4 }, () => {
  let dir: string;
  let sandbox: RunningSandbox;
  /** Behind the production and read-only environments, so what reaches it is theirs alone. */
  let guarded: RunningSandbox;
  const file = (name: string) => path.join(dir, name);
  let configFile: string;
  let sandboxKeys: Record<string, string>;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gw-run-'));
    [sandbox, guarded] = await Promise.all([startSandbox({ port: 0, rate: 10_000 }), startSandbox({ port: 0, rate: 10_000 })]);
    sandboxKeys = { GATEWAY_API_KEY_CI_SANDBOX: sandbox.apiKey, GATEWAY_ACCESS_KEY: sandbox.accessKey, GATEWAY_MERCHANT_ID: sandbox.merchantId };
    const urls = { gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl };
    const guardedUrls = { gatewayUrl: guarded.gatewayUrl, boardingUrl: guarded.boardingUrl };
    configFile = file('gateway-workbench.json');
    await Promise.all([
      writeFile(file('passing.gwreq'), PASSING),
      writeFile(file('failing.gwreq'), FAILING),
      writeFile(file('read.gwreq'), READ_ONLY),
      writeFile(file('sale.gwreq'), SALE_ONLY),
      writeFile(file('leaky.gwreq'), LEAKY),
      writeFile(file('leaky-forms.gwreq'), LEAKY_FORMS),
      writeFile(file('broken.gwreq'), BROKEN),
      writeFile(configFile, JSON.stringify({
        environments: [
          { name: 'CI sandbox', kind: 'sandbox', ...urls },
          { name: 'Prod', kind: 'production', ...guardedUrls },
          { name: 'Locked', kind: 'sandbox', readOnly: true, ...guardedUrls },
        ],
      })),
      writeFile(file('with-key.json'), JSON.stringify({ environments: [{ name: 'CI sandbox', kind: 'sandbox', apiKey: 'k-123', ...urls }] })),
    ]);
  });
  after(async () => {
    await Promise.all([sandbox.close(), guarded.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it('a passing file exits 0 against the in-process Local sandbox, one line per request and a summary', async () => {
    const r = await runCli([file('passing.gwreq')]);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /✓ 200 +\d+ ms {2}sale1/);
    assert.match(r.stdout, /✓ 200 +\d+ ms {2}refund/);
    assert.match(r.stdout, /PASSED: 2 requests in 1 file: 2 passed, 0 failed/);
    assert.doesNotMatch(r.stdout, /\x1b\[/, 'no colour when stdout is not a terminal');
    assert.equal(r.stderr, '');
  });

  it('a wrong expectation exits 1 and the run carries on to the requests that do not read it; --bail stops there', async () => {
    const carried = await runCli([file('failing.gwreq')]);
    assert.equal(carried.code, 1, carried.stderr);
    assert.match(carried.stdout, /✓ 200 +\d+ ms {2}never sent/);
    assert.match(carried.stdout, /FAILED: 3 requests in 1 file: 2 passed, 1 failed, 0 errors, 0 skipped/);
    const bailed = await runCli([file('failing.gwreq'), '--bail']);
    assert.equal(bailed.code, 1, bailed.stderr);
    assert.match(bailed.stdout, / +never sent — not run: "wrongResult" above failed/);
    assert.match(bailed.stdout, /FAILED: 3 requests in 1 file: 1 passed, 1 failed, 0 errors, 1 skipped/);
  });

  it('with --bail, a wrong expectation exits 1; the junit report names the failing request and its message', async () => {
    const out = file('failing-junit.xml');
    const r = await runCli([file('failing.gwreq'), '--bail', '--report', 'junit', '--output', out]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /✗ 200 +\d+ ms {2}wrongResult — failed: payload\.transaction\.result == DECLINED/);
    assert.match(r.stdout, /FAILED: 3 requests in 1 file: 1 passed, 1 failed, 0 errors, 1 skipped/);
    const xml = await readFile(out, 'utf8');
    assert.equal(XMLValidator.validate(xml), true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suite = doc.testsuites.testsuite;
    assert.equal(suite.name, file('failing.gwreq'));
    assert.deepEqual([suite.tests, suite.failures, suite.errors, suite.skipped], ['3', '1', '0', '1']);
    const [ok, failed, skipped] = suite.testcase;
    assert.equal(ok.name, 'approved sale');
    assert.equal(ok.failure, undefined);
    assert.equal(failed.name, 'wrongResult');
    assert.match(failed.failure.message, /payload\.transaction\.result == DECLINED \(payload\.transaction\.result was "APPROVED"\)/);
    assert.equal(skipped.name, 'never sent');
    assert.match(skipped.skipped.message, /not run/);
  });

  it('the json report has a stable shape: files → requests → expectations, and totals', async () => {
    const r = await runCli([file('passing.gwreq'), file('failing.gwreq'), '--report', 'json']);
    assert.equal(r.code, 1);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(report), ['version', 'environment', 'passed', 'files', 'totals']);
    assert.equal(report.version, 1);
    assert.deepEqual(report.environment, { name: 'Local sandbox', kind: 'local' });
    assert.deepEqual(report.totals, { ...report.totals, files: 2, filesFailed: 1, requests: 5, passed: 4, failed: 1, errors: 0, skipped: 0, cancelled: 0 });
    assert.deepEqual(report.files.map((f: any) => f.state), ['passed', 'failed']);
    const sale1 = report.files[0].requests[0];
    assert.deepEqual(
      { ...sale1, timeMs: 0 },
      {
        index: 0, line: 6, label: 'sale1', name: 'sale1', method: 'POST', target: '/rest/v2/transactions/sale',
        operation: 'transactions.sale', state: 'passed', status: 200, timeMs: 0,
        expectations: [
          { text: 'status 200', pass: true, actual: '200', message: 'passed: status 200 (status was "200")' },
          { text: 'payload.transaction.result == APPROVED', pass: true, actual: 'APPROVED', message: 'passed: payload.transaction.result == APPROVED (payload.transaction.result was "APPROVED")' },
        ],
      },
    );
    assert.equal(report.files[1].requests[1].expectations[0].pass, false);
  });

  it('--env NAME runs against the configured environment with keys from environment variables', async () => {
    const before = sandbox.control.stats().byOperation['transactions.refund'] ?? 0;
    const r = await runCli([file('passing.gwreq'), '--env', 'CI sandbox', '--config', configFile], sandboxKeys);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /^Environment: CI sandbox$/m);
    assert.equal((sandbox.control.stats().byOperation['transactions.refund'] ?? 0) - before, 1, 'the refund reached the test\'s sandbox');
  });

  it('GATEWAY_WORKBENCH_CONFIG names the config file when --config is not given', async () => {
    const r = await runCli([file('read.gwreq'), '--env', 'CI sandbox'], { ...sandboxKeys, GATEWAY_WORKBENCH_CONFIG: configFile });
    assert.equal(r.code, 0, r.stderr + r.stdout);
  });

  it('production refuses requests that are not reads unless --allow-production, read-only environments always; reads go through', async () => {
    const salesBefore = guarded.control.stats().byOperation['transactions.sale'] ?? 0;
    const keys = { GATEWAY_API_KEY: guarded.apiKey };
    const refused = await runCli([file('sale.gwreq'), '--env', 'Prod', '--config', configFile], keys);
    assert.equal(refused.code, 1);
    assert.match(refused.stdout, /! +— +a sale — refused: "a sale" \(Sale\) moves money and "Prod" is a production environment; pass --allow-production/);
    assert.equal(guarded.control.stats().byOperation['transactions.sale'] ?? 0, salesBefore, 'nothing was sent');
    const read = await runCli([file('read.gwreq'), '--env', 'Prod', '--config', configFile], keys);
    assert.equal(read.code, 0, read.stdout);
    const locked = await runCli([file('sale.gwreq'), '--env', 'Locked', '--config', configFile, '--allow-production'], keys);
    assert.equal(locked.code, 1, 'a read-only environment refuses writes even with --allow-production');
    assert.match(locked.stdout, /refused: .* environment "Locked" is read-only/);
    assert.equal(guarded.control.stats().byOperation['transactions.sale'] ?? 0, salesBefore, 'nothing was sent');
    const allowed = await runCli([file('sale.gwreq'), '--env', 'Prod', '--config', configFile, '--allow-production'], keys);
    assert.equal(allowed.code, 0, allowed.stdout);
    assert.equal((guarded.control.stats().byOperation['transactions.sale'] ?? 0) - salesBefore, 1);
  });

  it('a file that does not parse is reported with file:line:col, not run, and fails the run', async () => {
    const r = await runCli([file('broken.gwreq'), file('passing.gwreq')]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, new RegExp(`${file('broken.gwreq').replace(/[.\\]/g, '\\$&')}:2:\\d+: malformed @expect`));
    assert.match(r.stdout, /2 passed/, 'the other file still ran');
  });

  it('keys, full card numbers and account numbers never reach a report', async () => {
    const out = file('leaky.json');
    const r = await runCli([file('leaky.gwreq'), '--env', 'CI sandbox', '--config', configFile, '--report', 'json', '--output', out], sandboxKeys);
    assert.equal(r.code, 1);
    for (const text of [r.stdout, await readFile(out, 'utf8')]) {
      assert.doesNotMatch(text, /4111111111111111/);
      assert.ok(!text.includes(sandbox.apiKey));
    }
    assert.match(await readFile(out, 'utf8'), /XXXXXXXXXXXX1111/);
  });

  it('terminal control sequences written in a request file (ESC, OSC 52 to the clipboard, a screen clear) reach no report as they are, shown as <U+XXXX>', async () => {
    const hostile = file('esc\x1b[2J.gwreq');
    await writeFile(hostile, '### sale\n# @name s1\n# @expect payload.x == \x1b]52;c;ZWNobyBwd25lZA==\x07\x1b[2J\u202egnp\nGET {{gatewayUrl}}/rest/v2/transactions\n');
    const broken = file('broken-esc.gwreq');
    await writeFile(broken, 'GET {{gatewayUrl}}/rest/v2/transactions\nX-A\x1b[31m\n');
    const r = await runCli([hostile, broken]);
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.stdout + r.stderr, /[\x1b\x07\u202e]/, 'a control character reached the terminal');
    assert.match(r.stdout, /<U\+001B>\]52;c;ZWNobyBwd25lZA==<U\+0007><U\+001B>\[2J<U\+202E>gnp/);
    assert.match(r.stdout, /esc<U\+001B>\[2J\.gwreq/, 'the file name too');
    assert.match(r.stdout, /malformed header "X-A<U\+001B>\[31m"/, 'and a parse error quoting the file');
  });

  it('a 12-digit card number and one written with dots never reach a report either, in any format', async () => {
    for (const format of ['text', 'json', 'junit']) {
      const out = file(`leaky-forms.${format}`);
      const r = await runCli([file('leaky-forms.gwreq'), '--env', 'CI sandbox', '--config', configFile, '--report', format, '--output', out], sandboxKeys);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      const report = await readFile(out, 'utf8');
      for (const text of [r.stdout, report]) {
        assert.doesNotMatch(text, /6011\.1111\.1111\.1117|6011111111111117|501800000009/, `${format}: ${text}`);
      }
      assert.match(report, /XXXXXXXXXXXX1117/, `${format}: the expectation is still shown, by its last four`);
    }
  });

  it('says in every report format that auth headers written in the file were not sent, refuses a URL carrying the key, and redacts key-like literals', async () => {
    const keysFile = file('keys.gwreq');
    await writeFile(keysFile, [
      '### a key written in the file',
      '# @expect status 200',
      'GET {{gatewayUrl}}/rest/v2/transactions?page-size=1',
      'api-key: sk_live_51HfileKeyAbCdEf0123',
      'Authorization: Bearer sk_live_51HbearerKey987654',
      '',
      '### a key-like literal in the query',
      '# @expect status 200',
      'GET {{gatewayUrl}}/rest/v2/transactions?page-size=1&key=sk_live_51HqueryKeyXyZ98765',
      '',
      '### the environment key in the URL',
      `GET {{gatewayUrl}}/rest/v2/transactions?page-size=1&api-key=${sandbox.apiKey}`,
      '',
      // Sent after the refusal above (the run carries on): its label (the title) is in every report.
      '### sk_live_51HtitleKeyAbCd0123 in a title',
      '# @expect status 200',
      'GET {{gatewayUrl}}/rest/v2/transactions?page-size=1',
      '',
    ].join('\n'));
    const reports: Record<string, string> = {};
    for (const format of ['text', 'json', 'junit']) {
      const out = file(`keys.${format}`);
      const r = await runCli([keysFile, '--env', 'CI sandbox', '--config', configFile, '--report', format, '--output', out], sandboxKeys);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      reports[format] = await readFile(out, 'utf8');
      for (const text of [r.stdout, reports[format]]) {
        assert.doesNotMatch(text, /sk_live_/, `${format}: ${text}`);
        assert.ok(!text.includes(sandbox.apiKey), format);
        assert.match(text, /api-key, Authorization headers? written in the file (were|was) not sent/, `${format}: ${text}`);
        assert.match(text, /the URL carries the environment(&apos;|')s key/, format);
      }
    }
    const json = JSON.parse(reports.json) as { files: Array<{ requests: Array<{ state: string; ignoredHeaders?: string[]; notes?: string[] }> }> };
    const [first, second, third, fourth] = json.files[0].requests;
    assert.deepEqual(first?.ignoredHeaders, ['api-key', 'Authorization']);
    assert.equal(first?.state, 'passed');
    assert.equal(second?.state, 'passed');
    assert.equal(third?.state, 'error');
    assert.equal(fourth?.state, 'passed');
    assert.match(reports.junit, /<system-out>[^<]*not sent/);
  });

  const usageErrors: Array<[string, string[], RegExp, Record<string, string>?]> = [
    ['an unknown flag', ['--bogus', 'x.gwreq'], /--bogus/],
    ['no FILE', [], /missing FILE/],
    ['a file that does not exist', ['no-such-file.gwreq'], /cannot read no-such-file\.gwreq: no such file/],
    ['an unknown report format', ['x.gwreq', '--report', 'html'], /--report must be text, json or junit/],
    ['an unknown environment', ['PASSING', '--env', 'Staging', '--config', 'CONFIG'], /unknown environment "Staging"/],
    ['a missing config file', ['PASSING', '--env', 'CI sandbox', '--config', 'nope.json'], /cannot read the config file nope\.json/],
    ['a key in the config file', ['PASSING', '--env', 'CI sandbox', '--config', 'WITH_KEY'], /keys belong in environment variables/],
    ['no keys in the environment variables', ['PASSING', '--env', 'CI sandbox', '--config', 'CONFIG'], /no keys for environment "CI sandbox": set GATEWAY_API_KEY/],
    // A CI job given the file but not the name would otherwise pass against the Local sandbox.
    ['--config without --env', ['PASSING', '--config', 'CONFIG'], /--config names the environments for --env NAME, but no --env was given, so the run would go to the Local sandbox: add --env NAME \(CONFIG defines "CI sandbox", "Prod", "Locked"\), or drop --config/],
    ['--config with --env local', ['PASSING', '--env', 'local', '--config', 'CONFIG'], /--config names the environments for --env NAME, but --env local runs against the Local sandbox: add --env NAME \(CONFIG defines "CI sandbox", "Prod", "Locked"\), or drop --config/],
    ['--config naming a missing file without --env', ['PASSING', '--config', 'nope.json'], /--config names the environments for --env NAME, but no --env was given, so the run would go to the Local sandbox: add --env NAME, or drop --config \(and cannot read the config file nope\.json: it does not exist; fix --config\)/],
    // Found before anything is sent: a CI run must not spend its requests and then lose the report.
    ['an --output in a folder that does not exist', ['PASSING', '--report', 'junit', '--output', 'DIR/no-such-folder/report.xml'], /cannot write the report to .*report\.xml: its folder .*no-such-folder does not exist; create it first or choose another --output/],
    ['an --output that is a folder', ['PASSING', '--report', 'json', '--output', 'DIR'], /cannot write the report to .*: it is a folder; name a file in it, such as .*report\.json/],
  ];
  for (const [what, args, message] of usageErrors) {
    it(`exits 2 with one actionable stderr line for ${what}`, async () => {
      const resolved = args.map((a) => (a === 'PASSING' ? file('passing.gwreq') : a === 'CONFIG' ? configFile : a === 'WITH_KEY' ? file('with-key.json') : a.replace(/^DIR/, dir)));
      const r = await runCli(resolved);
      assert.equal(r.code, 2, r.stdout + r.stderr);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr.replace(configFile, 'CONFIG'), message);
      assert.match(r.stderr, /^gateway-workbench run: /);
      assert.doesNotMatch(r.stderr, /k-123/);
      assert.equal(r.stdout, '');
    });
  }

  it('expands a file pattern itself when no shell did (cmd.exe, a quoted argument), in name order', async () => {
    const folder = await mkdtemp(path.join(dir, 'pattern-'));
    await Promise.all([writeFile(path.join(folder, 'b-read.gwreq'), READ_ONLY), writeFile(path.join(folder, 'a-sale.gwreq'), SALE_ONLY), writeFile(path.join(folder, 'notes.txt'), 'not a request file')]);
    const r = await runCli([path.join(folder, '*.gwreq'), '--report', 'json']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const report = JSON.parse(r.stdout) as { files: Array<{ file: string }> };
    assert.deepEqual(report.files.map((f) => path.basename(f.file)), ['a-sale.gwreq', 'b-read.gwreq']);
    const none = await runCli([path.join(folder, '*.http')]);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /^gateway-workbench run: no file matches .*\*\.http/);
  });

  it('reads a request file saved as UTF-16 (Windows PowerShell 5.1 writes `>` redirections so), little- or big-endian', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SALE_ONLY, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();   // FE FF, then each code unit big-endian
    await Promise.all([writeFile(file('utf16le.gwreq'), le), writeFile(file('utf16be.gwreq'), be)]);
    const r = await runCli([file('utf16le.gwreq'), file('utf16be.gwreq')]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /PASSED: 2 requests in 2 files: 2 passed/);
  });

  it('on SIGTERM (a CI job\'s timeout) or SIGINT stops sending, writes the report of what ran and exits 143 / 130', { timeout: 60_000 }, async () => {
    const many = Array.from({ length: 3000 }, (_, i) => `### sale ${i}\n# @expect status 200\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{"type": "SALE", "amount": "1.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "INT-${i}"}\n`).join('\n');
    await writeFile(file('long.gwreq'), many);
    for (const [signal, code] of [['SIGTERM', 143], ['SIGINT', 130]] as const) {
      const out = file(`interrupted-${signal}.xml`);
      const child = spawn(process.execPath, [...CLI, file('long.gwreq'), '--report', 'junit', '--output', out], { cwd: ROOT, env: CLEAN_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
      // Interrupted once requests are flowing.
      await new Promise<void>((resolve) => child.stdout.on('data', () => { if (/✓ 200 .*sale 20\b/.test(stdout)) resolve(); }));
      child.kill(signal);
      const [exit] = await once(child, 'exit') as [number | null];
      assert.equal(exit, code, stdout.slice(-2000));
      assert.match(stdout, new RegExp(`not sent: the run was interrupted \\(${signal}\\)`));
      assert.match(stdout, /FAILED: 3000 requests in 1 file: \d+ passed, 0 failed, 1 error, \d+ skipped/);
      const junit = await readFile(out, 'utf8');
      assert.ok(XMLValidator.validate(junit) === true, 'the report of what ran is written whole');
      assert.match(junit, /tests="3000"/);
      assert.match(junit, /the run was interrupted/);
    }
  });

  it('refuses an --output that names one of its request files, and leaves that file as it was', async () => {
    const own = file('own-report.gwreq');
    await writeFile(own, SALE_ONLY);
    const r = await runCli([own, '--report', 'junit', '--output', path.join(dir, '.', 'own-report.gwreq')]);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /^gateway-workbench run: cannot write the report to .*own-report\.gwreq: it is one of the request files being run; choose another --output/);
    assert.equal(r.stdout, '', 'nothing was run');
    assert.equal(await readFile(own, 'utf8'), SALE_ONLY, 'the request file is untouched');
  });

  it('replaces an existing report file whole', async () => {
    const out = file('kept-report.xml');
    await writeFile(out, '<earlier/>');
    const r = await runCli([file('sale.gwreq'), '--report', 'junit', '--output', out]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const written = await readFile(out, 'utf8');
    assert.ok(XMLValidator.validate(written) === true, 'the new report replaced the old one whole');
    assert.doesNotMatch(written, /earlier/);
  });

  it('reads {{$dotenv NAME}} from the .env beside the file and {{$processEnv NAME}} from its shell, and no report shows either value', async () => {
    const sub = file('with-dotenv');
    await mkdir(sub, { recursive: true });
    await writeFile(path.join(sub, '.env'), 'INVOICE=INV-cli-dotenv-6612\n');
    await writeFile(path.join(sub, 'outside.gwreq'), [
      '### sale', '# @expect status 200', '# @expect payload.transaction.invoice == {{$dotenv INVOICE}}',
      'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', 'X-Trace: {{$processEnv GW_CLI_TRACE}}', '',
      '{"type": "SALE", "amount": "6.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "{{$dotenv INVOICE}}"}', '',
    ].join('\n'));
    for (const format of ['text', 'json']) {
      const r = await runCli([path.join(sub, 'outside.gwreq'), '--report', format], { GW_CLI_TRACE: 'trace-from-the-shell-4471' });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      for (const value of ['INV-cli-dotenv-6612', 'trace-from-the-shell-4471']) assert.ok(!(r.stdout + r.stderr).includes(value), `${format}: ${r.stdout}`);
    }
    const missing = await runCli([path.join(sub, 'outside.gwreq')]);
    assert.equal(missing.code, 1);
    assert.match(missing.stdout, /\{\{\$processEnv GW_CLI_TRACE\}\}: GW_CLI_TRACE is not set in the environment of the shell that runs gateway-workbench/);
  });

  it('the CLI usage text lists the run command', async () => {
    const r = await runCli(['--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /gateway-workbench run FILE… \[--env local\|NAME\] \[--report text\|json\|junit\]/);
  });
});

describe('text report colour', () => {
  it('only on a terminal, and never with NO_COLOR set', () => {
    assert.equal(wantsColour(true, {}), true);
    assert.equal(wantsColour(false, {}), false);
    assert.equal(wantsColour(undefined, {}), false);
    assert.equal(wantsColour(true, { NO_COLOR: '1' }), false);
  });
});
