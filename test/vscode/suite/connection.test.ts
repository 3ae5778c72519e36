// Reaching the Local sandbox (and any environment whose keys the user holds) from outside the
// editor, in a real VS Code: the sandbox keeps its port across restarts (an app pointed at it keeps
// working); "Copy Connection Settings" copies lines a .env reader and a shell take, with which a
// real request reaches the sandbox; "Open Terminal with Gateway Variables" gives a terminal the
// variables through its environment; production asks for its typed name first.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as net from 'node:net';
import * as vscode from 'vscode';
import { COMMANDS, LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi, type ScriptedEnvironments } from '../../../src/extension/contracts';
import type { EnvironmentManager } from '../../../src/extension/environments/environmentStore';

const EXTENSION_ID = 'gateway-workbench.gateway-workbench';

const PRODUCTION = 'Connection test "Live" $(touch pwned)';
const PRODUCTION_KEY = 'conntest-live-key-5d1e9b2a';

async function extensionApi(): Promise<GatewayWorkbenchApi> {
  const ext = vscode.extensions.getExtension<GatewayWorkbenchApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  return ext.activate();
}

/** `NAME='value'` lines (what a .env reader takes) as a map; a line of another shape fails the test. */
function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([A-Z_][A-Z0-9_]*)='([^']*)'$/.exec(line);
    assert.ok(m, `not a .env line: ${line}`);
    values[m[1]] = m[2];
  }
  return values;
}

