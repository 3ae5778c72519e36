// Settings as code in a real VS Code: "Export Settings…" writes an environment's settings file,
// "Compare Settings of Two Environments" opens the two side by side in a diff editor, and
// "Apply to…" writes only what differs — to a sandbox after its question, never to production
// without its name typed. The second environment is a sandbox of its own (the built CLI's, as a
// child process on a free port), whose writes are counted by its own statistics.
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
const STAGING = 'Settings test staging';
const LIVE = 'Settings test live';

async function api(): Promise<GatewayWorkbenchApi> {
  const ext = vscode.extensions.getExtension<GatewayWorkbenchApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  return ext.activate();
}

suite('settings as code', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-settings-ext-'));
  let child: ChildProcess;
  let other: { gatewayUrl: string; boardingUrl: string; apiKey: string };
  let environments: EnvironmentManager;
  /** The settings writes the second sandbox has received, by operation (its GET /__sandbox/stats). */
  const writes = async (): Promise<Record<string, number>> => {
    const stats = await (await fetch(`${other.gatewayUrl}/__sandbox/stats`)).json() as { byOperation: Record<string, number> };
    return Object.fromEntries(Object.entries(stats.byOperation).filter(([id]) => id.startsWith('settings.') && !id.endsWith('.get')));
  };

  suiteSetup(async function () {
    this.timeout(30_000);
    child = spawn(process.execPath, [path.join(ROOT, 'dist/cli.js'), 'sandbox', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [first] = await once(createInterface({ input: child.stdout! }), 'line') as [string];
    other = JSON.parse(first) as typeof other;
    const a = await api();
    environments = a.environments as EnvironmentManager;
    for (const [name, kind] of [[STAGING, 'sandbox'], [LIVE, 'production']] as const) {
      await a.scripted.addEnvironment({ name, kind, gatewayUrl: other.gatewayUrl, boardingUrl: other.boardingUrl, readOnly: false, apiKey: other.apiKey });
    }
    // The second sandbox closes its batches at 05:17; the Local sandbox at its default 03:00.
    const put = await fetch(`${other.gatewayUrl}/rest/v2/settings/terminal`, {
      method: 'PUT', headers: { 'api-key': other.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ 'batch-time-utc': '05:17' }),
    });
    assert.equal(put.status, 200);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const name of [STAGING, LIVE]) await environments.remove(name).catch(() => undefined);
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('Export Settings… writes the environment\'s settings file, without keys, and opens it', async () => {
    const file = path.join(dir, 'local.gwsettings.json');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.exportSettings, LOCAL_SANDBOX_NAME, file), file);
    const text = fs.readFileSync(file, 'utf8');
    const doc = JSON.parse(text) as { environment: string; settings: Record<string, Record<string, unknown>> };
    assert.equal(doc.environment, LOCAL_SANDBOX_NAME);
    assert.equal(doc.settings.terminal['batch-time-utc'], '03:00');
    const keys = await environments.credentials(LOCAL_SANDBOX_NAME);
    for (const secret of [keys?.apiKey, keys?.accessKey].filter((k): k is string => !!k)) assert.ok(!text.includes(secret), 'a key in the export');
    assert.ok(!/merchant-id|hpp-public-key/.test(text));
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, file);
  });

  test('Compare Settings of Two Environments opens a diff editor of the two', async () => {
    const outcome = await vscode.commands.executeCommand<{ left: string; right: string; same: boolean }>(COMMANDS.compareEnvironmentSettings, LOCAL_SANDBOX_NAME, STAGING);
    assert.deepEqual(outcome, { left: LOCAL_SANDBOX_NAME, right: STAGING, same: false });
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, 'a diff editor is open');
    assert.equal(tab.label, `Settings: ${LOCAL_SANDBOX_NAME} ↔ ${STAGING}`);
    const left = await vscode.workspace.openTextDocument(tab.input.original);
    const right = await vscode.workspace.openTextDocument(tab.input.modified);
    assert.match(left.getText(), /"batch-time-utc": "03:00"/);
    assert.match(right.getText(), /"batch-time-utc": "05:17"/);
  });

  test('Apply to… from the comparison writes only the difference; production is not written without its name typed', async () => {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff);
    const original = tab.input.original;

    // Production: the typed-name question is dismissed, nothing is written.
    const pending = vscode.commands.executeCommand(COMMANDS.applySettingsTo, original, LIVE);
    let settled = false;
    void Promise.resolve(pending).finally(() => { settled = true; });
    for (let i = 0; i < 40 && !settled; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
    assert.equal(await pending, undefined);
    assert.deepEqual(await writes(), { 'settings.terminal.update': 1 }, 'nothing reached production (the one update is the set-up\'s)');

    const applied = await vscode.commands.executeCommand<{ applied: string[]; failed: string[] }>(COMMANDS.applySettingsTo, original, STAGING, true);
    assert.deepEqual(applied, { applied: ['terminal'], failed: [] });
    assert.deepEqual(await writes(), { 'settings.terminal.update': 2 }, 'one write: the group that differs');
    const answer = await fetch(`${other.gatewayUrl}/rest/v2/settings/terminal`, { headers: { 'api-key': other.apiKey, accept: 'application/json' } });
    assert.match(await answer.text(), /"batch-time-utc":"03:00"/);

    const again = await vscode.commands.executeCommand<{ applied: string[] }>(COMMANDS.applySettingsTo, original, STAGING, true);
    assert.deepEqual(again, { applied: [], failed: [] }, 'nothing left to change');
    assert.deepEqual(await writes(), { 'settings.terminal.update': 2 });
  });
});
