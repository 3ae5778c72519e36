// Activation in a real VS Code: nothing of ours runs until the user touches our view, language,
// URI handler or commands; then every command is there and activate() returns the API.
// This file sorts first among the suites, so it sees the extension before anything activates it.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { operations } from '../../../src/catalog';
import { COMMANDS, REQUEST_LANGUAGE_ID, TREE_VIEW_ID, operationCommandId, type GatewayWorkbenchApi } from '../../../src/extension/contracts';

const EXTENSION_ID = 'gateway-workbench.gateway-workbench';

function extension(): vscode.Extension<GatewayWorkbenchApi> {
  const ext = vscode.extensions.getExtension<GatewayWorkbenchApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  return ext;
}

suite('activation', () => {
  test('the extension is not active before we touch it', () => {
    assert.equal(extension().isActive, false, 'something activated the extension at startup');
  });

  test('it declares only our view, language, URI handler and commands as activation events', () => {
    const manifest = extension().packageJSON as { activationEvents: string[]; contributes: { commands: { command: string }[] } };
    const commands = new Set(manifest.contributes.commands.map(c => c.command));
    assert.ok(manifest.activationEvents.length > 0);
    for (const event of manifest.activationEvents) {
      const allowed = event === `onView:${TREE_VIEW_ID}` || event === `onLanguage:${REQUEST_LANGUAGE_ID}` || event === 'onUri'
        || (event.startsWith('onCommand:') && commands.has(event.slice('onCommand:'.length)));
      assert.ok(allowed, `activation event not allowed: ${event}`);
    }
  });

  test('executing gateway.showLog activates it', async () => {
    await vscode.commands.executeCommand(COMMANDS.showLog);
    assert.equal(extension().isActive, true);
  });

  test(`all ${operations.length} operation commands are registered`, async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = operations.map(op => operationCommandId(op.id)).filter(id => !registered.has(id));
    assert.deepEqual(missing, []);
    assert.ok(operations.length >= 67);
  });

  test('every contributed command is registered', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const manifest = extension().packageJSON as { contributes: { commands: { command: string }[] } };
    const missing = manifest.contributes.commands.map(c => c.command).filter(id => !registered.has(id));
    assert.deepEqual(missing, []);
  });

  test('activate() returns the API: environments, runner, results, tree, history', async () => {
    const api = await extension().activate();
    assert.ok(api, 'activate() returned nothing');
    assert.equal(typeof api.environments.list, 'function');
    assert.equal(api.environments.active().builtIn, true, 'the Local sandbox is the default environment');
    assert.equal(typeof api.runner.run, 'function');
    assert.equal(typeof api.runner.send, 'function');
    assert.equal(typeof api.results.show, 'function');
    assert.equal(typeof api.tree.getChildren, 'function');
    assert.ok(Array.isArray(api.history()));
  });
});
