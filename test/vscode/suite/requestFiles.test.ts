// Request files with chaining and assertions in a real VS Code: sending a refund that takes the
// sale's id sends the sale first; Send All stops at the first failed expectation; the verdicts
// show beside the requests, go to the "Gateway" log, and an edit clears the edited request's.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi, type RunOutcome } from '../../../src/extension/contracts';
import { activateExtension, gatewayLogText, testHooks, waitFor } from './support/extensionUnderTest';


const CHAIN_FILE = [
  '### Sale',                                                // 0
  '# @name sale1',                                           // 1
  '# @expect status 200',                                    // 2
  '# @expect payload.transaction.result == APPROVED',        // 3
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',           // 4
  'Content-Type: application/json',
  '',
  '{ "type": "SALE", "amount": "30.00", "card": "4111111111111111", "exp-date": "1230", "csc": "999" }',
  '',
  '### Refund the sale',                                     // 9
  '# @expect status 200',                                    // 10
  '# @expect payload.transaction.type == REFUND',            // 11
  'POST {{gatewayUrl}}/rest/v2/transactions/refund',         // 12
  'Content-Type: application/json',
  '',
  '{ "type": "REFUND", "id": "{{sale1.payload.transaction.id}}", "amount": "5.00" }',
  '',
].join('\n');

const SEND_ALL_FILE = [
  '### Approved',                                            // 0
  '# @expect status 200',                                    // 1
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',           // 2
  'Content-Type: application/json',
  '',
  '{ "type": "SALE", "amount": "11.00", "card": "4111111111111111", "exp-date": "1230" }',
  '',
  '### Declined for insufficient funds (amount 0.21)',       // 7
  '# @expect status 200',                                    // 8
  '# @expect payload.transaction.result == APPROVED',        // 9
  '# @name declined',                                        // 10
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',           // 11
  'Content-Type: application/json',
  '',
  '{ "type": "SALE", "amount": "0.21", "card": "4111111111111111", "exp-date": "1230" }',
  '',
  '### Never reached: it reads the failed one',              // 16
  'GET {{gatewayUrl}}/rest/v2/transactions?id={{declined.payload.transaction.id}}', // 17
  '',
  '### Independent, sent after the failure',                 // 19
  'GET {{gatewayUrl}}/rest/v2/tokens',                       // 20
  '',
].join('\n');

const api = activateExtension;

const textAt = (a: GatewayWorkbenchApi, uri: vscode.Uri, line: number) => testHooks(a).requestDecorations(uri.toString()).filter((d) => d.line === line).map((d) => d.text).join(' | ');

