// "Local Sandbox: Save Snapshot…" and "Local Sandbox: Start from Seed…" in a real VS Code, on
// the extension's own Local sandbox (its worker): a snapshot file without keys, a seed that
// replaces the data, a contradicting seed refused with the state unchanged. The file paths are
// passed as arguments, as a script does (the dialogs are for people).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import type { EnvironmentManager } from '../../../src/extension/environments/environmentStore';

const EXTENSION_ID = 'gateway-workbench.gateway-workbench';

async function environments(): Promise<EnvironmentManager> {
  const ext = vscode.extensions.getExtension<GatewayWorkbenchApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  return (await ext.activate()).environments as EnvironmentManager;
}

suite('Local sandbox seeds and snapshots', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-seed-ext-'));
  let before: string | undefined;

  suiteSetup(async () => {
    // What the Local sandbox held, put back at the end for the suites that follow.
    before = path.join(dir, 'before.gwseed.json');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.sandboxSaveSnapshot, undefined, before), before);
  });

  suiteTeardown(async () => {
    if (before) await vscode.commands.executeCommand(COMMANDS.sandboxStartFromSeed, undefined, before, true);
  });

  test('Save Snapshot writes the state as a seed, without the sandbox\'s keys', async () => {
    const envs = await environments();
    const keys = await envs.credentials(LOCAL_SANDBOX_NAME);
    const text = fs.readFileSync(before!, 'utf8');
    const doc = JSON.parse(text);
    assert.equal(doc.format, 'gateway-workbench-seed');
    assert.ok(Array.isArray(doc.transactions));
    const secrets = [keys?.apiKey, keys?.accessKey].filter((k): k is string => typeof k === 'string' && k.length >= 16);
    assert.equal(secrets.length, 2, 'the Local sandbox has its two keys');
    for (const secret of secrets) assert.ok(!text.includes(secret), 'a key in the snapshot file');
  });

  test('Start from Seed replaces the data and the clock; Reset goes back to the seed', async () => {
    const envs = await environments();
    const seedFile = path.join(dir, 'shop.gwseed.json');
    fs.writeFileSync(seedFile, JSON.stringify({
      clock: '2026-03-31T17:55:00-05:00',
      transactions: [{ amount: '25.00', status: 'settled' }, { amount: '30.00', status: 'settled' }],
      customers: [{ 'first-name': 'Ada', 'last-name': 'L', tokens: [{}], plans: [{ 'payment-amount': '50.00' }] }],
    }));
    assert.equal(await vscode.commands.executeCommand(COMMANDS.sandboxStartFromSeed, undefined, seedFile, true), seedFile);
    const control = await envs.localSandboxControl();
    assert.equal(control.now().toISOString().slice(0, 16), '2026-03-31T22:55');
    const seeded = await control.snapshot();
    assert.deepEqual((seeded.transactions as Array<{ amountCents: number }>).map(t => t.amountCents), [2500, 3000]);
    assert.equal((seeded.plans as unknown[]).length, 1);
    await control.advanceClock(86_400_000);
    await control.reset();
    assert.equal(control.now().toISOString().slice(0, 16), '2026-03-31T22:55');
    assert.equal(((await control.snapshot()).transactions as unknown[]).length, 2);
  });

  test('a restart of the Local sandbox keeps its seed: Reset still goes back to it (the seed is kept beside its data file)', async function () {
    this.timeout(60_000);
    const envs = await environments();
    const seedFile = path.join(dir, 'kept.gwseed.json');
    fs.writeFileSync(seedFile, JSON.stringify({ clock: '2026-05-04T09:30:00-05:00', transactions: [{ amount: '12.00', card: '5454545454545454' }] }));
    assert.equal(await vscode.commands.executeCommand(COMMANDS.sandboxStartFromSeed, undefined, seedFile, true), seedFile);
    const kept = envs.localSandboxSeed?.();
    assert.ok(kept, 'the seed is kept');
    const keptText = fs.readFileSync(kept, 'utf8');
    assert.ok(keptText.includes('"amountCents":1200') && !keptText.includes('5454545454545454'), 'the kept seed is the sandbox\'s records, with no full card number');
    await (await envs.localSandboxControl()).advanceClock(3 * 86_400_000);
    await envs.restartLocalSandbox();
    const control = await envs.localSandboxControl();
    assert.equal(control.now().toISOString().slice(0, 10), '2026-05-07', 'the restarted sandbox kept its state');
    await control.reset();
    assert.equal(control.now().toISOString().slice(0, 16), '2026-05-04T14:30', 'Reset after a restart went back to the seed');
    assert.deepEqual(((await control.snapshot()).transactions as Array<{ amountCents: number }>).map(t => t.amountCents), [1200]);
  });

  test('a seed that contradicts itself is refused and changes nothing', async () => {
    const envs = await environments();
    const control = await envs.localSandboxControl();
    const held = (await control.snapshot()).transactions;
    const bad = path.join(dir, 'bad.gwseed.json');
    fs.writeFileSync(bad, JSON.stringify({ transactions: [{}, {}, {}, { type: 'REFUND', 'original-id': '42' }] }));
    assert.equal(await vscode.commands.executeCommand(COMMANDS.sandboxStartFromSeed, undefined, bad, true), undefined);
    await assert.rejects(control.loadSeed(JSON.parse(fs.readFileSync(bad, 'utf8'))), /\$\.transactions\[3\]\.original-id/);
    assert.deepEqual((await control.snapshot()).transactions, held);
  });

  test('both commands are on the Local sandbox\'s menu', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { menus: Record<string, Array<{ command: string; when?: string }>> } };
    const items = manifest.contributes.menus['view/item/context'].filter(m => m.when?.includes('environment\\.local'));
    for (const command of [COMMANDS.sandboxSaveSnapshot, COMMANDS.sandboxStartFromSeed]) assert.ok(items.some(m => m.command === command), command);
  });
});
