// Operations in a real VS Code: every operation command, request documents, Send Request,
// result editors (json, redacted), chaining a refund by id, the open batch's totals,
// cancellation and the production guard, history.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { operations, requireOperation } from '../../../src/catalog';
import type { GatewayResult } from '../../../src/core/answers/result';
import { LOCAL_SANDBOX_NAME, RESULT_SCHEME, REQUEST_LANGUAGE_ID, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import { activateExtension, gatewayLogText, waitFor } from './support/extensionUnderTest';

const FULL_PAN = '4111111111111111';

const api = activateExtension;

function resultEditor(): vscode.TextEditor {
  const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === RESULT_SCHEME && e === vscode.window.activeTextEditor)
    ?? vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === RESULT_SCHEME);
  assert.ok(editor, 'a result editor is open');
  return editor;
}

async function batchCounts(a: GatewayWorkbenchApi): Promise<{ sales: number; refunds: number }> {
  const result = await a.runner.send(requireOperation('batches.getOpen'), { environmentName: LOCAL_SANDBOX_NAME, show: false });
  assert.ok(result, 'the open batch was read');
  const count = (name: string) => Number(new RegExp(`<${name}>(\\d+)</${name}>`).exec(result.bodyText ?? '')?.[1] ?? NaN);
  return { sales: count('sales-count'), refunds: count('refund-count') };
}

