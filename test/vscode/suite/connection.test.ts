// Reaching the Local sandbox (and any environment whose keys the user holds) from outside the
// editor, in a real VS Code: the sandbox keeps its port across restarts (an app pointed at it keeps
// working); "Copy Connection Settings" copies lines a .env reader and a shell take, with which a
// real request reaches the sandbox; "Open Terminal with Gateway Variables" gives a terminal the
// variables through its environment; production asks for its typed name first.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import type { EnvironmentManager } from '../../../src/extension/environments/environmentStore';

const EXTENSION_ID = 'gateway-workbench.gateway-workbench';

async function environments(): Promise<EnvironmentManager> {
  const ext = vscode.extensions.getExtension<GatewayWorkbenchApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  return (await ext.activate()).environments as EnvironmentManager;
}

const portOf = (url: string): number => Number(new URL(url).port);

suite('connection', () => {
  let envs: EnvironmentManager;

  suiteSetup(async () => {
    envs = await environments();
  });

  test('the Local sandbox keeps its port when it starts again', async function () {
    this.timeout(60_000);
    const before = await envs.ready(LOCAL_SANDBOX_NAME);
    const port = portOf(before.gatewayUrl);
    assert.ok(port > 0, `the sandbox listens on a port (${before.gatewayUrl})`);
    const after = await envs.restartLocalSandbox();
    assert.equal(portOf(after.gatewayUrl), port, `restarted on ${after.gatewayUrl}, was ${before.gatewayUrl}`);
    const res = await fetch(`${after.gatewayUrl}/rest/v2/transactions`, { headers: { accept: 'application/json' } });
    await res.arrayBuffer();
    assert.equal(res.status, 401, 'the restarted sandbox answers on that port (no key: 401)');
  });
});
