// "Gateway: Import…" and "Export as HAR…" in a real VS Code: a Postman collection with its
// environment imported into a folder, the request file opened and sent green against the Local
// sandbox with no key in it, the report shown beside it; then the Traffic view and History
// exported as HAR 1.2 files holding no key and no full card number.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi, type RunOutcome } from '../../../src/extension/contracts';
import { IMPORT_COMMANDS } from '../../../src/extension/import/ids';
import { harShapeProblems } from '../../../src/core/import/harShape';
import { activateExtension, waitFor } from './support/extensionUnderTest';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const FIXTURES = path.join(REPO_ROOT, 'test/fixtures/import');
const POSTMAN_KEY = 'a3f1c9e07b5d42e8916c0d7f3b2a8e45';
const VISA = '4111111111111111';

suite('Gateway: Import… and Export as HAR…', () => {
  let a: GatewayWorkbenchApi;
  let dir: string;

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await activateExtension();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-import-exthost-'));
  });
  suiteTeardown(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('Import… writes a Postman collection as a request file that sends green with no key in it, its report beside it', async function () {
    this.timeout(60_000);
    const files = ['Gateway Payments.postman_collection.json', 'Gateway Sandbox.postman_environment.json'].map((f) => vscode.Uri.file(path.join(FIXTURES, f)));
    const done = (await vscode.commands.executeCommand(IMPORT_COMMANDS.importFiles, { files, outDir: vscode.Uri.file(dir) })) as { written: string[]; reportUri: string } | undefined;
    assert.ok(done, 'the command returned what it wrote');
    assert.deepEqual(done.written.map((f) => path.basename(f)), ['Gateway-Payments.gwreq']);
    const text = fs.readFileSync(done.written[0], 'utf8');
    assert.ok(!text.includes(POSTMAN_KEY), 'no key in the request file');
    assert.match(text, /\{\{cardTransactionsSale\.payload\.transaction\.id\}\}/);
    const report = vscode.workspace.textDocuments.find((d) => d.uri.toString() === done.reportUri);
    assert.ok(report, 'the report is open');
    assert.equal(report.languageId, 'markdown');
    assert.match(report.getText(), /key header api-key removed; the environment supplies it/);
    assert.match(report.getText(), /host hooks\.slack\.com is not a gateway or boarding host/);
    assert.ok(!report.getText().includes(POSTMAN_KEY));
    assert.equal(report.isDirty, false, 'closing the report never asks to save it');
    const opened = await waitFor('the imported file opened', () => vscode.window.visibleTextEditors.find((e) => e.document.uri.fsPath === done.written[0]));
    assert.equal(opened.document.languageId, 'gateway-request');
    const run = (await vscode.commands.executeCommand(COMMANDS.sendAll, opened.document.uri)) as readonly RunOutcome[] | undefined;
    assert.ok(run && run.length === 3, JSON.stringify(run));
    for (const r of run) assert.equal(r.state, 'passed', `${r.label}: ${r.message ?? ''}`);
  });

  test('from the Explorer\'s context menu, a .http file imports beside itself, without its key', async function () {
    this.timeout(60_000);
    const folder = path.join(dir, 'explorer');
    fs.mkdirSync(folder);
    const source = vscode.Uri.file(path.join(folder, 'payments.http'));
    fs.copyFileSync(path.join(FIXTURES, 'payments.http'), source.fsPath);
    const done = (await vscode.commands.executeCommand(IMPORT_COMMANDS.importFiles, source, [source])) as { written: string[] } | undefined;
    assert.deepEqual(done?.written, [path.join(folder, 'payments.gwreq')]);
    const text = fs.readFileSync(done.written[0], 'utf8');
    assert.ok(!text.includes('5c2e8d1f9a7b4036be41d2c9f0a6e7b3'), 'the @apiKey value is not written');
    assert.match(text, /^POST \{\{gatewayUrl\}\}\/rest\/v2\/tokens$/m);
  });

  test('Export as HAR… writes the Traffic view and History as HAR 1.2 with no key and no full card number', async function () {
    this.timeout(60_000);
    const credentials = await a.environments.credentials(LOCAL_SANDBOX_NAME);
    assert.ok(credentials?.apiKey);
    await waitFor('the imported sale in the Traffic view', () => a.traffic.entries().find((e) => e.exchange.path === '/rest/v2/transactions/sale'));
    const trafficFile = vscode.Uri.file(path.join(dir, 'traffic.har'));
    await vscode.commands.executeCommand(IMPORT_COMMANDS.exportTrafficHar, trafficFile);
    const historyFile = vscode.Uri.file(path.join(dir, 'history.har'));
    await vscode.commands.executeCommand(IMPORT_COMMANDS.exportHistoryHar, historyFile);
    for (const file of [trafficFile, historyFile]) {
      const text = fs.readFileSync(file.fsPath, 'utf8');
      const har = JSON.parse(text) as { log: { entries: Array<{ request: { url: string; method: string } }> } };
      assert.deepEqual(harShapeProblems(har), [], path.basename(file.fsPath));
      assert.ok(har.log.entries.some((e) => e.request.method === 'POST' && /\/rest\/v2\/transactions\/sale$/.test(e.request.url)), `${path.basename(file.fsPath)} has the sale`);
      assert.ok(!text.includes(credentials.apiKey), `${path.basename(file.fsPath)} holds the key`);
      assert.ok(!text.includes(VISA), `${path.basename(file.fsPath)} holds a full card number`);
    }
  });
});
