// Issue 35, defect 12: the lenses above a request must not grow with every environment ("▷ Send |
// Send to Staging | Send to Live | Send to Dead | Code…"). One "▷ Send (<target>)", one "Send to…"
// picker, one "Code…" — the same count however many environments exist — and "Send to…" sends to
// the environment picked in its quick pick.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import { activateExtension, waitFor } from './support/extensionUnderTest';

const SERVER_MS = 20_000;
const ADDED = ['Lens picker A', 'Lens picker B', 'Lens picker C'];

const FILE = [
  `# Environment: ${ADDED[2]}. Send with the lens.`, // 0
  '',                                                // 1
  '### Look a sale up',                              // 2
  'GET {{gatewayUrl}}/rest/v2/transactions/1',       // 3
  '',                                                // 4
  '### A sale',                                      // 5
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',   // 6
  'Content-Type: application/json',                  // 7
  '',                                                // 8
  '{ "type": "SALE", "amount": "3.00", "card": "4111111111111111", "exp-date": "1230" }', // 9
  '',
].join('\n');
const METHOD_LINES = [3, 6];

type Remover = { remove?(name: string): Promise<void> };

suite('lenses: one "Send to…" picker, not one lens per environment (issue 35)', () => {
  let a: GatewayWorkbenchApi;
  let dir: string;
  let uri: vscode.Uri;

  const lenses = async () => (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 100)) ?? [];
  const countsPerRequest = (found: vscode.CodeLens[]) => METHOD_LINES.map((line) => found.filter((l) => l.range.start.line === line).length);

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await activateExtension();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gwreq-lens-picker-'));
    uri = vscode.Uri.file(path.join(dir, 'picker.gwreq'));
    fs.writeFileSync(uri.fsPath, FILE);
  });

  suiteTeardown(async () => {
    for (const name of ADDED) await (a.environments as unknown as Remover).remove?.(name).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('adding three environments leaves the lens count of each request unchanged, and Send names its target', async function () {
    this.timeout(90_000);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    // Before: the file names an environment that does not exist yet, so Send goes to the active one.
    const before = await waitFor('the lenses', async () => {
      const found = await lenses();
      return found.some((l) => l.command?.title.startsWith('▷ Send')) ? found : undefined;
    }, SERVER_MS);
    const baseline = countsPerRequest(before);
    assert.ok(baseline.every((n) => n > 0), `a request without lenses: ${baseline.join(', ')}`);

    const local = await a.environments.ready(LOCAL_SANDBOX_NAME);
    const keys = await a.environments.credentials(LOCAL_SANDBOX_NAME);
    for (const name of ADDED) {
      await a.scripted.addEnvironment({ name, kind: 'sandbox', gatewayUrl: local.gatewayUrl, boardingUrl: local.boardingUrl, readOnly: false, ...keys });
    }
    // The server has heard of them once the file's header environment is the one Send names.
    const after = await waitFor(`the Send lens to name ${ADDED[2]}`, async () => {
      const found = await lenses();
      return found.some((l) => l.command?.title.startsWith('▷ Send') && l.command.title.includes(ADDED[2])) ? found : undefined;
    }, SERVER_MS);
    const titles = after.filter((l) => l.range.start.line === METHOD_LINES[1]).map((l) => l.command?.title);
    assert.deepEqual(countsPerRequest(after), baseline, `lenses per request grew with the environments: ${titles.join(' | ')}`);
    assert.deepEqual(titles, [`▷ Send (${ADDED[2]})`, 'Send to…', 'Code…']);
    assert.ok(!after.some((l) => /^Send to [^…]/.test(l.command?.title ?? '')), 'a lens per environment is back');
  });

  test('"Send to…" sends the request to the environment picked in its quick pick', async function () {
    this.timeout(90_000);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const found = await waitFor('the "Send to…" lens', async () => {
      const all = await lenses();
      return all.find((l) => l.range.start.line === METHOD_LINES[1] && l.command?.title === 'Send to…');
    }, SERVER_MS);
    const command = found.command!;
    const target = ADDED[1];
    const position = a.environments.list().findIndex((e) => e.name === target);
    assert.ok(position >= 0);
    const control = await a.environments.localSandboxControl();
    const sales = (await control.stats()).byOperation['transactions.sale'] ?? 0;
    const startedAt = new Date().toISOString();
    const sent = Promise.resolve(vscode.commands.executeCommand(command.command, ...(command.arguments ?? [])));
    // Pick `target` in the quick pick: move down to it and accept.
    await new Promise((r) => setTimeout(r, 1500));
    for (let i = 0; i < position; i++) await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const result = (await sent) as { status: number } | undefined;
    assert.equal(result?.status, 200);
    assert.equal((await control.stats()).byOperation['transactions.sale'], sales + 1);
    // History is newest first.
    const latest = a.history().find((h) => h.operationId === 'transactions.sale' && h.at >= startedAt);
    assert.equal(latest?.environmentName, target, 'the sale went to another environment than the one picked');
  });
});
