// The integrator's loop in a real VS Code: a request file's expectations in the Testing view
// (file → request → expectation, a run profile per environment, results with expected/actual and
// durations, the ✓/✗ marks beside the requests), names that agree with the CLI's JUnit report,
// and "Generate Code…" whose cURL, pasted into a shell, succeeds against the Local sandbox.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import { activateExtension, testHooks } from './support/extensionUnderTest';

const FILE = [
  '### Sale',                                                     // 0
  '# @name sale1',                                                // 1
  '# @expect status 200',                                         // 2
  '# @expect payload.transaction.result == APPROVED',             // 3
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',                // 4
  'Content-Type: application/json',
  '',
  '{ "type": "SALE", "amount": "21.00", "card": "4111111111111111", "exp-date": "1230" }',
  '',
  '### Refund the sale',                                          // 9
  '# @expect status 200',                                         // 10
  'POST {{gatewayUrl}}/rest/v2/transactions/refund',              // 11
  'Content-Type: application/json',
  '',
  '{ "type": "REFUND", "id": "{{sale1.payload.transaction.id}}", "amount": "1.00" }',
  '',
  '### A decline expected to approve',                            // 16
  '# @expect status 200',                                         // 17
  '# @expect payload.transaction.result == APPROVED',             // 18
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',                // 19
  'Content-Type: application/json',
  '',
  '{ "type": "SALE", "amount": "0.21", "card": "4111111111111111", "exp-date": "1230" }',
  '',
].join('\n');

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => undefined);   // a child that exits at once closes its stdin
    child.stdin.end(options.input ?? '');
  });
}

