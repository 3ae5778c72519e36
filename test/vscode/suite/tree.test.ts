// The Gateway tree in a real VS Code: environments at the root, the catalog's groups below, and
// items loaded from the running Local sandbox over a real socket. Records this suite creates are
// found by their ids, so other suites' data does not matter.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { groups, requireOperation } from '../../../src/catalog';
import { COMMANDS, LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi, type HasOperationArgs } from '../../../src/extension/contracts';
import type { EnvironmentManager } from '../../../src/extension/environments/registerEnvironments';

const EXTENSION_ID = 'gateway-workbench.gateway-workbench';
const UNREACHABLE = 'Tree test unreachable';

let api: GatewayWorkbenchApi;
type Node = HasOperationArgs & { id: string };

async function children(node?: unknown): Promise<Node[]> {
  return ((await api.tree.getChildren(node)) ?? []) as Node[];
}

async function item(node: unknown): Promise<vscode.TreeItem> {
  return api.tree.getTreeItem(node);
}

async function labelOf(node: unknown): Promise<string> {
  const label = (await item(node)).label;
  return typeof label === 'string' ? label : label?.label ?? '';
}

async function childLabelled(parent: unknown, label: string): Promise<Node> {
  for (const child of await children(parent)) if ((await labelOf(child)) === label) return child;
  assert.fail(`no child "${label}" under ${parent ? await labelOf(parent) : 'the root'}`);
}

/** The environment's root, fresh: refreshing rebuilds nodes, so every lookup starts here. */
async function freshGroup(environment: string, groupTitle: string): Promise<Node> {
  await vscode.commands.executeCommand(COMMANDS.refreshTree);
  return childLabelled(await childLabelled(undefined, environment), groupTitle);
}

const title = (id: string) => groups.find((g) => g.id === id)?.title ?? id;

async function send(operationId: string, body: Record<string, unknown>) {
  const op = requireOperation(operationId);
  const result = await api.runner.send(op, { environmentName: LOCAL_SANDBOX_NAME, body: JSON.stringify({ ...JSON.parse(op.sample ?? '{}'), ...body }), show: false });
  assert.ok(result, `${operationId} was not sent`);
  assert.equal(result.status, 200, `${operationId}: ${result.bodyText}`);
  return result.parsed as { payload: Record<string, Record<string, string>> };
}

function iconId(treeItem: vscode.TreeItem): string | undefined {
  return treeItem.iconPath instanceof vscode.ThemeIcon ? treeItem.iconPath.id : undefined;
}