suite('request files: chaining, Send All and assertions', () => {
  let a: GatewayWorkbenchApi;
  let dir: string;

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await api();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gwreq-run-'));
  });

  suiteTeardown(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function open(name: string, text: string): Promise<vscode.TextEditor> {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(file)));
  }

  test('sending the refund first sends the sale it takes its id from; both pass their expectations', async function () {
    this.timeout(60_000);
    const { document } = await open('chain.gwreq', CHAIN_FILE);
    const control = await a.environments.localSandboxControl();
    const before = { ...(await control.stats()).byOperation };
    // Counted from now: History keeps the last 50 entries, so a count of all of them can stay put
    // when the suites before this one have filled it (it did in a fresh-clone CI run).
    const startedAt = new Date().toISOString();
    const recorded = (id: string) => a.history().filter((h) => h.operationId === id && h.at >= startedAt).length;

    const result = (await vscode.commands.executeCommand(COMMANDS.sendRequestAt, document.uri.toString(), 1)) as { status: number; parsed: unknown } | undefined;
    assert.equal(result?.status, 200);
    const after = (await control.stats()).byOperation;
    assert.equal(after['transactions.sale'], (before['transactions.sale'] ?? 0) + 1, 'the sale went first');
    assert.equal(after['transactions.refund'], (before['transactions.refund'] ?? 0) + 1, 'then the refund');
    assert.deepEqual({ sales: recorded('transactions.sale'), refunds: recorded('transactions.refund') }, { sales: 1, refunds: 1 });

    const run = testHooks(a).lastRun(document.uri.toString());
    assert.deepEqual(run?.map((o) => [o.index, o.state, Boolean(o.asDependency)]), [[0, 'passed', true], [1, 'passed', false]]);
    assert.ok(run?.every((o) => o.expectations.every((e) => e.outcome.pass)));
    assert.ok(run?.every((o) => !('result' in o)), 'lastRun keeps no response bodies');
    for (const line of [2, 3, 10, 11]) assert.equal(textAt(a, document.uri, line), '✓ passed', `line ${line}`);
    assert.match(textAt(a, document.uri, 12), /^✓ 200 \d+ ms$/);

    const log = await waitFor('both exchanges and the expectations in the log', () => {
      const text = gatewayLogText();
      return /transactions\.sale POST/.test(text) && /Refund the sale @expect payload\.transaction\.type == REFUND → passed \(actual "REFUND"\)/.test(text) ? text : undefined;
    });
    assert.match(log, /transactions\.refund POST \/rest\/v2\/transactions\/refund 200/);
    assert.match(log, /sale1 @expect status 200 → passed \(actual "200"\)/);
    assert.ok(!log.includes('4111111111111111'), 'the log holds no full card number');
  });

  test('Send All carries on past the failed expectation, skipping the request that reads it; lastRun says passed, failed, skipped, passed; marks show why', async function () {
    this.timeout(60_000);
    const { document } = await open('send-all.gwreq', SEND_ALL_FILE);
    const control = await a.environments.localSandboxControl();
    const searches = (await control.stats()).byOperation['transactions.search'] ?? 0;

    const returned = (await vscode.commands.executeCommand(COMMANDS.sendAll, document.uri)) as readonly RunOutcome[] | undefined;
    const run = testHooks(a).lastRun(document.uri.toString());
    assert.deepEqual(returned, run);
    assert.deepEqual(run?.map((o) => o.state), ['passed', 'failed', 'skipped', 'passed']);
    assert.equal((await control.stats()).byOperation['transactions.search'] ?? 0, searches, 'the request reading the failed one was not sent');
    assert.equal(run?.[1]?.status, 402);
    assert.deepEqual(run?.[1]?.expectations.map((e) => e.outcome.pass), [false, false]);

    assert.equal(textAt(a, document.uri, 1), '✓ passed');
    assert.match(textAt(a, document.uri, 8), /^✗ failed: status 200 \(status was "402"\)$/);
    assert.match(textAt(a, document.uri, 9), /^✗ failed: .*was "DECLINED"\)$/);
    assert.match(textAt(a, document.uri, 11), /^✗ 402 \d+ ms — 2 of 2 expectations failed$/);
    assert.equal(textAt(a, document.uri, 17), '○ skipped: depends on "declined", which failed');
    assert.match(textAt(a, document.uri, 20), /^✓ 200 \d+ ms$/);

    await waitFor('the failed expectation in the log', () =>
      /declined @expect payload\.transaction\.result == APPROVED → FAILED \(actual "DECLINED"\)/.test(gatewayLogText()) || undefined);
  });

  test('a body file (< ./{{bodies}}/sale.json, <@ {{bodies}}/void.json) is read beside the request file, its path filled from the file\'s variables; a missing one is named, and nothing is sent', async function () {
    this.timeout(60_000);
    fs.mkdirSync(path.join(dir, 'bodies'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'bodies', 'sale.json'), '{ "type": "SALE", "amount": "12.00", "card": "4111111111111111", "exp-date": "1230" }\n');
    fs.writeFileSync(path.join(dir, 'bodies', 'void.json'), '{ "type": "VOID", "id": "{{fileSale.payload.transaction.id}}" }\n');
    const { document } = await open('body-files.gwreq', [
      '@bodies = bodies',                                  // 0: the folder, a file variable the paths below use
      '### Sale from a file',                              // 1
      '# @name fileSale',                                  // 2
      '# @expect payload.transaction.amount == 12.00',     // 3
      'POST {{gatewayUrl}}/rest/v2/transactions/sale',     // 4
      'Content-Type: application/json',                    // 5
      '',                                                  // 6
      '< ./{{bodies}}/sale.json',                          // 7
      '',                                                  // 8
      '### Void it, the id filled into the file',          // 9
      '# @expect payload.transaction.type == VOID',        // 10
      'POST {{gatewayUrl}}/rest/v2/transactions/void',     // 11
      'Content-Type: application/json',                    // 12
      '',                                                  // 13
      '<@ {{bodies}}/void.json',                           // 14
      '',                                                  // 15
      '### Missing',                                       // 16
      'POST {{gatewayUrl}}/rest/v2/transactions/sale',     // 17
      'Content-Type: application/json',                    // 18
      '',                                                  // 19
      '< ./bodies/nope.json',                              // 20
      '',
    ].join('\n'));
    const control = await a.environments.localSandboxControl();
    const sales = async () => (await control.stats()).byOperation['transactions.sale'] ?? 0;
    const salesBefore = await sales();
    const run = (await vscode.commands.executeCommand(COMMANDS.sendAll, document.uri)) as readonly RunOutcome[] | undefined;
    assert.deepEqual(run?.map((o) => o.state), ['passed', 'passed', 'error'], JSON.stringify(run?.map((o) => o.message)));
    assert.equal(await sales(), salesBefore + 1, 'only the sale from the existing file went out');
    assert.match(run?.[2]?.message ?? '', /cannot read the body file "\.\/bodies\/nope\.json": .*nope\.json: it does not exist/);
    // The language server links the path with variables to the file it names once they are filled in.
    await waitFor('the path with {{bodies}} linked to bodies/sale.json', async () => {
      const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri);
      return links?.find((l) => l.range.start.line === 7 && l.target?.fsPath === path.join(dir, 'bodies', 'sale.json'));
    }, 20_000);
  });

  test('a body file is read from inside the workspace folder that holds the request file, and from nowhere else: not an absolute path out, not a link that leads out', async function () {
    this.timeout(60_000);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the test window has a workspace folder');
    const here = fs.mkdtempSync(path.join(folder, 'body-root-'));
    const outside = path.join(path.dirname(folder), `${path.basename(here)}-outside.json`);
    const SALE = '{ "type": "SALE", "amount": "14.00", "card": "4111111111111111", "exp-date": "1230" }\n';
    try {
      fs.mkdirSync(path.join(here, 'requests'));
      fs.mkdirSync(path.join(here, 'shared'));
      fs.writeFileSync(path.join(here, 'shared', 'sale.json'), SALE);
      fs.writeFileSync(outside, SALE);
      fs.symlinkSync(outside, path.join(here, 'requests', 'link.json'));
      const sendAll = async (name: string, body: string): Promise<readonly RunOutcome[] | undefined> => {
        const file = path.join(here, 'requests', name);
        fs.writeFileSync(file, `POST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n${body}\n`);
        return vscode.commands.executeCommand(COMMANDS.sendAll, vscode.Uri.file(file));
      };
      const control = await a.environments.localSandboxControl();
      const sales = async () => (await control.stats()).byOperation['transactions.sale'] ?? 0;
      const before = await sales();
      const shared = await sendAll('shared.gwreq', '< ../shared/sale.json');
      assert.deepEqual(shared?.map((o) => o.state), ['passed'], JSON.stringify(shared?.map((o) => o.message)));
      for (const [name, body] of [['absolute.gwreq', `< ${outside}`], ['link.gwreq', '< ./link.json']]) {
        const refused = await sendAll(name, body);
        assert.deepEqual(refused?.map((o) => o.state), ['error'], name);
        assert.match(refused?.[0]?.message ?? '', new RegExp(`outside the workspace folder .*; body files must be inside it: copy the file into `), name);
      }
      assert.equal(await sales(), before + 1, 'only the body inside the workspace folder went out');
    } finally {
      fs.rmSync(here, { recursive: true, force: true });
      fs.rmSync(outside, { force: true });
    }
  });

  test('system variables make a new value at each use when sent from the editor ({{$randomInt}}, {{$guid}}, {{$datetime}})', async function () {
    this.timeout(60_000);
    const sale = (name: string, ...extra: string[]) => [
      `### ${name}`, `# @name ${name}`, '# @expect status 200', '# @expect payload.transaction.invoice matches /^INV-\\d{6}$/', ...extra,
      'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', 'X-Request-Id: {{$guid}}', '',
      '{"type": "SALE", "amount": "3.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "INV-{{$randomInt 100000 1000000}}", "order-id": "{{$uuid}}"}', '',
    ];
    const { document } = await open('system-variables.gwreq', [
      ...sale('first'),
      ...sale('second', '# @expect payload.transaction.invoice != {{first.payload.transaction.invoice}}'),
      '### a search over the last day', '# @expect status 200',
      'GET {{gatewayUrl}}/rest/v2/transactions?start-date={{$datetime "YYYY-MM-DD HH:mm" -1 d}}', '',
    ].join('\n'));
    const run = (await vscode.commands.executeCommand(COMMANDS.sendAll, document.uri)) as readonly RunOutcome[] | undefined;
    assert.deepEqual(run?.map((o) => o.state), ['passed', 'passed', 'passed'], JSON.stringify(run?.map((o) => o.message)));
  });

  test('editing a request clears its marks and keeps the others, moved with their lines', async function () {
    this.timeout(30_000);
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.path.endsWith('/send-all.gwreq'));
    assert.ok(doc, 'the Send All file is still open');
    const editor = await vscode.window.showTextDocument(doc);
    const uri = doc.uri;
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(14, 0), '\n')), 'the edit applied');
    await waitFor('the edited request\'s marks to go', () => (textAt(a, uri, 8) === '' && textAt(a, uri, 11) === '') || undefined);
    assert.equal(textAt(a, uri, 1), '✓ passed', 'the first request keeps its mark');
    assert.match(textAt(a, uri, 18), /^○ skipped/, 'the third request\'s mark moved down a line');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
