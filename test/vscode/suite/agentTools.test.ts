// The gateway's agent tools as Language Model Tools in a real VS Code: registered under their
// names, called through `vscode.lm.invokeTool` as an agent calls them. Before a write, VS Code
// shows the confirmation the tool prepares, naming each operation and the environment; reads ask
// nothing. (VS Code answers its own dialogs "yes" while extension tests run, so the plan is read
// from the registered tool's prepareInvocation and the call then goes through invokeTool.) A sale
// and a chained refund reach the Local sandbox once, the card masked; a cancelled call sends
// nothing; production needs the typed name (cancelled here: nothing sent); read-only refuses; and
// the MCP entry for other agents is written with no key and never through a symbolic link.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import type { EnvironmentManager } from '../../../src/extension/environments/environmentStore';

const EXTENSION_ID = 'gateway-workbench.gateway-workbench';
const LIVE = 'Agent test live';
const STAGING = 'Agent test staging';
const STAGING_KEY = 'agent-staging-key-7f3a9c1e5b2d';
const NAMES = ['gateway_catalog_search', 'gateway_describe_operation', 'gateway_lint_request', 'gateway_send_request', 'gateway_sandbox', 'gateway_generate_code'];

const saleText = (name: string, amount: string) => [
  `# @name ${name}`,
  '# @expect status 200',
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',
  'Content-Type: application/json',
  '',
  `{ "type": "SALE", "amount": "${amount}", "card": "4111111111111111", "exp-date": "1230", "csc": "999" }`,
  '',
].join('\n');

const CHAIN = `${saleText('sale', '31.00')}
###
# @expect status 200
POST {{gatewayUrl}}/rest/v2/transactions/refund
Content-Type: application/json

{ "type": "REFUND", "id": "{{sale.payload.transaction.id}}", "amount": "5.00" }
`;

interface SendReport {
  environment: { name: string; kind: string };
  passed: boolean;
  requests: Array<{ operation?: string; status?: number; state: string; answer?: unknown }>;
}

async function api(): Promise<GatewayWorkbenchApi> {
  const ext = vscode.extensions.getExtension<GatewayWorkbenchApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  return ext.activate();
}

const textOf = (result: vscode.LanguageModelToolResult) => result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');

const token = () => new vscode.CancellationTokenSource().token;

async function tool(name: string): Promise<vscode.LanguageModelTool<Record<string, unknown>>> {
  const found = (await api()).testing!.agentTools().get(name);
  assert.ok(found, `${name} is registered`);
  return found;
}

