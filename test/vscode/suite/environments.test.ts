// Environments in a real VS Code: the Local sandbox is there, first and active, starts on first
// use and keeps its state in global storage; environments added through the API's scripted
// entry points keep their keys in SecretStorage only (not in settings.json, not in the log); the
// production guard refuses and blocks; URLs need https except on loopback.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { requireOperation } from '../../../src/catalog';
import { COMMANDS, LOCAL_SANDBOX_NAME, type AddEnvironmentScript, type GatewayWorkbenchApi, type ScriptedEnvironments } from '../../../src/extension/contracts';
import type { EnvironmentManager } from '../../../src/extension/environments/environmentStore';
import { guardRequest } from '../../../src/extension/environments/productionGuard';
import type { Operation } from '../../../src/catalog/types';
import type { EnvironmentEntry } from '../../../src/extension/contracts';

/** Whether the extension's guard lets `operation` go to `env` (asking where it asks). */
const guardOperation = async (env: EnvironmentEntry, operation: Operation, body?: string): Promise<boolean> =>
  (await guardRequest(env, { operation, method: operation.method, path: operation.path, title: operation.title, body })) === undefined;

const EXTENSION_ID = 'gateway-workbench.gateway-workbench';
const CUSTOM = 'Env test loopback';
const RENAMED = 'Env test loopback renamed';
const PRODUCTION = 'Env test production';
const SECRET_API_KEY = 'envtest-api-key-3f9c1d7e5b';
const SECRET_ACCESS_KEY = 'envtest-access-key-8a2b6c4d';
const NEW_API_KEY = 'envtest-new-api-key-77e1a0';

async function extensionApi(): Promise<GatewayWorkbenchApi> {
  const ext = vscode.extensions.getExtension<GatewayWorkbenchApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  return ext.activate();
}

const environments = async (): Promise<EnvironmentManager> => (await extensionApi()).environments as EnvironmentManager;
const scripted = async (): Promise<ScriptedEnvironments> => (await extensionApi()).scripted;

/** <user-data>/User/globalStorage/<extension id>/local-sandbox.json → <user-data>. */
const userDataDir = (dataFile: string) => path.resolve(path.dirname(dataFile), '../../..');

function findFiles(dir: string, name: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(e => e.isFile() && e.name === name)
    .map(e => path.join(e.parentPath, e.name));
}

/** The "Gateway" LogOutputChannel's file, once it holds `expected`. */
async function gatewayLog(dataFile: string, expected: string): Promise<string> {
  let text = '';
  for (let i = 0; i < 40; i++) {
    text = findFiles(path.join(userDataDir(dataFile), 'logs'), 'Gateway.log').map(f => fs.readFileSync(f, 'utf8')).join('\n');
    if (text.includes(expected)) return text;
    await new Promise(r => setTimeout(r, 250));
  }
  assert.fail(`the Gateway log never showed "${expected}"; it holds:\n${text.slice(-2000)}`);
}

const addEnvironment = async (script: AddEnvironmentScript) => (await scripted()).addEnvironment(script);