suite('request files in the Testing view, and generated code', () => {
  let a: GatewayWorkbenchApi;
  let workspace: string;
  let file: string;
  const relative = 'integrator-tests/checkout.gwreq';

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await activateExtension();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the suite runs with a workspace folder');
    workspace = folder.uri.fsPath;
    file = path.join(workspace, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, FILE);
  });

  suiteTeardown(() => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  test('lists the file, its requests and their expectations; a profile per environment, the Local sandbox first', async function () {
    this.timeout(30_000);
    // An earlier suite may have scanned the workspace already (examples.test.ts): the file, written
    // in suiteSetup, is then listed once the watcher hears of it.
    let items = await a.requestTests.discover();
    for (const end = Date.now() + 15_000; !items.some((i) => i.label === relative) && Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 250));
      items = await a.requestTests.discover();
    }
    const item = items.find((i) => i.label === relative);
    assert.ok(item, `the file is listed (items: ${items.map((i) => i.label).join(', ')})`);
    assert.deepEqual(item.children.map((c) => [c.label, c.line]), [['sale1', 4], ['Refund the sale', 11], ['A decline expected to approve', 19]]);
    assert.deepEqual(item.children[0]?.children.map((c) => [c.label, c.line]), [['status 200', 2], ['payload.transaction.result == APPROVED', 3]]);
    assert.equal(a.requestTests.profiles()[0], `Run on ${LOCAL_SANDBOX_NAME}`);
  });

  test('a folder of request files moved into the workspace (unpacked elsewhere, then moved in) is listed without a refresh, and unlisted when deleted', async function () {
    this.timeout(60_000);
    await a.requestTests.discover();   // the view has scanned: from here on only the watcher can see new files
    // Made outside the workspace and moved in: the watcher hears of one new folder, nothing inside it.
    const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-pulled-'));
    const names = ['a.gwreq', 'b.gwreq', 'c.gwreq'];
    fs.mkdirSync(path.join(staging, 'suites'));
    for (const name of names) fs.writeFileSync(path.join(staging, 'suites', name), FILE);
    fs.renameSync(staging, path.join(workspace, 'pulled-in'));
    const expected = names.map((n) => `pulled-in/suites/${n}`);
    const deadline = Date.now() + 15_000;
    let listed: string[] = [];
    try {
      while (Date.now() < deadline) {
        listed = (await a.requestTests.discover()).map((i) => i.label).filter((l) => l.startsWith('pulled-in/'));
        if (listed.length === expected.length) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      assert.deepEqual(listed.sort(), expected, 'every file of the new folder is listed');
      // And deleted whole, the folder takes its files' items with it.
      fs.rmSync(path.join(workspace, 'pulled-in'), { recursive: true, force: true });
      const gone = Date.now() + 15_000;
      while (Date.now() < gone) {
        listed = (await a.requestTests.discover()).map((i) => i.label).filter((l) => l.startsWith('pulled-in/'));
        if (listed.length === 0) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      assert.deepEqual(listed, [], 'the deleted folder\'s files are no longer listed');
    } finally {
      fs.rmSync(path.join(workspace, 'pulled-in'), { recursive: true, force: true });
    }
  });

  test('a run marks each request and expectation, with expected and actual values and durations', async function () {
    this.timeout(60_000);
    const [item] = (await a.requestTests.discover()).filter((i) => i.label === relative);
    assert.ok(item);
    const control = await a.environments.localSandboxControl();
    const sales = (await control.stats()).byOperation['transactions.sale'] ?? 0;
    const results = await a.requestTests.run([item.id]);
    const [sale, refund, decline] = item.children;
    assert.ok(sale && refund && decline);
    assert.equal(results[sale.id]?.state, 'passed');
    assert.equal(typeof results[sale.id]?.durationMs, 'number');
    assert.equal(results[refund.id]?.state, 'passed');
    assert.equal(results[decline.id]?.state, 'failed');
    const [status, result] = decline.children;
    assert.deepEqual([results[status.id]?.state, results[status.id]?.expected, results[status.id]?.actual], ['failed', '200', '402']);
    assert.deepEqual([results[result.id]?.state, results[result.id]?.expected, results[result.id]?.actual], ['failed', 'APPROVED', 'DECLINED']);
    assert.equal((await control.stats()).byOperation['transactions.sale'], sales + 2, 'the same engine as Send All sent the file once');
    // The run's own outcomes (the Local sandbox served others before it): two approvals, a 012 decline with its 402.
    const coverage = a.requestTests.lastCoverage();
    assert.deepEqual(coverage?.covered.map((c) => [c.outcome, c.count]), [['result-code:000', 2], ['result-code:012', 1], ['http:402', 1]]);
    assert.equal(coverage?.summary.covered, 3);
    assert.ok(coverage?.uncovered.some((u) => u.outcome === 'result-code:014' && u.trigger.includes('0.23')));
    const uri = vscode.Uri.file(file).toString();
    const marks = testHooks(a).requestDecorations(uri);
    assert.equal(marks.find((m) => m.line === 3)?.text, '✓ passed', 'the marks beside the requests stay');
    assert.match(marks.find((m) => m.line === 18)?.text ?? '', /^✗ failed/);
  });

  test('a run carries on past a failed expectation: the independent request passes, the one reading the failed answer is skipped and names it', async function () {
    this.timeout(60_000);
    const carryOn = 'integrator-tests/carry-on.gwreq';
    fs.writeFileSync(path.join(workspace, carryOn), [
      '### the sale', '# @name sale', '# @expect status 201', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '',
      '{ "type": "SALE", "amount": "22.00", "card": "4111111111111111", "exp-date": "1230" }', '',
      '### an independent read', '# @expect status 200', 'GET {{gatewayUrl}}/rest/v2/transactions', '',
      '### void the sale', '# @expect status 200', 'POST {{gatewayUrl}}/rest/v2/transactions/void', 'Content-Type: application/json', '',
      '{ "type": "VOID", "id": "{{sale.payload.transaction.id}}" }', '',
    ].join('\n'));
    let item: Awaited<ReturnType<typeof a.requestTests.discover>>[number] | undefined;
    for (const deadline = Date.now() + 15_000; !item && Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
      item = (await a.requestTests.discover()).find((i) => i.label === carryOn && i.children.length === 3);
    }
    assert.ok(item, 'the file is listed');
    const control = await a.environments.localSandboxControl();
    const voids = (await control.stats()).byOperation['transactions.void'] ?? 0;
    const results = await a.requestTests.run([item.id]);
    const [sale, read, voidIt] = item.children;
    assert.deepEqual([sale, read, voidIt].map((c) => results[c.id]?.state), ['failed', 'passed', 'skipped']);
    assert.equal(results[voidIt.id]?.message, 'skipped: depends on "sale", which failed');
    assert.equal((await control.stats()).byOperation['transactions.void'] ?? 0, voids, 'the void of a failed sale was never sent');
  });

  test('one request runs alone, after the named request it takes a value from', async function () {
    this.timeout(60_000);
    const [item] = (await a.requestTests.discover()).filter((i) => i.label === relative);
    const refund = item?.children[1];
    assert.ok(refund);
    const results = await a.requestTests.run([refund.id]);
    assert.equal(results[refund.id]?.state, 'passed');
    assert.equal(results[item.children[2].id], undefined, 'the other requests were not run');
  });

  test('the CLI\'s JUnit report names the suite and cases as the Testing view does', async function () {
    this.timeout(60_000);
    const [item] = (await a.requestTests.discover()).filter((i) => i.label === relative);
    assert.ok(item);
    // The repository's CLI (the suite runs from out/test/vscode/suite; the extension under test is the installed package).
    const cliPath = path.resolve(__dirname, '../../../../dist/cli.js');
    assert.ok(fs.existsSync(cliPath), `${cliPath} is built`);
    const cli = await run(process.execPath, [cliPath, 'run', relative, '--report', 'junit'], { cwd: workspace });
    assert.equal(cli.code, 1, `the decline expected to approve fails on the CLI too: ${cli.stderr}`);
    assert.match(cli.stdout, new RegExp(`<testsuite name="${relative}"`));
    const names = [...cli.stdout.matchAll(/<testcase name="([^"]*)"/g)].map((m) => m[1]);
    assert.deepEqual(names, item.children.map((c) => c.label));
  });

  test('Generate Code… as cURL: the copied command, run in a shell, succeeds against the Local sandbox', async function () {
    this.timeout(60_000);
    const code = (await vscode.commands.executeCommand(COMMANDS.generateCode, vscode.Uri.file(file), 0, 'curl')) as string | undefined;
    assert.ok(code, 'the command returns the program');
    assert.equal(await vscode.env.clipboard.readText(), code, 'and copies it to the clipboard');
    const credentials = await a.environments.credentials(LOCAL_SANDBOX_NAME);
    assert.ok(credentials?.apiKey);
    assert.ok(!code.includes(credentials.apiKey), 'no key in the program');
    assert.ok(!code.includes('4111111111111111'), 'no card number in the program: it reads CARD from the environment');
    const control = await a.environments.localSandboxControl();
    const sales = (await control.stats()).byOperation['transactions.sale'] ?? 0;
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_')));
    const shell = await run('sh', [], { env: { ...env, GATEWAY_API_KEY: credentials.apiKey, CARD: '4111111111111111' }, input: code });
    assert.equal(shell.code, 0, shell.stderr);
    assert.match(shell.stdout, /"result":\s*"APPROVED"/);
    assert.match(shell.stdout, /HTTP 200\s*$/);
    assert.equal((await control.stats()).byOperation['transactions.sale'], sales + 1);
  });
});