suite('operations: commands, request documents, results', () => {
  let a: GatewayWorkbenchApi;
  let saleId = '';

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await api();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
  });

  test('request documents are in the gateway-request language', async () => {
    await vscode.commands.executeCommand('gateway.op.tokens.create');
    assert.equal(vscode.window.activeTextEditor?.document.languageId, REQUEST_LANGUAGE_ID, 'package.json must contribute the language (npm run manifest)');
  });

  test('a gateway.op.* command for each operation (the interface\'s 67 and those past it) is registered', async () => {
    const commands = new Set(await vscode.commands.getCommands(true));
    const missing = operations.filter((op) => !commands.has(`gateway.op.${op.id}`)).map((op) => op.id);
    assert.equal(operations.filter((op) => op.source === 'interface').length, 67);
    assert.deepEqual(missing, []);
  });

  test('a sale opens a request document with the sample; Send Request shows a json result, redacted', async function () {
    this.timeout(60_000);
    const before = await batchCounts(a);
    await vscode.commands.executeCommand('gateway.op.transactions.sale');
    const doc = vscode.window.activeTextEditor?.document;
    assert.ok(doc, 'an editor is active');
    assert.match(doc.getText(), /POST \/rest\/v2\/transactions\/sale/);
    assert.match(doc.getText(), /"amount": "25\.00"/);
    assert.match(doc.getText(), /Environment: Local sandbox/);

    const result = (await vscode.commands.executeCommand('gateway.sendRequest', doc.uri)) as GatewayResult | undefined;
    assert.ok(result, 'the request was sent');
    assert.equal(result.status, 200, result.bodyText);
    const editor = resultEditor();
    assert.equal(editor.document.languageId, 'json');
    assert.match(editor.document.getText(), /APPROVED/);
    assert.match(editor.document.getText(), /X{12}1111/, 'the card shows its last four');
    assert.match(editor.document.uri.path, /^\/Sale 200 OK \d+ms\.json$/);
    // Request documents are the user's own input (they hold the card to send), and so are the
    // programs Generate Code… makes of them (read-only `gateway-code` documents, once untitled ones); everything else must not.
    for (const open of vscode.workspace.textDocuments.filter((d) => d.languageId !== REQUEST_LANGUAGE_ID && d.uri.scheme !== 'untitled' && d.uri.scheme !== 'gateway-code')) {
      assert.ok(!open.getText().includes(FULL_PAN), `${open.uri.toString()} holds a full card number`);
    }
    saleId = String((result.parsed as { payload: { transaction: { id: string } } }).payload.transaction.id);
    assert.ok(saleId);
    const after = await batchCounts(a);
    assert.equal(after.sales, before.sales + 1, 'the open batch counts the sale');
    // The Gateway log holds exactly one line for this exchange, naming it and its exchange-id.
    const exchangeId = String(result.exchangeId);
    await waitFor('the exchange in the log', () => gatewayLogText().includes(exchangeId) || undefined);
    const lines = gatewayLogText().split('\n').filter((l) => l.includes(exchangeId));
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0], /\[Local sandbox\] transactions\.sale POST \/rest\/v2\/transactions\/sale 200 \d+ms exchange-id=/);
    assert.ok(!lines[0].includes(FULL_PAN));
  });

  test('a refund chained by the sale id gives a json result and the batch counts it', async function () {
    this.timeout(60_000);
    const before = await batchCounts(a);
    await vscode.commands.executeCommand('gateway.op.transactions.refund', { vars: { transactionId: saleId } });
    assert.ok(saleId, 'the sale test gave a transaction id');
    const doc = vscode.window.activeTextEditor?.document;
    assert.ok(doc?.getText().includes(`"id": "${saleId}"`), 'the refund names the sale');
    const result = (await vscode.commands.executeCommand('gateway.sendRequest', doc?.uri)) as GatewayResult | undefined;
    assert.ok(result);
    assert.equal(result.status, 200, result.bodyText);
    assert.equal(resultEditor().document.languageId, 'json');
    assert.match(resultEditor().document.getText(), /REFUND/);
    const after = await batchCounts(a);
    assert.equal(after.refunds, before.refunds + 1);
  });

  test('an unresolved variable sends nothing', async function () {
    this.timeout(30_000);
    const control = await a.environments.localSandboxControl();
    const requests = (await control.stats()).requests;
    await vscode.commands.executeCommand('gateway.op.transactions.refund');
    const result = await vscode.commands.executeCommand('gateway.sendRequest', vscode.window.activeTextEditor?.document.uri);
    assert.equal(result, undefined);
    assert.equal((await control.stats()).requests, requests);
  });

  test('cancelling aborts the request', async function () {
    this.timeout(30_000);
    const control = await a.environments.localSandboxControl();
    await control.injectFaults({ fault: 'delay', delayMs: 8000, operation: 'achProviders.list' });
    const abort = new AbortController();
    const started = Date.now();
    const pending = a.runner.send(requireOperation('achProviders.list'), { environmentName: LOCAL_SANDBOX_NAME, signal: abort.signal });
    setTimeout(() => abort.abort(), 300);
    const result = await pending;
    assert.equal(result, undefined);
    assert.ok(Date.now() - started < 4000, `resolved after ${Date.now() - started} ms`);
    await waitFor('the log to say cancelled', () => /achProviders\.list .*cancelled/.test(gatewayLogText()) || undefined);
  });

  test('the production guard blocks a sale without confirmation', async function () {
    this.timeout(30_000);
    const local = a.environments.get(LOCAL_SANDBOX_NAME);
    assert.ok(local);
    const keys = await a.environments.credentials(LOCAL_SANDBOX_NAME);
    const name = 'Operations guard test (production)';
    await a.scripted.addEnvironment({
      name, kind: 'production', gatewayUrl: local.gatewayUrl, boardingUrl: local.boardingUrl, readOnly: false, ...keys,
    });
    try {
      assert.equal(a.environments.get(name)?.kind, 'production');
      const control = await a.environments.localSandboxControl();
      const sales = (await control.stats()).byOperation['transactions.sale'] ?? 0;
      // The guard asks to type the environment's name; dismissed (Escape), nothing is sent.
      const pending = a.runner.send(requireOperation('transactions.sale'), { environmentName: name });
      let settled = false;
      void pending.finally(() => { settled = true; });
      for (let i = 0; i < 40 && !settled; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      }
      const result = await pending;
      assert.equal(result, undefined);
      assert.equal((await control.stats()).byOperation['transactions.sale'] ?? 0, sales, 'no sale reached the gateway');
    } finally {
      await (a.environments as unknown as { remove?(n: string): Promise<void> }).remove?.(name);
    }
  });

  test('history has the requests, without a full card number', () => {
    const history = a.history();
    assert.ok(history.some((h) => h.operationId === 'transactions.sale' && h.status === 200));
    assert.ok(history.some((h) => h.operationId === 'transactions.refund'));
    assert.ok(!JSON.stringify(history).includes(FULL_PAN));
    assert.ok(!JSON.stringify(history).includes('"csc": "999"'));
  });
});
