// The Traffic view in a real VS Code: an outside process (curl) sending a sale with a misspelt
// field to the Local sandbox shows up with the request-file check's finding, redacted; "Open as
// request file" gives a file that, once fixed, sends successfully; Generate Code works from an
// exchange; a proxy recording opens in the same view.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import { TRAFFIC_COMMANDS } from '../../../src/extension/traffic/ids';
import { activateExtension, waitFor } from './support/extensionUnderTest';

const VISA = '4111111111111111';

function curl(args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout }));
  });
}

suite('the Traffic view', () => {
  let a: GatewayWorkbenchApi;

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await activateExtension();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
  });

  test('curl\'s sale with a misspelt field shows with the finding; opened as a request file and fixed, it sends', async function () {
    this.timeout(60_000);
    const env = await a.environments.ready(LOCAL_SANDBOX_NAME);
    const credentials = await a.environments.credentials(LOCAL_SANDBOX_NAME);
    assert.ok(credentials?.apiKey);
    const body = JSON.stringify({ type: 'SALE', amount: '31.00', card: VISA, 'exp-date': '1230', csc: '999', invoce: 'CURL-1' });
    const sent = await curl(['-sS', '-X', 'POST', `${env.gatewayUrl}/rest/v2/transactions/sale`, '-H', `api-key: ${credentials.apiKey}`, '-H', 'Content-Type: application/json', '--data-binary', body]);
    assert.equal(sent.code, 0);
    assert.match(sent.stdout, /APPROVED/);

    const entry = await waitFor('the curl exchange in the Traffic view', () => a.traffic.entries().find((e) => e.exchange.requestBody?.includes('CURL-1')));
    assert.equal(entry.source, LOCAL_SANDBOX_NAME);
    assert.match(entry.sender.label, /^curl\/\d/, 'who sent it, from its User-Agent');
    assert.equal(entry.sender.workbench, undefined);
    assert.deepEqual([entry.exchange.method, entry.exchange.path, entry.exchange.status, entry.exchange.operationId], ['POST', '/rest/v2/transactions/sale', 200, 'transactions.sale']);
    const finding = entry.exchange.findings.find((f) => f.code === 'unknown-field');
    assert.ok(finding, JSON.stringify(entry.exchange.findings));
    assert.match(finding.message, /"invoce".*"invoice"/);
    const kept = JSON.stringify(entry.exchange);
    assert.ok(!kept.includes(VISA) && !kept.includes(credentials.apiKey), 'redacted: no card number, no key');

    const doc = (await vscode.commands.executeCommand(TRAFFIC_COMMANDS.openAsRequestFile, entry.id)) as vscode.TextDocument;
    assert.equal(doc.languageId, 'gateway-request');
    assert.match(doc.getText(), /^POST \{\{gatewayUrl\}\}\/rest\/v2\/transactions\/sale$/m);
    const fixed = doc.getText().replace('"invoce"', '"invoice"').replace(/"card":"[^"]*"/, `"card":"${VISA}"`).replace('"csc":"***"', '"csc":"999"');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), fixed);
    assert.ok(await vscode.workspace.applyEdit(edit));
    const result = (await vscode.commands.executeCommand(COMMANDS.sendRequestAt, doc.uri, 0)) as { status: number } | undefined;
    assert.equal(result?.status, 200);
    const resent = await waitFor('the fixed sale in the Traffic view', () => a.traffic.entries().find((e) => e.exchange.requestBody?.includes('"invoice":"CURL-1"')));
    assert.deepEqual(resent.sender, { label: 'Gateway Workbench (VS Code)', workbench: 'editor' }, 'the extension\'s own send says so');

    const code = (await vscode.commands.executeCommand(TRAFFIC_COMMANDS.generateCode, entry.id, 'python')) as string | undefined;
    assert.match(code ?? '', /GATEWAY_API_KEY/);
    assert.match(code ?? '', /\/rest\/v2\/transactions\/sale/);
  });

  test('a wrong Content-Type and a legacy path show with the shared rule set\'s findings', async function () {
    this.timeout(60_000);
    const env = await a.environments.ready(LOCAL_SANDBOX_NAME);
    const credentials = await a.environments.credentials(LOCAL_SANDBOX_NAME);
    assert.ok(credentials?.apiKey);
    const body = (invoice: string) => JSON.stringify({ type: 'sale', amount: '32.00', card: VISA, 'exp-date': '1230', invoice });
    const plain = await curl(['-sS', '-o', '/dev/null', '-w', '%{http_code}', '-X', 'POST', `${env.gatewayUrl}/rest/v2/transactions/sale`, '-H', `api-key: ${credentials.apiKey}`, '-H', 'Content-Type: text/plain', '--data-binary', body('CURL-PLAIN')]);
    assert.equal(plain.stdout, '415');
    const generic = await curl(['-sS', '-o', '/dev/null', '-w', '%{http_code}', '-X', 'POST', `${env.gatewayUrl}/rest/v2/transactions`, '-H', `api-key: ${credentials.apiKey}`, '-H', 'Content-Type: application/json', '--data-binary', body('CURL-GENERIC')]);
    assert.equal(generic.stdout, '200');

    const wrongType = await waitFor('the text/plain exchange', () => a.traffic.entries().find((e) => e.exchange.requestBody?.includes('CURL-PLAIN')));
    assert.deepEqual(wrongType.exchange.findings.map((f) => f.code), ['content-type-mismatch']);
    const legacy = await waitFor('the generic-endpoint exchange', () => a.traffic.entries().find((e) => e.exchange.requestBody?.includes('CURL-GENERIC')));
    assert.deepEqual(legacy.exchange.findings.map((f) => f.code), ['legacy-form']);
    assert.match(legacy.exchange.findings[0]!.message, /\/rest\/v2\/transactions\/sale/);
  });

  test('a proxy recording opens in the same view', async function () {
    this.timeout(30_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'traffic-'));
    try {
      const file = path.join(dir, 'gateway-traffic.jsonl');
      const exchange = {
        at: new Date().toISOString(), method: 'GET', path: '/rest/v2/transactions?limit=5', operationId: 'transactions.search', status: 200, timeMs: 12,
        requestHeaders: { accept: 'application/json', 'User-Agent': 'okhttp/4.12.0' }, responseHeaders: {}, findings: [],
      };
      fs.writeFileSync(file, `${JSON.stringify(exchange)}\n`);
      const count = (await vscode.commands.executeCommand(TRAFFIC_COMMANDS.openRecording, vscode.Uri.file(file))) as number;
      assert.equal(count, 1);
      const recorded = a.traffic.entries().find((e) => e.source === 'gateway-traffic.jsonl' && e.exchange.path === '/rest/v2/transactions?limit=5');
      assert.equal(recorded?.sender.label, 'okhttp/4.12.0', 'a recording\'s exchange says who sent it too');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