suite('environments', () => {
  let envs: EnvironmentManager;
  let sandboxUrl = '';

  suiteSetup(async () => {
    envs = await environments();
    for (const name of [CUSTOM, RENAMED, PRODUCTION]) if (envs.get(name)) await envs.remove(name);
  });

  suiteTeardown(async () => {
    await envs.setActive(LOCAL_SANDBOX_NAME);
    for (const name of [CUSTOM, RENAMED, PRODUCTION]) if (envs.get(name)) await envs.remove(name);
  });

  test('the Local sandbox is listed first, built in, and active by default', () => {
    const first = envs.list()[0];
    assert.equal(first.name, LOCAL_SANDBOX_NAME);
    assert.equal(first.kind, 'local');
    assert.equal(first.builtIn, true);
    assert.equal(envs.active().name, LOCAL_SANDBOX_NAME);
    assert.equal(envs.kindLabel('production'), 'Production');
  });

  test('the Local sandbox starts on first use and answers a real request', async () => {
    const client = await envs.client(LOCAL_SANDBOX_NAME);
    const result = await client.send({ operation: 'achProviders.list' });
    assert.equal(result.status, 200);
    sandboxUrl = envs.get(LOCAL_SANDBOX_NAME)!.gatewayUrl;
    assert.match(sandboxUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    const keys = await envs.credentials(LOCAL_SANDBOX_NAME);
    assert.ok(keys?.apiKey && keys.accessKey && keys.merchantId, 'the generated keys are in SecretStorage');
    assert.strictEqual(await envs.client(LOCAL_SANDBOX_NAME), client, 'one client per environment');
  });

  test('the sandbox keeps its state in the extension\'s global storage', () => {
    const file = envs.localSandboxDataFile;
    assert.ok(file.includes(`${path.sep}globalStorage${path.sep}`), file);
    assert.ok(fs.existsSync(file), `${file} exists`);
  });

  test('the runtime\'s compiled code is cached in the same storage, for the next start', async () => {
    // Written a little after the runtime loads (src/extension/lazy/bundleLoader.ts).
    const folder = path.join(path.dirname(envs.localSandboxDataFile), 'code-cache');
    const cached = () => (fs.existsSync(folder) ? fs.readdirSync(folder).filter(f => /^runtime-[0-9a-f]{16}\.v8cache$/.test(f)) : []);
    for (let waited = 0; cached().length === 0 && waited < 10_000; waited += 250) await new Promise(resolve => setTimeout(resolve, 250));
    assert.equal(cached().length, 1, `no code cache of dist/runtime.js in ${folder}`);
    assert.ok(fs.statSync(path.join(folder, cached()[0])).size > 100_000, 'the code cache is nearly empty');
  });

  test('the sandbox control commands move its clock', async () => {
    const control = await envs.localSandboxControl();
    const before = control.now().getTime();
    const moved = await vscode.commands.executeCommand<Date>(COMMANDS.sandboxNextAchWindow);
    assert.ok(new Date(moved).getTime() > before);
    assert.ok(control.now().getTime() >= new Date(moved).getTime());
  });

  test('plain http to a public host is refused; loopback http is allowed', async () => {
    await assert.rejects(
      addEnvironment({ name: 'Env test public http', kind: 'custom', gatewayUrl: 'http://gateway.example.com', boardingUrl: 'https://boarding.example.com', apiKey: 'x' }),
      /plain http/,
    );
    assert.equal(envs.get('Env test public http'), undefined);
    await assert.rejects(
      addEnvironment({ name: LOCAL_SANDBOX_NAME, kind: 'custom', gatewayUrl: sandboxUrl, boardingUrl: sandboxUrl }),
      /built-in/,
    );
    const added = await addEnvironment({
      name: CUSTOM, kind: 'custom', gatewayUrl: sandboxUrl, boardingUrl: sandboxUrl,
      apiKey: SECRET_API_KEY, accessKey: SECRET_ACCESS_KEY, merchantId: '123456',
    });
    assert.equal(added?.name, CUSTOM);
    assert.equal(added?.readOnly, false);
    assert.deepEqual(envs.list().map(e => e.name).slice(-1), [CUSTOM]);
  });

  test('keys are in SecretStorage, neither in settings.json nor in the log', async () => {
    assert.deepEqual(await envs.credentials(CUSTOM), { apiKey: SECRET_API_KEY, accessKey: SECRET_ACCESS_KEY, merchantId: '123456' });
    // Set keys through the API's scripted entry point: the AccessKey stays as it was.
    await (await scripted()).setKeys(CUSTOM, { apiKey: NEW_API_KEY });
    assert.deepEqual(await envs.credentials(CUSTOM), { apiKey: NEW_API_KEY, accessKey: SECRET_ACCESS_KEY, merchantId: '123456' });

    // The sandbox refuses the unknown key (401), which the client logs: without the key.
    const result = await (await envs.client(CUSTOM)).send({ operation: 'achProviders.list' });
    assert.equal(result.status, 401);

    const settingsFile = path.join(userDataDir(envs.localSandboxDataFile), 'User', 'settings.json');
    const settings = fs.readFileSync(settingsFile, 'utf8');
    assert.ok(settings.includes(CUSTOM), `the environment is in ${settingsFile}`);
    for (const secret of [SECRET_API_KEY, SECRET_ACCESS_KEY, NEW_API_KEY]) assert.ok(!settings.includes(secret), 'no key in settings.json');
    const inspected = vscode.workspace.getConfiguration('gatewayWorkbench').inspect('environments');
    assert.ok(!JSON.stringify(inspected).includes(NEW_API_KEY));

    const log = await gatewayLog(envs.localSandboxDataFile, `[${CUSTOM}] achProviders.list GET /rest/v2/ach/providers 401`);
    for (const secret of [SECRET_API_KEY, SECRET_ACCESS_KEY, NEW_API_KEY]) assert.ok(!log.includes(secret), 'no key in the log');
  });

  test('renaming carries the keys along; switching follows the active choice', async () => {
    await (await scripted()).editEnvironment(CUSTOM, { name: RENAMED });
    assert.equal(envs.get(CUSTOM), undefined);
    assert.equal((await envs.credentials(RENAMED))?.apiKey, NEW_API_KEY);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.switchEnvironment, { environmentName: RENAMED }), RENAMED);
    assert.equal(envs.active().name, RENAMED);
    await envs.remove(RENAMED);
    assert.equal(envs.active().name, LOCAL_SANDBOX_NAME, 'removing the active environment falls back to the Local sandbox');
    assert.equal(await envs.credentials(LOCAL_SANDBOX_NAME).then(k => !!k?.apiKey), true);
  });

  test('a command that fails resolves (no rejection reaches VS Code) and its one error handler logs why; the scripted entry point rejects instead', async () => {
    const missing = 'Env test nobody';
    assert.equal(await vscode.commands.executeCommand(COMMANDS.editEnvironment, missing), undefined);
    await gatewayLog(envs.localSandboxDataFile, `Edit Environment failed: There is no environment named "${missing}".`);
    await assert.rejects((await scripted()).editEnvironment(missing, { readOnly: true }), /no environment named/);
    await assert.rejects((await scripted()).setKeys(LOCAL_SANDBOX_NAME, { apiKey: 'x' }), /built in/);
  });

  test('a production environment starts read-only and the guard refuses a sale', async () => {
    const added = await addEnvironment({
      name: PRODUCTION, kind: 'production', gatewayUrl: 'https://gateway.clearent.net', boardingUrl: 'https://boarding.clearent.net', apiKey: 'envtest-prod-key',
    });
    assert.equal(added?.readOnly, true);
    const sale = requireOperation('transactions.sale');
    const env = envs.get(PRODUCTION)!;
    assert.equal(await guardOperation(env, sale, sale.sample), false, 'read-only refuses a sale');
    assert.equal(await guardOperation(env, requireOperation('transactions.search')), true, 'reads pass');
  });

  test('turning read-only off on production asks first; unanswered, it stays read-only', async () => {
    // With the smoke-test driver, a modal dialog is dismissed: no confirmation, no change.
    assert.equal(await vscode.commands.executeCommand(COMMANDS.toggleReadOnly, PRODUCTION), true);
    assert.equal(envs.get(PRODUCTION)?.readOnly, true);
  });

  test('without read-only, production still needs the typed confirmation; dismissed, nothing is sent', async function () {
    this.timeout(20_000);
    await (await scripted()).editEnvironment(PRODUCTION, { readOnly: false });
    const env = envs.get(PRODUCTION)!;
    assert.equal(env.readOnly, false);
    const sale = requireOperation('transactions.sale');
    assert.equal(await dismissingQuickInput(() => guardOperation(env, sale, sale.sample)), false);
    assert.equal(await guardOperation(envs.get(LOCAL_SANDBOX_NAME)!, sale, sale.sample), true, 'the Local sandbox never asks');
  });

  test('"Open Examples" copies the packaged examples into gateway-examples/, and never over a file the user changed', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the test workspace has a folder');
    const first = await vscode.commands.executeCommand<vscode.Uri[]>(COMMANDS.sandboxOpenExamples);
    const names = first.map(uri => path.basename(uri.fsPath)).sort();
    const shipped = fs.readdirSync(path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'examples')).filter(f => f.endsWith('.gwreq')).sort();
    assert.ok(shipped.length >= 9, `the package ships ${shipped.length} examples`);
    assert.deepEqual(names, shipped);
    for (const uri of first) assert.equal(path.dirname(uri.fsPath), path.join(folder, 'gateway-examples'));
    assert.equal(path.basename(vscode.window.activeTextEditor?.document.fileName ?? ''), 'card-transactions.gwreq');
    const mine = path.join(folder, 'gateway-examples', 'batches.gwreq');
    fs.writeFileSync(mine, '# my own notes\n');
    await vscode.commands.executeCommand(COMMANDS.sandboxOpenExamples);
    assert.equal(fs.readFileSync(mine, 'utf8'), '# my own notes\n', 'a file the user changed was overwritten');
    // The examples stay (the Testing view lists them); batches.gwreq as it shipped.
    fs.copyFileSync(path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'examples', 'batches.gwreq'), mine);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});

/** Runs `ask` and dismisses the quick input it opens (as Escape would); returns its answer. */
async function dismissingQuickInput<T>(ask: () => Promise<T>): Promise<T> {
  const answer = ask();
  let settled = false;
  void answer.finally(() => { settled = true; });
  for (let i = 0; i < 40 && !settled; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  }
  return answer;
}