suite('agent tools (Language Model Tools)', () => {
  let environments: EnvironmentManager;
  let localKey: string;
  const sales = async () => (await environments.localSandboxControl().then((c) => c.stats())).byOperation['transactions.sale'] ?? 0;
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-agent-outside-'));
  const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
  const mcpFolder = path.join(workspace, 'agent-mcp');
  const linkedFolder = path.join(workspace, 'agent-mcp-linked');

  suiteSetup(async function () {
    this.timeout(60_000);
    const a = await api();
    environments = a.environments as EnvironmentManager;
    const local = await environments.ready(LOCAL_SANDBOX_NAME);
    localKey = (await environments.credentials(LOCAL_SANDBOX_NAME))?.apiKey ?? '';
    assert.ok(localKey.length > 8);
    // "Production" here is the Local sandbox under another name, so what reaches it can be counted.
    await a.scripted.addEnvironment({ name: LIVE, kind: 'production', gatewayUrl: local.gatewayUrl, boardingUrl: local.boardingUrl, readOnly: false, apiKey: localKey });
    await a.scripted.addEnvironment({ name: STAGING, kind: 'sandbox', gatewayUrl: 'https://sandbox.agent-test.example', boardingUrl: 'https://boarding.agent-test.example', readOnly: false, apiKey: STAGING_KEY });
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const name of [LIVE, STAGING]) await environments.remove(name).catch(() => undefined);
    for (const dir of [outside, mcpFolder, linkedFolder]) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the six tools are registered under their names, with their input schemas', () => {
    const ours = vscode.lm.tools.filter((t) => t.tags.includes('gateway-workbench'));
    assert.deepEqual(ours.map((t) => t.name).sort(), [...NAMES].sort());
    const send = ours.find((t) => t.name === 'gateway_send_request')!;
    assert.deepEqual((send.inputSchema as { required: string[] }).required, ['text']);
  });

  test('a catalog search through vscode.lm.invokeTool finds the refund', async () => {
    const result = await vscode.lm.invokeTool('gateway_catalog_search', { input: { query: 'refund card' }, toolInvocationToken: undefined });
    assert.match(textOf(result), /transactions\.refund/);
  });

  test('a sale and a chained refund: the confirmation names both operations and the Local sandbox; through invokeTool both are sent once, the card masked', async function () {
    this.timeout(60_000);
    const prepared = await (await tool('gateway_send_request')).prepareInvocation!({ input: { text: CHAIN } }, token());
    const confirmation = prepared?.confirmationMessages;
    assert.ok(confirmation, 'a write is confirmed first');
    assert.match(String(confirmation.title), /2 requests that change data to Local sandbox/);
    assert.match(String(confirmation.message), /Sale \(POST \/rest\/v2\/transactions\/sale\) moves money, amount 31\.00/);
    assert.match(String(confirmation.message), /Refund \(POST \/rest\/v2\/transactions\/refund\) moves money/);
    assert.match(String(confirmation.message), /"Local sandbox" \(local\)/);
    const before = await sales();
    const result = await vscode.lm.invokeTool('gateway_send_request', { input: { text: CHAIN }, toolInvocationToken: undefined });
    const text = textOf(result);
    const report = JSON.parse(text) as SendReport;
    assert.equal(report.environment.name, LOCAL_SANDBOX_NAME);
    assert.equal(report.passed, true, text);
    assert.deepEqual(report.requests.map((r) => [r.operation, r.status]), [['transactions.sale', 200], ['transactions.refund', 200]]);
    assert.equal(await sales(), before + 1, 'the sale reached the Local sandbox once');
    assert.doesNotMatch(text, /4111111111111111/);
    assert.ok(!text.includes(localKey), 'no key in the answer');
  });

  test('a call cancelled before it runs sends nothing', async () => {
    const before = await sales();
    const source = new vscode.CancellationTokenSource();
    source.cancel();
    await assert.rejects(Promise.resolve(vscode.lm.invokeTool('gateway_send_request', { input: { text: saleText('cancelled', '32.00') }, toolInvocationToken: undefined }, source.token)));
    assert.equal(await sales(), before);
  });

  test('a read goes without a question', async () => {
    const text = 'GET {{gatewayUrl}}/rest/v2/transactions?page=1\n';
    const prepared = await (await tool('gateway_send_request')).prepareInvocation!({ input: { text } }, token());
    assert.equal(prepared?.confirmationMessages, undefined);
    const report = JSON.parse(textOf(await vscode.lm.invokeTool('gateway_send_request', { input: { text }, toolInvocationToken: undefined }))) as SendReport;
    assert.equal(report.requests[0]?.status, 200);
  });

  test('production: the plan says so; the typed name is asked when it runs, and cancelling it sends nothing', async function () {
    this.timeout(60_000);
    const send = await tool('gateway_send_request');
    const prepared = await send.prepareInvocation!({ input: { text: saleText('live', '33.00'), environment: LIVE } }, token());
    const confirmation = prepared?.confirmationMessages;
    assert.ok(confirmation);
    assert.match(String(confirmation.message), new RegExp(`"${LIVE}" \\(PRODUCTION\\)`));
    assert.match(String(confirmation.message), new RegExp(`type its name, ${LIVE}`));
    const before = await sales();
    // After VS Code's confirmation the tool runs: the production guard's input box opens; Escape.
    const call = Promise.resolve(vscode.lm.invokeTool('gateway_send_request', { input: { text: saleText('live', '33.00'), environment: LIVE }, toolInvocationToken: undefined }));
    let settled = false;
    void call.finally(() => { settled = true; });
    while (!settled) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
    // A refusal is an answer the agent reads (not a thrown error, which VS Code would log with the card in it).
    assert.match(textOf(await call), /^Error: [\s\S]*did not confirm[\s\S]*nothing was sent/);
    assert.equal(await sales(), before);
  });

  test('read-only production refuses a write without the typed-name box; an unknown environment is named with the ones there are', async () => {
    await environments.setReadOnly(LIVE, true);
    const before = await sales();
    const voidText = '# @name void\nPOST {{gatewayUrl}}/rest/v2/transactions/void\nContent-Type: application/json\n\n{"type":"VOID","id":"1"}\n';
    const prepared = await (await tool('gateway_send_request')).prepareInvocation!({ input: { text: voidText, environment: LIVE } }, token());
    assert.match(String(prepared?.confirmationMessages?.message), /read-only: these will be refused/);
    assert.match(textOf(await vscode.lm.invokeTool('gateway_send_request', { input: { text: voidText, environment: LIVE }, toolInvocationToken: undefined })), /^Error: [\s\S]*read-only/);
    assert.equal(await sales(), before);
    assert.match(textOf(await vscode.lm.invokeTool('gateway_send_request', { input: { text: 'GET {{gatewayUrl}}/rest/v2/transactions\n', environment: 'Nowhere' }, toolInvocationToken: undefined })), /^Error: .*no environment "Nowhere".*Local sandbox/);
  });

  test('Add MCP Server writes the entry and the environments file with no key, and never through a link', async () => {
    fs.mkdirSync(mcpFolder, { recursive: true });
    const done = await vscode.commands.executeCommand<{ mcpJson: string; config?: string }>('gateway.addMcpServer', { folder: mcpFolder, environments: [STAGING] });
    assert.ok(done, 'the command wrote the files');
    const mcp = JSON.parse(fs.readFileSync(path.join(mcpFolder, '.vscode/mcp.json'), 'utf8'));
    const server = mcp.servers['gateway-workbench'];
    assert.equal(server.command, 'npx');
    assert.deepEqual(server.args, ['--no', 'gateway-workbench', 'mcp', '--config', '${workspaceFolder}/gateway-workbench.json']);
    assert.equal(server.env.GATEWAY_API_KEY_AGENT_TEST_STAGING, '${input:gateway-agent-test-staging-apikey}');
    const config = JSON.parse(fs.readFileSync(path.join(mcpFolder, 'gateway-workbench.json'), 'utf8'));
    assert.equal(config.environments[0].gatewayUrl, 'https://sandbox.agent-test.example');
    for (const file of ['.vscode/mcp.json', 'gateway-workbench.json']) {
      assert.ok(!fs.readFileSync(path.join(mcpFolder, file), 'utf8').includes(STAGING_KEY), `${file} holds no key`);
    }
    // A stranger's repository whose .vscode/mcp.json links to a file of the user's.
    const victim = path.join(outside, 'victim.txt');
    fs.writeFileSync(victim, 'mine\n');
    fs.mkdirSync(path.join(linkedFolder, '.vscode'), { recursive: true });
    fs.symlinkSync(victim, path.join(linkedFolder, '.vscode/mcp.json'));
    const refused = await vscode.commands.executeCommand('gateway.addMcpServer', { folder: linkedFolder, environments: [] });
    assert.equal(refused, undefined);
    assert.equal(fs.readFileSync(victim, 'utf8'), 'mine\n');
  });
});
