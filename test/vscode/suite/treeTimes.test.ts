// Times in a real VS Code (issue 35, defect 9): one rule for the Gateway tree's sandbox clock,
// its rows and the Traffic view — the environment's zone, always named, with the date when the
// instant is not today. The Local sandbox runs in America/Chicago; expected texts are worked
// out here with Intl, independently of the extension's formatter.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { groups, requireOperation } from '../../../src/catalog';
import { COMMANDS, LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi, type HasOperationArgs } from '../../../src/extension/contracts';
import { activateExtension, waitFor } from './support/extensionUnderTest';

const ZONE = 'America/Chicago';
let api: GatewayWorkbenchApi;

const inZone = (at: Date, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: ZONE, ...options }).format(at);
/** `Nov 23` in the sandbox's zone. */
const dayOf = (at: Date) => inZone(at, { month: 'short', day: 'numeric' });
/** `3:06 PM CST` in the sandbox's zone. */
const timeOf = (at: Date, second?: boolean) => inZone(at, { hour: 'numeric', minute: '2-digit', ...(second ? { second: '2-digit' } : {}), timeZoneName: 'short' });

async function labelOf(node: unknown): Promise<string> {
  const label = (await api.tree.getTreeItem(node)).label;
  return typeof label === 'string' ? label : label?.label ?? '';
}

async function childLabelled(parent: unknown, label: string): Promise<HasOperationArgs> {
  for (const child of (await api.tree.getChildren(parent)) ?? []) if ((await labelOf(child)) === label) return child as HasOperationArgs;
  assert.fail(`no tree item "${label}"`);
}

async function localRoot(): Promise<vscode.TreeItem> {
  await vscode.commands.executeCommand(COMMANDS.refreshTree);
  return api.tree.getTreeItem(await childLabelled(undefined, LOCAL_SANDBOX_NAME));
}

suite('times in the tree and the Traffic view', () => {
  suiteSetup(async function () {
    this.timeout(60_000);
    api = await activateExtension();
    await api.environments.setActive(LOCAL_SANDBOX_NAME);
  });

  test('a day after the sandbox clock moves on, the Local sandbox row shows its clock with the date and zone', async function () {
    this.timeout(60_000);
    await api.environments.ready(LOCAL_SANDBOX_NAME);
    await vscode.commands.executeCommand(COMMANDS.sandboxAdvanceClock, undefined, '1d');
    const now = (await api.environments.localSandboxControl()).now();
    const description = String((await localRoot()).description);
    assert.ok(description.includes(dayOf(now)), `"${description}" does not name the sandbox's date ${dayOf(now)}`);
    assert.match(description, /\d{1,2}:\d{2} [AP]M C[SD]T\b/, 'the time and its zone');
  });

  test('a card transaction row and its Traffic exchange show their times in the sandbox zone, named', async function () {
    this.timeout(60_000);
    const sale = requireOperation('transactions.sale');
    // No long run of digits: one that passes Luhn would be kept masked, as a card number is.
    const invoice = `TIME-${Date.now().toString(36)}`;
    const result = await api.runner.send(sale, {
      environmentName: LOCAL_SANDBOX_NAME, body: JSON.stringify({ ...JSON.parse(sale.sample ?? '{}'), amount: '14.25', invoice }), show: false,
    });
    assert.equal(result?.status, 200, result?.bodyText);
    const tx = (result.parsed as { payload: { transaction: { id: string; created: string } } }).payload.transaction;
    // The gateway's `created` is UTC text: `2026-11-23 21:06:12.345`.
    const created = new Date(`${tx.created.replace(' ', 'T')}Z`);
    assert.ok(!Number.isNaN(created.getTime()), tx.created);

    await vscode.commands.executeCommand(COMMANDS.refreshTree);
    const title = groups.find((g) => g.id === 'card-transactions')?.title ?? '';
    const group = await childLabelled(await childLabelled(undefined, LOCAL_SANDBOX_NAME), title);
    const row = ((await api.tree.getChildren(group)) ?? []).find((n) => (n as HasOperationArgs).operationArgs().vars?.id === tx.id);
    assert.ok(row, `sale ${tx.id} is not listed`);
    const description = String((await api.tree.getTreeItem(row)).description);
    // Made on the sandbox clock, a day or more ahead of today: the row names the date.
    assert.ok(description.startsWith(`APPROVED · ${dayOf(created)}, `), `"${description}" does not name the date ${dayOf(created)}`);
    assert.ok(description.endsWith(`, ${timeOf(created)}`), `"${description}" does not end with ${timeOf(created)}`);

    // Seen by the Traffic view at the host's time, today: the time and the sandbox zone, no date.
    const entry = await waitFor('the sale in the Traffic view', () => api.traffic.entries().find((e) => e.exchange.requestBody?.includes(invoice)));
    const at = new Date(entry.exchange.at);
    const shown = String(api.traffic.treeItem(entry.id)?.description);
    assert.ok(shown.includes(` · ${timeOf(at, true)}`), `"${shown}" does not show ${timeOf(at, true)}`);
    if (dayOf(at) === dayOf(new Date())) assert.ok(!shown.includes(dayOf(at)), `"${shown}" names today's date`);
  });
});
