// The examples' throwaway sandbox (src/extension/testing/throwawaySandbox.ts) is gone once its
// run ends, so nothing of the run may outlive it where the user works on: no History entry that
// names it (a re-run would go nowhere), no named response a later chained send to the user's own
// sandbox would read (an id from another sandbox). And it starts as the user's Local sandbox would
// after a Reset: from the seed "Start from Seed…" gave it, so examples that read seeded data pass.
// The files sit in a `gateway-examples` folder of their own (what makes them examples), apart from
// the one "Open Examples" makes, so that examples.test.ts's run of those is not changed.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import { activateExtension, testHooks, waitFor } from './support/extensionUnderTest';

const CHAIN = [
  '### Sale',                                                     // 0
  '# @name sale',
  '# @expect status 200',
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',
  'Content-Type: application/json',
  '',
  '{ "type": "SALE", "amount": "7.00", "card": "4111111111111111", "exp-date": "1230" }',
  '',
  '### Refund the sale',                                          // 1
  '# @expect status 200',
  '# @expect payload.transaction.type == REFUND',
  'POST {{gatewayUrl}}/rest/v2/transactions/refund',
  'Content-Type: application/json',
  '',
  '{ "type": "REFUND", "id": "{{sale.payload.transaction.id}}", "amount": "1.00" }',
  '',
].join('\n');

const SEEDED_CUSTOMER = 'cust_throwaway-seeded';

const SEEDED = [
  '### The customer the seed holds',
  '# @expect status 200',
  `GET {{gatewayUrl}}/rest/v2/customers/${SEEDED_CUSTOMER}`,
  '',
].join('\n');

// A read that meets a queued 500 with no `@expect status` of its own: its failure notification offers Retry.
const FAULTED = [
  '### The next customer list answers 500',
  '# @expect status 200',
  'POST {{gatewayUrl}}/__sandbox/faults',
  'Content-Type: application/json',
  '',
  '{"fault": "500", "operation": "customers.list"}',
  '',
  '### The customers',
  '# @expect payload exists',
  'GET {{gatewayUrl}}/rest/v2/customers',
  '',
].join('\n');

const FILES = { 'history.gwreq': CHAIN, 'chain.gwreq': CHAIN, 'seeded.gwreq': SEEDED, 'retry.gwreq': FAULTED };

