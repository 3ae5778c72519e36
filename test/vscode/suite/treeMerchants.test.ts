// Merchant rows in a real VS Code (issue 35, defect 7): a remembered merchant opens on click as
// the gateway has it now, as a transaction or token row does — the row's command sends
// merchants.get to the Local sandbox over a real socket and shows the answer. A remembered ACH
// token, the other row of the kind, does the same.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { groups, requireOperation } from '../../../src/catalog';
import type { GatewayResult } from '../../../src/core/answers/result';
import { COMMANDS, LOCAL_SANDBOX_NAME, RESULT_SCHEME, type GatewayWorkbenchApi, type HasOperationArgs } from '../../../src/extension/contracts';
import { activateExtension, waitFor } from './support/extensionUnderTest';

let api: GatewayWorkbenchApi;

async function labelOf(node: unknown): Promise<string> {
  const label = (await api.tree.getTreeItem(node)).label;
  return typeof label === 'string' ? label : label?.label ?? '';
}

/** The Local sandbox's remembered row under `groupId` whose vars have `key` = `id`, from a refreshed tree. */
async function rememberedRow(groupId: string, key: string, id: string): Promise<HasOperationArgs> {
  await vscode.commands.executeCommand(COMMANDS.refreshTree);
  const title = groups.find((g) => g.id === groupId)?.title ?? groupId;
  const group = await childLabelled(await childLabelled(undefined, LOCAL_SANDBOX_NAME), title);
  const rows = ((await api.tree.getChildren(group)) ?? []) as HasOperationArgs[];
  const row = rows.find((n) => n.operationArgs().vars?.[key] === id);
  assert.ok(row, `${id} is not remembered in ${title}`);
  return row;
}

async function childLabelled(parent: unknown, label: string): Promise<HasOperationArgs> {
  for (const child of (await api.tree.getChildren(parent)) ?? []) if ((await labelOf(child)) === label) return child as HasOperationArgs;
  assert.fail(`no tree item "${label}"`);
}

suite('merchant rows', () => {
  suiteSetup(async function () {
    this.timeout(60_000);
    api = await activateExtension();
    await api.environments.setActive(LOCAL_SANDBOX_NAME);
  });

  test('a click on a merchant row opens the merchant as the gateway has it now', async function () {
    this.timeout(60_000);
    const create = requireOperation('merchants.create');
    // No long run of digits: one that passes Luhn would show masked, as a card number does.
    const dbaName = `Merchant Row ${Date.now().toString(36)}`;
    const sample = JSON.parse(create.sample ?? '{}') as { merchantInformation?: Record<string, unknown> };
    const created = await api.runner.send(create, {
      environmentName: LOCAL_SANDBOX_NAME,
      vars: { hierarchyNodeKey: '4788000000000009' },
      body: JSON.stringify({ ...sample, merchantInformation: { ...sample.merchantInformation, dbaName } }),
      show: false,
    });
    assert.equal(created?.status, 201, created?.bodyText);
    const merchantNumber = (created.parsed as { merchant: { merchantInformation: { merchantNumber: string } } }).merchant.merchantInformation.merchantNumber;

    const row = await rememberedRow('onboarding', 'merchantNumber', merchantNumber);
    const shown = await api.tree.getTreeItem(row);
    assert.equal(shown.contextValue, 'gw.item.merchant');
    assert.ok(shown.command, 'the merchant row has no click command');
    assert.equal(shown.command.command, 'gateway.op.merchants.get');

    const gets = async () => (await (await api.environments.localSandboxControl()).stats()).byOperation['merchants.get'] ?? 0;
    const before = await gets();
    const result = (await vscode.commands.executeCommand(shown.command.command, ...(shown.command.arguments ?? []))) as GatewayResult | undefined;
    assert.equal(result?.status, 200, result?.bodyText);
    assert.ok(result.url.endsWith(`/merchants/${merchantNumber}`), result.url);
    assert.equal(await gets(), before + 1, 'the click read the merchant from the gateway');
    await waitFor('the merchant\'s result document', () => vscode.window.visibleTextEditors.find(
      (e) => e.document.uri.scheme === RESULT_SCHEME && e.document.getText().includes(dbaName)));
  });

  test('a click on a remembered ACH token opens it as the gateway has it now', async function () {
    this.timeout(60_000);
    const create = requireOperation('achTokens.create');
    const created = await api.runner.send(create, { environmentName: LOCAL_SANDBOX_NAME, body: create.sample ?? '{}', show: false });
    assert.ok(created && created.status >= 200 && created.status < 300, created?.bodyText);
    const tokenId = (created.parsed as { payload: { 'ach-token': { 'token-id': string } } }).payload['ach-token']['token-id'];
    const shown = await api.tree.getTreeItem(await rememberedRow('ach-tokens', 'tokenId', tokenId));
    assert.equal(shown.contextValue, 'gw.item.achToken');
    assert.equal(shown.command?.command, 'gateway.op.achTokens.get');
    const result = (await vscode.commands.executeCommand(shown.command.command, ...(shown.command.arguments ?? []))) as GatewayResult | undefined;
    assert.equal(result?.status, 200, result?.bodyText);
    assert.ok(result.url.endsWith(`/ach/tokens/${tokenId}`), result.url);
  });
});