/** Runs `ask` and dismisses the quick input it opens (as Escape would); returns its answer. */
async function dismissingQuickInput<T>(ask: () => Thenable<T>): Promise<T> {
  const answer = Promise.resolve(ask());
  let settled = false;
  void answer.finally(() => { settled = true; });
  for (let i = 0; i < 40 && !settled; i++) {
    await new Promise(resolve => setTimeout(resolve, 250));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  }
  return answer;
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

  let scripted: ScriptedEnvironments;

  suiteSetup(async () => {
    const api = await extensionApi();
    envs = api.environments as EnvironmentManager;
    scripted = api.scripted;
    if (envs.get(PRODUCTION)) await envs.remove(PRODUCTION);
  });

  suiteTeardown(async () => {
    await setPort(undefined);
    if (envs.get(PRODUCTION)) await envs.remove(PRODUCTION);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
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

  test('"Copy Connection Settings" copies .env lines with the sandbox\'s URL and key, with which a real request reaches it', async () => {
    const local = await envs.ready(LOCAL_SANDBOX_NAME);
    const keys = await envs.credentials(LOCAL_SANDBOX_NAME);
    const names = await vscode.commands.executeCommand<string[]>(COMMANDS.copyConnectionSettings, { environmentName: LOCAL_SANDBOX_NAME }, 'dotenv');
    assert.deepEqual(names, ['GATEWAY_URL', 'BOARDING_URL', 'GATEWAY_BOARDING_URL', 'GATEWAY_API_KEY', 'GATEWAY_ACCESS_KEY', 'GATEWAY_MERCHANT_ID']);
    const copied = parseDotenv(await vscode.env.clipboard.readText());
    assert.equal(copied.GATEWAY_URL, local.gatewayUrl);
    assert.equal(copied.BOARDING_URL, local.boardingUrl);
    assert.equal(copied.GATEWAY_API_KEY, keys?.apiKey);
    assert.equal(copied.GATEWAY_ACCESS_KEY, keys?.accessKey);
    assert.equal(copied.GATEWAY_MERCHANT_ID, keys?.merchantId);
    const res = await fetch(`${copied.GATEWAY_URL}/rest/v2/transactions`, { headers: { 'api-key': copied.GATEWAY_API_KEY, accept: 'application/json' } });
    await res.arrayBuffer();
    assert.equal(res.status, 200, 'the copied key is the one the sandbox accepts');
  });

  test('with the copied shell exports, the "Copy as cURL" program runs as it is and reaches the sandbox', async function () {
    this.timeout(30_000);
    await vscode.commands.executeCommand(COMMANDS.copyConnectionSettings, LOCAL_SANDBOX_NAME, 'shell');
    const exports = await vscode.env.clipboard.readText();
    assert.match(exports, /^export GATEWAY_API_KEY='[^']+'$/m);
    const program = await vscode.commands.executeCommand<string>(COMMANDS.generateCode, { operationId: 'transactions.search' }, 'curl');
    assert.ok(program, 'a cURL program was generated');
    assert.doesNotMatch(program, new RegExp((await envs.credentials(LOCAL_SANDBOX_NAME))?.apiKey ?? '-'), 'the program never carries the key');
    assert.match(program, /Open Terminal with Gateway Variables/, 'the program says where its variables come from');
    const without = spawnSync('bash', ['-c', program], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
    assert.notEqual(without.status, 0, 'without the variables it stops');
    assert.match(without.stderr, /GATEWAY_API_KEY.*Copy Connection Settings/);
    const run = spawnSync('bash', ['-c', `${exports}\n${program}`], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /HTTP 200/);
  });

  test('"Open Terminal with Gateway Variables" gives the terminal the variables through its environment, not typed', async () => {
    const keys = await envs.credentials(LOCAL_SANDBOX_NAME);
    const name = await vscode.commands.executeCommand<string>(COMMANDS.openTerminalWithVariables, LOCAL_SANDBOX_NAME);
    assert.equal(name, `Gateway: ${LOCAL_SANDBOX_NAME}`);
    const terminal = vscode.window.terminals.find(t => t.name === name);
    assert.ok(terminal, 'the terminal is open');
    try {
      const options = terminal.creationOptions as vscode.TerminalOptions;
      assert.equal(options.env?.GATEWAY_URL, envs.get(LOCAL_SANDBOX_NAME)?.gatewayUrl);
      assert.equal(options.env?.GATEWAY_API_KEY, keys?.apiKey);
      assert.equal(options.env?.GATEWAY_MERCHANT_ID, keys?.merchantId);
      assert.equal(options.isTransient, true, 'not revived (with its keys) after a reload');
      assert.ok(!String(options.message).includes(keys?.apiKey ?? '-'), 'its first message names the variables, not the key');
    } finally {
      terminal.dispose();
    }
  });

  test('production: nothing is copied and no terminal opens without its typed name', async function () {
    this.timeout(30_000);
    await scripted.addEnvironment({ name: PRODUCTION, kind: 'production', gatewayUrl: 'https://gateway.clearent.net', boardingUrl: 'https://boarding.clearent.net', apiKey: PRODUCTION_KEY });
    await vscode.env.clipboard.writeText('before');
    assert.equal(await dismissingQuickInput(() => vscode.commands.executeCommand(COMMANDS.copyConnectionSettings, PRODUCTION, 'dotenv')), undefined);
    assert.equal(await vscode.env.clipboard.readText(), 'before', 'the clipboard is untouched');
    const terminals = vscode.window.terminals.length;
    assert.equal(await dismissingQuickInput(() => vscode.commands.executeCommand(COMMANDS.openTerminalWithVariables, PRODUCTION)), undefined);
    assert.equal(vscode.window.terminals.length, terminals, 'no terminal opened');
  });

  test('the Local sandbox\'s hover says how to get its keys (the two commands), never a key', async () => {
    const api = await extensionApi();
    const keys = await envs.credentials(LOCAL_SANDBOX_NAME);
    const roots = (await api.tree.getChildren()) ?? [];
    let local: vscode.TreeItem | undefined;
    for (const root of roots) {
      const item = await api.tree.getTreeItem(root);
      if (item.label === LOCAL_SANDBOX_NAME) local = item;
    }
    assert.ok(local, 'the Local sandbox is a root');
    const hover = local.tooltip as vscode.MarkdownString;
    assert.match(hover.value, new RegExp(`command:${COMMANDS.copyConnectionSettings.replace(/\./g, '\\.')}\\?`));
    assert.match(hover.value, new RegExp(`command:${COMMANDS.openTerminalWithVariables.replace(/\./g, '\\.')}\\?`));
    for (const secret of [keys?.apiKey, keys?.accessKey]) assert.ok(secret && !hover.value.includes(secret), 'no key in the hover');
  });

  test('an environment without keys: nothing copied, nothing opened', async () => {
    const name = 'Connection test keyless';
    if (envs.get(name)) await envs.remove(name);
    await scripted.addEnvironment({ name, kind: 'custom', gatewayUrl: 'http://127.0.0.1:9', boardingUrl: 'http://127.0.0.1:9' });
    try {
      await vscode.env.clipboard.writeText('before');
      assert.equal(await vscode.commands.executeCommand(COMMANDS.copyConnectionSettings, name, 'shell'), undefined);
      assert.equal(await vscode.env.clipboard.readText(), 'before');
      assert.equal(await vscode.commands.executeCommand(COMMANDS.openTerminalWithVariables, name), undefined);
      assert.ok(!vscode.window.terminals.some(t => t.name === `Gateway: ${name}`));
    } finally {
      await envs.remove(name);
    }
  });
});