suite('the examples\' throwaway sandbox: nothing of it outlives its run, and it starts from the Local sandbox\'s seed', () => {
  let a: GatewayWorkbenchApi;
  let folder: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-throwaway-'));

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await activateExtension();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
    const root = vscode.workspace.workspaceFolders?.[0];
    assert.ok(root, 'the suite runs with a workspace folder');
    folder = path.join(root.uri.fsPath, 'throwaway-check');
    fs.mkdirSync(path.join(folder, 'gateway-examples'), { recursive: true });
    for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(path.join(folder, 'gateway-examples', name), text);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The file's item: written in suiteSetup, and opened, which lists it even when the workspace was scanned before (an earlier suite). */
  async function item(name: keyof typeof FILES): Promise<{ uri: vscode.Uri; id: string; children: Array<{ id: string }> }> {
    const uri = vscode.Uri.file(path.join(folder, 'gateway-examples', name));
    await vscode.workspace.openTextDocument(uri);
    const label = `throwaway-check/gateway-examples/${name}`;
    const found = await waitFor(`${label} in the Testing view`, async () => (await a.requestTests.discover()).find((i) => i.label === label), 30_000);
    return { uri, ...found };
  }

  test('a throwaway run leaves no History entry: its sandbox is gone, so nothing there could be re-run', async function () {
    this.timeout(60_000);
    const chain = await item('history.gwreq');
    const startedAt = new Date().toISOString();
    const results = await a.requestTests.run([chain.id]);
    assert.ok(chain.children.every((c) => results[c.id]?.state === 'passed'), `the example passed: ${JSON.stringify(results)}`);
    assert.match(a.requestTests.lastOutput(), /throwaway sandbox/);
    const made = a.history().filter((h) => h.at >= startedAt);
    assert.deepEqual(made.map((h) => `${h.environmentName} ${h.method} ${h.path}`), [], 'History entries of the throwaway run');
    assert.match(a.requestTests.lastOutput(), /not kept in History/, 'the run says so');
  });

  test('a throwaway run\'s named responses stay with it: a later chained send to the Local sandbox sends its own sale first, and the reverse', async function () {
    this.timeout(90_000);
    const chain = await item('chain.gwreq');
    const control = await a.environments.localSandboxControl();
    const sales = async () => (await control.stats()).byOperation['transactions.sale'] ?? 0;

    // The whole file in the throwaway sandbox: its `sale` is that sandbox's transaction.
    const thrown = await a.requestTests.run([chain.id]);
    assert.ok(chain.children.every((c) => thrown[c.id]?.state === 'passed'), `the example passed: ${JSON.stringify(thrown)}`);

    // The refund alone, sent to the user's Local sandbox: it needs a sale of that sandbox.
    const before = await sales();
    const result = (await vscode.commands.executeCommand(COMMANDS.sendRequestAt, chain.uri.toString(), 1, LOCAL_SANDBOX_NAME)) as { status: number } | undefined;
    assert.equal(await sales(), before + 1, 'the refund on the Local sandbox read the throwaway sandbox\'s sale instead of sending its own');
    assert.equal(result?.status, 200);
    assert.deepEqual(testHooks(a).lastRun(chain.uri.toString())?.map((o) => [o.index, o.state, Boolean(o.asDependency)]), [[0, 'passed', true], [1, 'passed', false]]);

    // And back: the refund alone in the throwaway sandbox reads no sale of the Local sandbox's.
    const refund = chain.children[1];
    assert.ok(refund);
    const again = await a.requestTests.run([refund.id]);
    assert.equal(again[refund.id]?.state, 'passed', `the refund in the throwaway sandbox: ${JSON.stringify(again[refund.id])}`);
    assert.equal(await sales(), before + 1, 'the throwaway run sent nothing to the Local sandbox');
  });

  test('Retry on a failure notification of a throwaway run runs the request again in a throwaway sandbox, not in the one gone with the run', async function () {
    this.timeout(60_000);
    const faulted = await item('retry.gwreq');
    const read = faulted.children[1];
    assert.ok(read);
    const results = await a.requestTests.run([faulted.id]);
    assert.notEqual(results[read.id]?.state, 'passed', `the read met the 500: ${JSON.stringify(results[read.id])}`);
    // The newest notification is the read's 500, whose first button is Retry.
    await vscode.commands.executeCommand('notification.acceptPrimaryAction');
    await waitFor('the read run again, and passed', () => testHooks(a).lastRun(faulted.uri.toString())?.some((o) => o.index === 1 && o.state === 'passed'), 20_000);
    assert.match(a.requestTests.lastOutput(), /throwaway sandbox/, 'it ran in a throwaway sandbox');
  });

  test('the throwaway sandbox starts from the seed the Local sandbox was started from, as a Reset of it would', async function () {
    this.timeout(90_000);
    // What the Local sandbox holds, put back (as its seed) at the end for the suites that follow.
    const held = path.join(dir, 'held.gwseed.json');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.sandboxSaveSnapshot, undefined, held), held);
    const seedFile = path.join(dir, 'shop.gwseed.json');
    fs.writeFileSync(seedFile, JSON.stringify({ customers: [{ 'customer-key': SEEDED_CUSTOMER, 'first-name': 'Ada', 'last-name': 'L' }] }));
    try {
      assert.equal(await vscode.commands.executeCommand(COMMANDS.sandboxStartFromSeed, undefined, seedFile, true), seedFile);
      const seeded = await item('seeded.gwreq');
      const results = await a.requestTests.run([seeded.id]);
      const request = seeded.children[0];
      assert.ok(request);
      assert.equal(results[request.id]?.state, 'passed', `the seeded customer in the throwaway sandbox: ${JSON.stringify(results[request.id])}`);
      assert.match(a.requestTests.lastOutput(), /throwaway sandbox/);
    } finally {
      await vscode.commands.executeCommand(COMMANDS.sandboxStartFromSeed, undefined, held, true);
    }
  });
});
