// Tree item actions in a real VS Code: an operation command invoked with a tree node gets the
// node's ids — a refund on a card transaction opens a request document naming it; a void on a
// pending ACH transaction (no body) is sent at once and the transaction ends up Void.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { groups, requireOperation } from '../../../src/catalog';
import type { GatewayResult } from '../../../src/core/answers/result';
import { COMMANDS, LOCAL_SANDBOX_NAME, REQUEST_LANGUAGE_ID, type GatewayWorkbenchApi, type HasOperationArgs } from '../../../src/extension/contracts';

const EXTENSION_ID = 'gateway-workbench.gateway-workbench';

let api: GatewayWorkbenchApi;
type Node = HasOperationArgs;

async function labelOf(node: unknown): Promise<string> {
  const label = (await api.tree.getTreeItem(node)).label;
  return typeof label === 'string' ? label : label?.label ?? '';
}

async function childLabelled(parent: unknown, label: string): Promise<Node> {
  for (const child of (await api.tree.getChildren(parent)) ?? []) if ((await labelOf(child)) === label) return child as Node;
  assert.fail(`no tree item "${label}"`);
}

/** The Local sandbox's item with id `id` under the group `groupId`, from a refreshed tree. */
async function itemById(groupId: string, id: string): Promise<Node> {
  await vscode.commands.executeCommand(COMMANDS.refreshTree);
  const title = groups.find((g) => g.id === groupId)?.title ?? groupId;
  const group = await childLabelled(await childLabelled(undefined, LOCAL_SANDBOX_NAME), title);
  const list = ((await api.tree.getChildren(group)) ?? []) as Node[];
  const node = list.find((n) => n.operationArgs().vars?.id === id);
  assert.ok(node, `${id} is not in ${title}`);
  return node;
}

async function send(operationId: string, body: Record<string, unknown>): Promise<Record<string, Record<string, string>>> {
  const op = requireOperation(operationId);
  const result = await api.runner.send(op, {
    environmentName: LOCAL_SANDBOX_NAME, body: JSON.stringify({ ...JSON.parse(op.sample ?? '{}'), ...body }), show: false,
  });
  assert.ok(result, `${operationId} was not sent`);
  assert.equal(result.status, 200, `${operationId}: ${result.bodyText}`);
  return (result.parsed as { payload: Record<string, Record<string, string>> }).payload;
}

suite('tree item actions', () => {
  suiteSetup(async function () {
    this.timeout(60_000);
    const ext = vscode.extensions.getExtension<GatewayWorkbenchApi>(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    api = await ext.activate();
    await api.environments.setActive(LOCAL_SANDBOX_NAME);
  });

  test('a loaded list reloads after an operation that changes it, without a manual refresh', async function () {
    this.timeout(60_000);
    await vscode.commands.executeCommand(COMMANDS.refreshTree);
    const title = groups.find((g) => g.id === 'card-transactions')?.title ?? '';
    const group = await childLabelled(await childLabelled(undefined, LOCAL_SANDBOX_NAME), title);
    await api.tree.getChildren(group);   // loaded, as when the user expanded it
    const saleId = (await send('transactions.sale', { amount: '4.56' })).transaction.id;
    const list = ((await api.tree.getChildren(group)) ?? []) as Node[];
    assert.ok(list.some((n) => n.operationArgs().vars?.id === saleId), 'the new sale is listed');
  });

  test('Refund on a card transaction item opens a request document with its id', async function () {
    this.timeout(60_000);
    // Over the refund sample's 25.00, which the document keeps (only ids come from the item).
    const saleId = (await send('transactions.sale', { amount: '31.00' })).transaction.id;
    const node = await itemById('card-transactions', saleId);
    await vscode.commands.executeCommand('gateway.op.transactions.refund', node);
    const doc = vscode.window.activeTextEditor?.document;
    assert.equal(doc?.languageId, REQUEST_LANGUAGE_ID);
    const text = doc.getText();
    assert.match(text, /POST \/rest\/v2\/transactions\/refund/);
    assert.ok(text.includes(`"id": "${saleId}"`), `the refund names ${saleId}:\n${text}`);
    assert.ok(!/\{\{\s*transactionId\s*\}\}/.test(text), 'no placeholder left');
    assert.match(text, /Environment: Local sandbox/);
    // And it goes through as written.
    const result = (await vscode.commands.executeCommand('gateway.sendRequest', doc.uri)) as GatewayResult | undefined;
    assert.equal(result?.status, 200, result?.bodyText);
    assert.match(result.bodyText ?? '', /REFUND/);
  });

  test('Void on a pending ACH transaction item is sent at once with its id; it is Void afterwards', async function () {
    this.timeout(60_000);
    const achId = (await send('achTransactions.create', { 'account-number': '5558888' }))['ach-transaction'].id;
    const node = await itemById('ach-transactions', achId);
    assert.equal((await api.tree.getTreeItem(node)).contextValue, 'gw.item.achTransaction.pending');
    const control = await api.environments.localSandboxControl();
    const voidsBefore = (await control.stats()).byOperation['achTransactions.void'] ?? 0;

    // A prompt here would never be answered: the test only passes if nothing is asked.
    const result = (await vscode.commands.executeCommand('gateway.op.achTransactions.void', node)) as GatewayResult | undefined;
    assert.ok(result, 'the void was sent at once');
    assert.equal(result.method, 'DELETE');
    assert.ok(result.url.endsWith(`/rest/v2/ach/transactions/${achId}`), result.url);
    assert.equal(result.status, 200, result.bodyText);
    assert.equal((await control.stats()).byOperation['achTransactions.void'] ?? 0, voidsBefore + 1);

    const after = await api.runner.send(requireOperation('achTransactions.get'), { environmentName: LOCAL_SANDBOX_NAME, vars: { id: achId }, show: false });
    const status = (after?.parsed as { payload: { 'ach-transaction': { status: string } } }).payload['ach-transaction'].status;
    assert.equal(status, 'Void');
    const shown = await api.tree.getTreeItem(await itemById('ach-transactions', achId));
    assert.match(String(shown.description), /^Void/);
    assert.notEqual(shown.contextValue, 'gw.item.achTransaction.pending', 'a void transaction no longer offers Void');
  });
});
