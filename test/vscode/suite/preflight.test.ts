// "Run Go-Live Check…" in a real VS Code: the Local sandbox against a "production" environment
// that is a sandbox of its own (the built CLI's, a child process on a free port). A key written
// into the workspace fails the check and the report names its file and line with the key masked
// to its last four; clean files and equal settings pass; a setting that differs fails and is
// named; a path outside the workspace (or a link out of it) is never read.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import * as vscode from 'vscode';
import { COMMANDS, LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import type { EnvironmentManager } from '../../../src/extension/environments/environmentStore';

const ROOT = path.resolve(__dirname, '../../../..');
const EXTENSION_ID = 'gateway-workbench.gateway-workbench';
const STAGING = 'Preflight test staging';
const LIVE = 'Preflight test live';

type Outcome = { passed: number; failed: number } | undefined;

async function api(): Promise<GatewayWorkbenchApi> {
  const ext = vscode.extensions.getExtension<GatewayWorkbenchApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  return ext.activate();
}

/** The report the last run opened: the active editor's read-only document. */
function report(): vscode.TextDocument {
  const document = vscode.window.activeTextEditor?.document;
  assert.ok(document, 'a report is open');
  assert.equal(document.uri.scheme, 'gateway-preflight', 'the report is a document of its own scheme, not a workspace file');
  assert.equal(document.isDirty, false);
  return document;
}

suite('go-live check', () => {
  const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
  const clean = path.join(workspace, 'preflight-clean');
  const leaky = path.join(workspace, 'preflight-keys');
  const recordings = path.join(workspace, 'preflight-recording');
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-preflight-outside-'));
  let child: ChildProcess;
  let other: { gatewayUrl: string; boardingUrl: string; apiKey: string };
  let environments: EnvironmentManager;
  let localKey: string;

  suiteSetup(async function () {
    this.timeout(60_000);
    assert.ok(workspace, 'the tests open a workspace folder');
    child = spawn(process.execPath, [path.join(ROOT, 'dist/cli.js'), 'sandbox', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [first] = await once(createInterface({ input: child.stdout! }), 'line') as [string];
    other = JSON.parse(first) as typeof other;
    const a = await api();
    environments = a.environments as EnvironmentManager;
    for (const [name, kind] of [[STAGING, 'sandbox'], [LIVE, 'production']] as const) {
      await a.scripted.addEnvironment({ name, kind, gatewayUrl: other.gatewayUrl, boardingUrl: other.boardingUrl, readOnly: false, apiKey: other.apiKey });
    }
    // Whatever earlier tests did to the Local sandbox's settings, the second sandbox gets the same.
    const file = path.join(outside, 'local.gwsettings.json');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.exportSettings, LOCAL_SANDBOX_NAME, file), file);
    const applied = await vscode.commands.executeCommand<{ failed: string[] }>(COMMANDS.applySettingsTo, vscode.Uri.file(file), STAGING, true);
    assert.deepEqual(applied?.failed, []);
    localKey = (await environments.credentials(LOCAL_SANDBOX_NAME))?.apiKey ?? '';
    assert.ok(localKey.length > 8, 'the Local sandbox has a key');
    fs.mkdirSync(clean, { recursive: true });
    fs.writeFileSync(path.join(clean, 'app.js'), 'const apiKey = process.env.GATEWAY_API_KEY;\nmodule.exports = { apiKey };\n');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const name of [STAGING, LIVE]) await environments.remove(name).catch(() => undefined);
    child.kill();
    for (const dir of [clean, leaky, recordings, outside]) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('clean files and equal settings: ready, every line ✓', async () => {
    const outcome = await vscode.commands.executeCommand<Outcome>(COMMANDS.preflight, LOCAL_SANDBOX_NAME, LIVE, [clean]);
    const text = report().getText();
    assert.equal(outcome?.failed, 0, text);
    assert.ok((outcome?.passed ?? 0) >= 8, 'settings (5), files (2) and the Local sandbox\'s coverage');
    assert.match(text, new RegExp(`^# Go-live check: ${LOCAL_SANDBOX_NAME} → ${LIVE}`, 'm'));
    assert.match(text, new RegExp(`Ready: all ${outcome!.passed} checks passed`));
    assert.match(text, /^- ✓ \*\*files\*\*: no key is written in the 1 file under/m);
    assert.match(text, /^- ✓ \*\*coverage\*\*: your tests reached/m);
    assert.ok(!text.includes('✗'));
  });

  test('a key written in the workspace: not ready, the report names the file and line, the key masked to its last four', async () => {
    fs.mkdirSync(leaky, { recursive: true });
    fs.writeFileSync(path.join(leaky, 'config.env'), `GATEWAY_API_KEY=${localKey}\n`);
    // A link out of the workspace to a file with the same key: never followed.
    fs.writeFileSync(path.join(outside, 'secret.env'), `KEY=${localKey}\n`);
    fs.symlinkSync(outside, path.join(leaky, 'linked-out'));
    // No paths: the workspace folders.
    const outcome = await vscode.commands.executeCommand<Outcome>(COMMANDS.preflight, LOCAL_SANDBOX_NAME, LIVE);
    const text = report().getText();
    assert.ok((outcome?.failed ?? 0) >= 1, text);
    assert.match(text, new RegExp(`Not ready: ${outcome!.failed} of ${outcome!.passed + outcome!.failed} checks failed`));
    assert.match(text, /^- ✗ \*\*files\*\*: no key is written in the \d+ files? under/m);
    assert.ok(text.includes(`preflight-keys/config.env:1: an environment's key (…${localKey.slice(-4)})`), text);
    assert.ok(!text.includes(localKey), 'the key itself is in the report');
    assert.ok(!text.includes('secret.env'), 'a file outside the workspace was read through a link');
  });

  test('a path outside the workspace is refused: nothing is read, no report', async () => {
    const before = vscode.window.activeTextEditor?.document.uri.toString();
    assert.equal(await vscode.commands.executeCommand<Outcome>(COMMANDS.preflight, LOCAL_SANDBOX_NAME, LIVE, [outside]), undefined);
    assert.equal(await vscode.commands.executeCommand<Outcome>(COMMANDS.preflight, LOCAL_SANDBOX_NAME, LIVE, [path.join(leaky, 'linked-out')]), undefined);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), before, 'no new report opened');
  });

  test('a recording with a test card and a blind retry: each named by its request; a file that is no recording is an error', async () => {
    fs.mkdirSync(recordings, { recursive: true });
    const exchange = (over: Record<string, unknown>) => JSON.stringify({
      at: '2026-12-02T10:00:00Z', method: 'POST', path: '/rest/v2/transactions/sale', operationId: 'transactions.sale', status: 200, timeMs: 5,
      requestHeaders: {}, responseHeaders: {}, findings: [], requestBody: '{"amount":"12.00","card":"XXXXXXXXXXXX4444"}', ...over,
    });
    const file = path.join(recordings, 'app.jsonl');
    fs.writeFileSync(file, `${exchange({ status: 503 })}\n${exchange({})}\n`);
    const outcome = await vscode.commands.executeCommand<Outcome>(COMMANDS.preflight, LOCAL_SANDBOX_NAME, LIVE, [clean], file);
    const text = report().getText();
    assert.equal(outcome?.failed, 2, text);
    assert.match(text, /^- ✗ \*\*recording\*\*: no test card or sandbox amount is sent \(2 requests of preflight-recording\/app\.jsonl\)/m);
    assert.ok(text.includes('#1 transactions.sale: a card ending 4444, like the sandbox\'s MASTERCARD test card'), text);
    assert.ok(text.includes('#2 sends transactions.sale again after #1, whose outcome was unknown (its answer was 503)'), text);

    fs.writeFileSync(file, 'not json\n');
    const before = vscode.window.activeTextEditor?.document.uri.toString();
    assert.equal(await vscode.commands.executeCommand<Outcome>(COMMANDS.preflight, LOCAL_SANDBOX_NAME, LIVE, [clean], file), undefined);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), before, 'no report for a recording that cannot be read');
  });

  test('from the palette: the two environments picked, the workspace\'s recording offered and picked', async function () {
    this.timeout(30_000);
    fs.mkdirSync(recordings, { recursive: true });
    fs.writeFileSync(path.join(recordings, 'app.jsonl'), `${JSON.stringify({ at: '2026-12-02T10:00:00Z', method: 'GET', path: '/rest/v1/batches/open', operationId: 'batches.getOpen', status: 200, timeMs: 3, requestHeaders: {}, responseHeaders: {}, findings: [] })}\n`);
    const recordingsInWorkspace = await vscode.workspace.findFiles('**/*.jsonl', '**/{node_modules,.git}/**', 50);
    const ours = recordingsInWorkspace.findIndex((uri) => uri.fsPath.endsWith(path.join('preflight-recording', 'app.jsonl')));
    assert.ok(ours >= 0, 'the recording is in the workspace');
    const before = vscode.window.activeTextEditor?.document.uri.toString();
    const pending = vscode.commands.executeCommand<Outcome>(COMMANDS.preflight);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 800));
    const pick = async (index: number) => {
      await pause();
      for (let i = 0; i < index; i++) await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    };
    await pick(0);   // the Local sandbox: the first environment there is
    await pick(environments.list().filter((e) => e.name !== LOCAL_SANDBOX_NAME).findIndex((e) => e.name === LIVE));
    await pick(1 + ours);   // after "No recording"
    const outcome = await pending;
    const document = report();
    assert.notEqual(document.uri.toString(), before);
    const text = document.getText();
    assert.match(text, new RegExp(`^# Go-live check: ${LOCAL_SANDBOX_NAME} → ${LIVE}`, 'm'));
    assert.match(text, /^- ✓ \*\*recording\*\*: every request is an operation of the gateway \(1 request of preflight-recording\/app\.jsonl\)/m, text);
    assert.ok(outcome && outcome.passed + outcome.failed >= 11, 'settings, files of the workspace, the recording and coverage');
  });

  test('a setting that differs in production: not ready, the field named with both values', async () => {
    const put = await fetch(`${other.gatewayUrl}/rest/v2/settings/terminal`, {
      method: 'PUT', headers: { 'api-key': other.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ 'batch-time-utc': '05:17' }),
    });
    assert.equal(put.status, 200);
    const outcome = await vscode.commands.executeCommand<Outcome>(COMMANDS.preflight, LOCAL_SANDBOX_NAME, LIVE, [clean]);
    const text = report().getText();
    assert.equal(outcome?.failed, 1, text);
    assert.match(text, /^- ✗ \*\*settings\*\*: automatic batch closing is the same/m);
    assert.match(text, new RegExp(`terminal\\.batch-time-utc: .* in ${LOCAL_SANDBOX_NAME}, "?05:17"? in ${LIVE}`));
  });
});
