// The packaged examples as a newcomer meets them (issue 35): opened, they show no error in
// Problems (their intended failures — a 400 test's invalid routing number — are marked as
// intended); run from the Testing view, they leave the user's Local sandbox as it was (they run in
// a throwaway sandbox); and a failed run writes each request and its expected/actual values to
// the Test Results output instead of "The test run did not record any output".
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import { activateExtension, waitFor } from './support/extensionUnderTest';

const EXAMPLES = 'gateway-examples/';

suite('the examples, as a newcomer opens and runs them', () => {
  let a: GatewayWorkbenchApi;
  let files: vscode.Uri[];

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await activateExtension();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
    files = await vscode.commands.executeCommand<vscode.Uri[]>(COMMANDS.sandboxOpenExamples);
    assert.ok(files.length >= 9, 'the examples were opened');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('opening the examples leaves no error in Problems: a request that expects a 4xx is meant to be invalid', async function () {
    this.timeout(60_000);
    const achFile = files.find((f) => f.path.endsWith('/ach-transactions.gwreq'));
    assert.ok(achFile);
    // The routing number that fails its checksum on purpose (`# @expect status 400`) is still flagged, as intended.
    const intended = await waitFor('the language server to check ach-transactions.gwreq', () =>
      vscode.languages.getDiagnostics(achFile).find((d) => typeof d.message === 'string' && /routing/i.test(d.message)), 30_000);
    assert.notEqual(intended.severity, vscode.DiagnosticSeverity.Error, `the intended invalid value counts as an error: ${intended.message}`);
    assert.match(intended.message, /intended: this request expects 400/);
    // Every example is open: give the server the time to check them all, then none has an error.
    await new Promise((r) => setTimeout(r, 3000));
    const errors = files.flatMap((f) => vscode.languages.getDiagnostics(f)
      .filter((d) => d.severity === vscode.DiagnosticSeverity.Error)
      .map((d) => `${path.basename(f.fsPath)}:${d.range.start.line + 1}: ${d.message}`));
    assert.deepEqual(errors, [], 'the examples show errors in Problems');
  });

  test('running the examples in the Testing view leaves the Local sandbox as it was (a throwaway sandbox serves them)', async function () {
    this.timeout(240_000);
    const control = await a.environments.localSandboxControl();
    const statsBefore = await control.stats();
    const clockBefore = control.now().getTime();
    const started = Date.now();
    const items = (await a.requestTests.discover()).filter((i) => i.label.startsWith(EXAMPLES));
    assert.ok(items.length >= 9, `the examples are listed (${items.map((i) => i.label).join(', ')})`);
    const results = await a.requestTests.run(items.map((i) => i.id));
    const bad = Object.entries(results).filter(([, r]) => r.state === 'failed' || r.state === 'errored').map(([id, r]) => `${id}: ${r.message ?? ''}`);
    assert.deepEqual(bad, [], 'every example passes in its throwaway sandbox');
    assert.ok(Object.values(results).filter((r) => r.state === 'passed').length >= 80, 'the examples ran');
    assert.deepEqual(await control.stats(), statsBefore, 'the Local sandbox served none of the examples\' requests');
    const moved = control.now().getTime() - clockBefore - (Date.now() - started);
    assert.ok(Math.abs(moved) < 5_000, `the Local sandbox's clock was moved by ${Math.round(moved / 1000)} s`);
    assert.match(a.requestTests.lastOutput(), /throwaway sandbox/, 'the run says where the examples ran');
  });

  test('the run profile "Run against my Local sandbox" runs an example on the user\'s own Local sandbox', async function () {
    this.timeout(120_000);
    assert.deepEqual(a.requestTests.profiles().slice(0, 2), [`Run on ${LOCAL_SANDBOX_NAME}`, 'Run against my Local sandbox']);
    const control = await a.environments.localSandboxControl();
    const sales = (await control.stats()).byOperation['transactions.sale'] ?? 0;
    const item = (await a.requestTests.discover()).find((i) => i.label === `${EXAMPLES}card-transactions.gwreq`);
    assert.ok(item);
    const results = await a.requestTests.run([item.id], LOCAL_SANDBOX_NAME, true);
    assert.ok(Object.values(results).some((r) => r.state === 'passed'));
    assert.ok(((await control.stats()).byOperation['transactions.sale'] ?? 0) > sales, 'the sales went to the Local sandbox');
    assert.doesNotMatch(a.requestTests.lastOutput(), /throwaway sandbox/);
  });

  test('a failed run writes each request, its expectations and their expected and actual values to the Test Results output', async function () {
    this.timeout(60_000);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const file = path.join(folder.uri.fsPath, 'output-check', 'decline.gwreq');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, [
      '### A sale that passes',
      '# @expect status 200',
      'POST {{gatewayUrl}}/rest/v2/transactions/sale',
      'Content-Type: application/json',
      '',
      '{ "type": "SALE", "amount": "3.00", "card": "4111111111111111", "exp-date": "1230" }',
      '',
      '### A decline expected to approve',
      '# @expect status 200',
      '# @expect payload.transaction.result == APPROVED',
      'POST {{gatewayUrl}}/rest/v2/transactions/sale',
      'Content-Type: application/json',
      '',
      '{ "type": "SALE", "amount": "0.21", "card": "4111111111111111", "exp-date": "1230" }',
      '',
    ].join('\n'));
    try {
      const item = await waitFor('the file in the Testing view', async () => (await a.requestTests.discover()).find((i) => i.label === 'output-check/decline.gwreq'), 15_000);
      const results = await a.requestTests.run([item.id]);
      const decline = item.children[1];
      assert.ok(decline);
      assert.equal(results[decline.id]?.state, 'failed');
      const output = a.requestTests.lastOutput();
      assert.match(output, /✓ 200 .*A sale that passes\r\n/);
      assert.match(output, /✗ 402 .*A decline expected to approve — .*\r\n/);
      assert.match(output, /✗ status 200: expected 200, actual 402\r\n/);
      assert.match(output, /✗ payload\.transaction\.result == APPROVED: expected APPROVED, actual DECLINED\r\n/);
      assert.doesNotMatch(output.replace(/\r\n/g, ''), /\n/, 'the Test Results terminal wants CRLF line ends');
      const credentials = await a.environments.credentials(LOCAL_SANDBOX_NAME);
      assert.ok(credentials?.apiKey && !output.includes(credentials.apiKey), 'no key in the output');
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
