// Reaching the Local sandbox (and any environment whose keys the user holds) from outside the
// editor, in a real VS Code: the sandbox keeps its port across restarts (an app pointed at it keeps
// working); "Copy Connection Settings" copies lines a .env reader and a shell take, with which a
// real request reaches the sandbox; "Open Terminal with Gateway Variables" gives a terminal the
// variables through its environment; production asks for its typed name first.
import assert from 'node:assert/strict';
import * as net from 'node:net';
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

/** A loopback server on a free port (another program holding it), until closed. */
async function portHolder(): Promise<{ port: number; close(): Promise<void> }> {
  const server = net.createServer(socket => socket.destroy());
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, close: () => new Promise(resolve => server.close(() => resolve())) };
}

const portSetting = () => vscode.workspace.getConfiguration('gatewayWorkbench.localSandbox');
const setPort = (port: number | undefined) => portSetting().update('port', port, vscode.ConfigurationTarget.Global);

suite('connection', () => {
  let envs: EnvironmentManager;

  suiteSetup(async () => {
    envs = await environments();
  });

  suiteTeardown(async () => {
    await setPort(undefined);
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

  test('gatewayWorkbench.localSandbox.port fixes the port; taken, the sandbox says which port and which setting', async function () {
    this.timeout(60_000);
    await envs.ready(LOCAL_SANDBOX_NAME);
    // A port free a moment ago: the setting moves the running sandbox there.
    const free = await portHolder();
    await free.close();
    await setPort(free.port);
    await envs.restartLocalSandbox();
    assert.equal(portOf(envs.get(LOCAL_SANDBOX_NAME)?.gatewayUrl ?? ''), free.port);

    const taken = await portHolder();
    try {
      await setPort(taken.port);
      await assert.rejects(envs.restartLocalSandbox(), (err: Error) => {
        assert.match(err.message, new RegExp(`port ${taken.port}\\b`));
        assert.match(err.message, /gatewayWorkbench\.localSandbox\.port/);
        return true;
      });
      assert.match(envs.localSandboxFailure?.() ?? '', new RegExp(`port ${taken.port}\\b`), 'the failure the tree and the notification show names the port');
    } finally {
      await taken.close();
    }
    // Back to 0: the port it had last time (the fixed one it bound).
    await setPort(0);
    const back = await envs.restartLocalSandbox();
    assert.equal(portOf(back.gatewayUrl), free.port);
  });
});