suite('the Gateway tree', () => {
  suiteSetup(async () => {
    const ext = vscode.extensions.getExtension<GatewayWorkbenchApi>(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    api = await ext.activate();
    assert.ok(api?.tree, 'activate() returned no tree');
  });

  suiteTeardown(async () => {
    if (api?.environments.get(UNREACHABLE)) await (api.environments as EnvironmentManager).remove(UNREACHABLE);
  });

  test('lists the Local sandbox first, active, with the catalog\'s nine groups', async () => {
    const [first] = await children();
    assert.equal(await labelOf(first), LOCAL_SANDBOX_NAME);
    const root = await item(first);
    assert.equal(root.contextValue, 'gw.environment.local');
    assert.ok(String(root.description).includes('active'));
    const groupNodes = await children(first);
    assert.deepEqual(await Promise.all(groupNodes.map(labelOf)), groups.map((g) => g.title));
    assert.deepEqual(
      await Promise.all(groupNodes.map(async (n) => (await item(n)).contextValue)),
      groups.map((g) => `gw.group.${g.id}`),
    );
  });

  test('Card transactions shows a sale just made, newest first, with the ids its menu needs', async () => {
    const sale = await send('transactions.sale', { amount: '13.57' });
    const id = sale.payload.transaction.id;
    const [newest] = await children(await freshGroup(LOCAL_SANDBOX_NAME, title('card-transactions')));
    const shown = await item(newest);
    assert.equal(shown.label, 'SALE 13.57 · VISA 1111');
    // The time in the Local sandbox's zone, named; dated when the sandbox clock is on another day.
    assert.match(String(shown.description), /^APPROVED · ([A-Z][a-z]{2} \d{1,2}, (\d{4}, )?)?\d{1,2}:\d{2} [AP]M C[SD]T$/);
    assert.equal(shown.contextValue, 'gw.item.cardTransaction.sale');
    assert.deepEqual(newest.operationArgs(), { environmentName: LOCAL_SANDBOX_NAME, vars: { id, transactionId: id } });
  });

  test('a long list ends with "Load more…", which appends the next page', async () => {
    for (let i = 0; i < 26; i++) await send('transactions.sale', { amount: '1.23' });
    const group = await freshGroup(LOCAL_SANDBOX_NAME, title('card-transactions'));
    const first = await children(group);
    assert.equal(first.length, 26, 'a page of 25 plus "Load more…"');
    const more = await item(first[25]);
    assert.equal(more.contextValue, 'gw.loadMore');
    assert.equal(more.command?.command, COMMANDS.loadMore);
    await vscode.commands.executeCommand(COMMANDS.loadMore, ...(more.command?.arguments ?? []));
    const after = await children(group);
    assert.ok(after.length > 26, `only ${after.length} items after "Load more"`);
    assert.deepEqual(after.slice(0, 25).map((n) => n.id), first.slice(0, 25).map((n) => n.id), 'the first page stays as it was');
    assert.equal(new Set(after.map((n) => n.id)).size, after.length, 'an item appears twice');
  });

  test('a double click on "Load more…" loads the next page once', async () => {
    // The previous test left more than a page of sales.
    const group = await freshGroup(LOCAL_SANDBOX_NAME, title('card-transactions'));
    const first = await children(group);
    const more = await item(first[first.length - 1]);
    assert.equal(more.contextValue, 'gw.loadMore');
    const control = await api.environments.localSandboxControl();
    const searches = async () => (await control.stats()).byOperation['transactions.search'] ?? 0;
    const before = await searches();
    const click = () => vscode.commands.executeCommand(COMMANDS.loadMore, ...(more.command?.arguments ?? []));
    await Promise.all([click(), click()]);
    await click();   // a late click on the item already used: its page is shown, nothing to fetch
    assert.equal(await searches() - before, 1, 'one search for page 2, however many clicks');
    const after = await children(group);
    assert.equal(new Set(after.map((n) => n.id)).size, after.length, 'an item appears twice');
  });

  test('ACH transactions show an icon per status after the sandbox clock passes its windows', async () => {
    const returning = (await send('achTransactions.create', { 'account-number': '5550001' })).payload['ach-transaction'].id;
    const settling = (await send('achTransactions.create', { 'account-number': '5559999' })).payload['ach-transaction'].id;
    const control = await api.environments.localSandboxControl();
    await control.advanceToNextAchWindow();
    await control.advanceToNextAchWindow();
    const pending = (await send('achTransactions.create', { 'account-number': '5558888' })).payload['ach-transaction'].id;

    const list = await children(await freshGroup(LOCAL_SANDBOX_NAME, title('ach-transactions')));
    const byId = async (id: string) => {
      const node = list.find((n) => n.operationArgs().vars?.id === id);
      assert.ok(node, `ACH transaction ${id} is not in the tree`);
      return item(node);
    };
    const returned = await byId(returning);
    assert.equal(iconId(returned), 'error');
    assert.equal(returned.description, 'Returned · R01 Insufficient Funds');
    assert.equal(returned.contextValue, 'gw.item.achTransaction.returned');
    assert.equal(iconId(await byId(settling)), 'pass');
    const waiting = await byId(pending);
    assert.equal(iconId(waiting), 'clock');
    assert.equal(waiting.contextValue, 'gw.item.achTransaction.pending');
  });

  test('Batches shows the open batch\'s counts and totals, which follow a sale', async () => {
    const counts = async () => {
      const [batch] = await children(await freshGroup(LOCAL_SANDBOX_NAME, title('batches')));
      const shown = await item(batch);
      assert.equal(shown.contextValue, 'gw.item.batch.open');
      const match = /^(\d+) sales? ([\d.]+) · (\d+) refunds? ([\d.]+) · net (-?[\d.]+)$/.exec(String(shown.description));
      assert.ok(match, `unexpected batch description "${shown.description}"`);
      return { sales: Number(match[1]), salesTotal: Number(match[2]), net: Number(match[5]) };
    };
    const before = await counts();
    await send('transactions.sale', { amount: '10.00' });
    const after = await counts();
    assert.equal(after.sales, before.sales + 1);
    assert.equal(Math.round((after.salesTotal - before.salesTotal) * 100), 1000);
    assert.equal(Math.round((after.net - before.net) * 100), 1000);
  });

  test('Gateway settings lists the ten settings groups, each opening its current settings', async () => {
    const settings = await children(await freshGroup(LOCAL_SANDBOX_NAME, title('settings')));
    assert.equal(settings.length, 10);
    for (const node of settings) {
      const shown = await item(node);
      assert.match(String(shown.contextValue), /^gw\.item\.settings\.\w+$/);
      assert.equal(shown.command?.command, COMMANDS.openSettingsGroup);
    }
  });

  test('Documents lists types, then statements by year and month, each document opening on click', async () => {
    const types = await children(await freshGroup(LOCAL_SANDBOX_NAME, title('documents')));
    const monthly = types[0];
    assert.equal(await labelOf(monthly), 'Monthly Statement');
    const years = await children(monthly);
    assert.equal(years.length, 4);
    const year = Number(await labelOf(years[0]));
    assert.equal(Number(await labelOf(years[3])), year - 3);
    const [latestMonth] = await children(years[0]);
    const [doc] = await children(latestMonth);
    const shown = await item(doc);
    assert.equal(shown.contextValue, 'gw.item.document');
    assert.equal(shown.command?.command, COMMANDS.openDocument);
    const vars = doc.operationArgs().vars ?? {};
    assert.match(vars.documentId ?? '', /^[0-9a-f-]{36}$/);
    assert.match(vars.merchantNumber ?? '', /^\d+$/);
  });

  test('a customer opens on its cards on file and its payment plans; a plan shows its next charge, which follows the sandbox clock', async () => {
    const created = async (operationId: string, body: Record<string, unknown>) => {
      const result = await api.runner.send(requireOperation(operationId), { environmentName: LOCAL_SANDBOX_NAME, body: JSON.stringify(body), show: false });
      assert.ok(result && result.status >= 200 && result.status < 300, `${operationId}: ${result?.bodyText}`);
      return (result.parsed as { payload: Record<string, Record<string, string>> }).payload;
    };
    const customerKey = (await created('customers.create', { 'first-name': 'Tree', 'last-name': 'Member', email: 'tree@example.com' })).customer['customer-key'];
    const tokenId = (await created('tokens.create', { card: '4111111111111111', 'exp-date': '1230', 'customer-key': customerKey })).tokenResponse['token-id'];
    const control = await api.environments.localSandboxControl();
    const day = (offsetDays: number) => new Date(control.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const start = day(3);
    const planKey = (await created('paymentPlans.create', {
      'plan-name': 'Tree Gym', 'customer-key': customerKey, 'token-id': tokenId, frequency: 'WEEKLY', 'frequency-week': '1',
      'start-date': start, 'end-date': day(400), 'payment-amount': '12.50', status: 'Active',
    }))['payment-plan']['plan-key'];

    const customerNode = async () => {
      const list = await children(await freshGroup(LOCAL_SANDBOX_NAME, title('customers')));
      const node = list.find((n) => n.operationArgs().vars?.customerKey === customerKey);
      assert.ok(node, `customer ${customerKey} is not in the tree`);
      return node;
    };
    const customer = await customerNode();
    assert.equal(await labelOf(customer), 'Tree Member');
    assert.equal((await item(customer)).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const [cards, plans] = await children(customer);
    assert.deepEqual([await labelOf(cards), await labelOf(plans)], ['Cards on file', 'Payment plans']);

    const [card] = await children(cards);
    assert.equal(await labelOf(card), 'VISA ···1111 exp 12/30');
    assert.equal((await item(card)).contextValue, 'gw.item.customerToken');
    assert.deepEqual(card.operationArgs().vars, { tokenId, card: tokenId, 'exp-date': '1230', customerKey, 'customer-key': customerKey, 'token-id': tokenId });

    const planShown = async () => {
      const [, planList] = await children(await customerNode());
      const [plan] = await children(planList);
      assert.deepEqual(plan.operationArgs().vars, { planKey, customerKey, tokenId });
      return item(plan);
    };
    const before = await planShown();
    assert.equal(before.label, 'Tree Gym · 12.50 weekly');
    assert.equal(before.description, `next ${start}`);
    assert.equal(before.contextValue, 'gw.item.paymentPlan.active');
    assert.equal(before.command?.command, 'gateway.op.paymentPlans.get');

    // Past the start date the plan charges its card: the next charge moves a week on.
    await vscode.commands.executeCommand(COMMANDS.sandboxAdvanceClock, undefined, '4d');
    const after = await planShown();
    const next = String(after.description);
    assert.match(next, /^next \d{4}-\d{2}-\d{2}$/);
    assert.ok(next.slice(5) > start, `the next charge stayed at ${next}`);
    assert.match(String((after.tooltip as vscode.MarkdownString).value), /approved charges: 1/);
  });

  test('an unreachable environment shows one error item with the reason and a retry', async () => {
    await api.scripted.addEnvironment({
      name: UNREACHABLE, kind: 'custom', gatewayUrl: 'http://127.0.0.1:1', boardingUrl: 'http://127.0.0.1:1',
      apiKey: 'tree-test-key', accessKey: 'tree-test-access', merchantId: '1234',
    });
    const group = await freshGroup(UNREACHABLE, title('card-transactions'));
    const list = await children(group);
    assert.equal(list.length, 1);
    const error = await item(list[0]);
    assert.equal(error.contextValue, 'gw.error');
    assert.match(await labelOf(list[0]), /connect|refused|127\.0\.0\.1:1/i);
    assert.equal(error.command?.command, COMMANDS.retryNode);
    // Retrying fails the same way, as an item again, not as a rejection.
    await vscode.commands.executeCommand(COMMANDS.retryNode, ...(error.command?.arguments ?? []));
    const again = await children(group);
    assert.equal((await item(again[0])).contextValue, 'gw.error');
  });
});
