// Result editors in a real VS Code: a body over 5 MB opens raw at once and "Format" re-renders it
// pretty; XML opens as xml, pretty-printed; card and account numbers show their last four only;
// a PDF document from the Local sandbox is saved (to gatewayWorkbench.documentsFolder, the
// dialog-free path) as a valid PDF file.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { groups, requireOperation } from '../../../src/catalog';
import type { GatewayResult, ResultFormat } from '../../../src/core/answers/result';
import { COMMANDS, LOCAL_SANDBOX_NAME, RESULT_SCHEME, type GatewayWorkbenchApi, type HasOperationArgs } from '../../../src/extension/contracts';

const EXTENSION_ID = 'gateway-workbench.gateway-workbench';
const FULL_PAN = '4111111111111111';
const ACCOUNT = '987654321012';

let api: GatewayWorkbenchApi;

/** A GatewayResult as the client would produce it for `body` (test data, no network). */
function resultOf(format: ResultFormat, body: string, contentType: string): GatewayResult {
  return {
    method: 'GET',
    url: 'http://127.0.0.1:9/rest/v2/results-test',
    status: 200,
    statusText: 'OK',
    headers: { 'content-type': contentType },
    timingMs: 12,
    attempts: 1,
    contentType,
    format,
    rawBody: Buffer.from(body, 'utf8'),
    bodyText: body,
    ...(format === 'json' ? { parsed: JSON.parse(body) as unknown } : {}),
  };
}

async function show(result: GatewayResult, title: string): Promise<vscode.TextEditor> {
  const editor = await api.results.show(result, { title, environmentName: LOCAL_SANDBOX_NAME });
  assert.ok(editor, `${title}: no editor was returned`);
  assert.equal(editor.document.uri.scheme, RESULT_SCHEME);
  return editor;
}

async function until(what: string, probe: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Compact JSON of about `bytes` bytes, with one full card number in it. */
function largeJson(bytes: number): string {
  const rows: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const row = JSON.stringify({ n: i, name: `row-${i}`, note: 'x'.repeat(40) });
    rows.push(row);
    size += row.length + 1;
  }
  return `{"card":"${FULL_PAN}","rows":[${rows.join(',')}]}`;
}

suite('results: large, xml, redacted, pdf', () => {
  suiteSetup(async function () {
    this.timeout(60_000);
    const ext = vscode.extensions.getExtension<GatewayWorkbenchApi>(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    api = await ext.activate();
  });

  test('a body over 5 MB opens raw at once; "Format" re-renders it pretty', async function () {
    this.timeout(120_000);
    const body = largeJson(6 * 1024 * 1024);
    assert.ok(Buffer.byteLength(body) > 5 * 1024 * 1024);
    const started = Date.now();
    const editor = await show(resultOf('json', body, 'application/json'), 'Large result');
    const openedMs = Date.now() - started;
    const masked = body.replace(FULL_PAN, `XXXXXXXXXXXX${FULL_PAN.slice(-4)}`);
    const doc = editor.document;
    assert.equal(doc.languageId, 'json');
    assert.equal(doc.lineCount, 1, 'the raw body is one line: it was not pretty-printed');
    assert.ok(doc.getText() === masked, 'the editor shows the raw body (card masked), byte for byte');
    console.log(`      6 MB result opened raw in ${openedMs} ms`);

    await vscode.commands.executeCommand(COMMANDS.formatResult, doc.uri);
    const pretty = JSON.stringify(JSON.parse(masked), null, 2);
    await until('the formatted text', () => doc.getText() === pretty, 60_000);
    assert.ok(doc.lineCount > 1000);
    assert.ok(!doc.getText().includes(FULL_PAN));
  });

  test('an XML result opens as xml, pretty-printed, card masked', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><response><exchange-id>ID-results-test-1</exchange-id><status>success</status>`
      + `<payload><payloadType>transaction</payloadType><transaction><card>${FULL_PAN}</card><amount>1.00</amount></transaction></payload></response>`;
    const editor = await show(resultOf('xml', xml, 'application/xml'), 'XML result');
    const text = editor.document.getText();
    assert.equal(editor.document.languageId, 'xml');
    assert.match(text, /\n\s+<payload>/, 'elements are indented on their own lines');
    assert.match(text, /<amount>1\.00<\/amount>/);
    assert.match(text, /<card>X{12}1111<\/card>/);
    assert.ok(!text.includes(FULL_PAN));
  });

  test('a full card number and an account number show their last four only', async () => {
    const json = JSON.stringify({
      'exchange-id': 'ID-results-test-2',
      payload: {
        payloadType: 'mixed',
        transaction: { card: FULL_PAN, 'card-number': FULL_PAN, csc: '999' },
        'ach-token': { 'account-number': ACCOUNT, 'routing-number': '021000021' },
        note: `paid with ${FULL_PAN}`,
      },
    });
    const editor = await show(resultOf('json', json, 'application/json'), 'Redacted result');
    const text = editor.document.getText();
    assert.equal(editor.document.languageId, 'json');
    assert.ok(!text.includes(FULL_PAN), 'no full card number');
    assert.ok(!text.includes(ACCOUNT), 'no full account number');
    assert.ok(!text.includes('"999"'), 'no CSC');
    assert.match(text, /"card": "X{12}1111"/);
    assert.match(text, /"account-number": "X{8}1012"/);
    assert.match(text, /paid with X{12}1111/);
    assert.match(text, /"routing-number": "021000021"/, 'a routing number is public and stays');
  });

  test('a PDF document from the Local sandbox is saved to the documents folder as a valid PDF', async function () {
    this.timeout(60_000);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-docs-'));
    const config = vscode.workspace.getConfiguration('gatewayWorkbench');
    await config.update('documentsFolder', folder, vscode.ConfigurationTarget.Global);
    try {
      const doc = await firstStatement();
      const result = await api.runner.send(requireOperation('documents.get'), { ...doc.operationArgs(), show: true });
      assert.ok(result, 'documents.get was sent');
      assert.equal(result.status, 200, result.bodyText);
      assert.equal(result.format, 'pdf');
      const files = fs.readdirSync(folder);
      assert.equal(files.length, 1, `one file saved, found: ${files.join(', ')}`);
      assert.match(files[0], /\.pdf$/i);
      const bytes = fs.readFileSync(path.join(folder, files[0]));
      assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.match(bytes.subarray(-16).toString('latin1'), /%%EOF\s*$/);
      assert.ok(bytes.equals(result.rawBody), 'the file holds the body as received');
    } finally {
      await config.update('documentsFolder', undefined, vscode.ConfigurationTarget.Global);
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  test('a statement is saved outside the workspace by default: the save dialog proposes ~/Downloads', async function () {
    this.timeout(60_000);
    const downloads = path.join(os.homedir(), 'Downloads');
    fs.mkdirSync(downloads, { recursive: true });
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(workspace, 'the test runs in a workspace');
    const before = new Set(fs.readdirSync(workspace));
    const doc = await firstStatement();
    const sent = api.runner.send(requireOperation('documents.get'), { ...doc.operationArgs(), show: true });
    // The save dialog (code-server's own, a quick input holding the proposed path): take what it proposes.
    await new Promise((r) => setTimeout(r, 1500));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const result = await sent;
    assert.equal(result?.status, 200, result?.bodyText);
    const added = fs.readdirSync(workspace).filter((f) => !before.has(f));
    assert.deepEqual(added, [], 'nothing was saved into the workspace');
    const saved = fs.readdirSync(downloads).filter((f) => f.endsWith('.pdf'));
    assert.equal(saved.length, 1, `one statement in ~/Downloads, found: ${saved.join(', ')}`);
    assert.ok(fs.readFileSync(path.join(downloads, saved[0])).equals(result!.rawBody));
    fs.rmSync(path.join(downloads, saved[0]));
  });

  test('without a Downloads folder, a statement is proposed in the extension\'s own storage, not the workspace', async function () {
    this.timeout(60_000);
    fs.rmSync(path.join(os.homedir(), 'Downloads'), { recursive: true, force: true });
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(workspace, 'the test runs in a workspace');
    const before = new Set(fs.readdirSync(workspace));
    const doc = await firstStatement();
    const sent = api.runner.send(requireOperation('documents.get'), { ...doc.operationArgs(), show: true });
    await new Promise((r) => setTimeout(r, 1500));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const result = await sent;
    assert.equal(result?.status, 200, result?.bodyText);
    assert.deepEqual(fs.readdirSync(workspace).filter((f) => !before.has(f)), [], 'nothing was saved into the workspace');
    // The harness keeps user-data next to HOME: the extension's global storage is under it.
    const storage = path.join(path.dirname(os.homedir()), 'user-data', 'User', 'globalStorage', EXTENSION_ID);
    const saved = fs.existsSync(storage) ? fs.readdirSync(storage).filter((f) => f.endsWith('.pdf')) : [];
    assert.equal(saved.length, 1, `one statement in ${storage}, found: ${saved.join(', ')}`);
    fs.rmSync(path.join(storage, saved[0]));
  });
});

type Node = HasOperationArgs;

async function childNamed(parent: unknown, label: string): Promise<Node> {
  for (const child of (await api.tree.getChildren(parent)) ?? []) {
    const item = await api.tree.getTreeItem(child);
    const text = typeof item.label === 'string' ? item.label : item.label?.label;
    if (text === label) return child as Node;
  }
  assert.fail(`no tree item "${label}"`);
}

/** The newest monthly statement of the Local sandbox, from the tree (types → year → month → doc). */
async function firstStatement(): Promise<Node> {
  await vscode.commands.executeCommand(COMMANDS.refreshTree);
  const documentsTitle = groups.find((g) => g.id === 'documents')?.title ?? 'Documents';
  const documents = await childNamed(await childNamed(undefined, LOCAL_SANDBOX_NAME), documentsTitle);
  const monthly = await childNamed(documents, 'Monthly Statement');
  const [year] = (await api.tree.getChildren(monthly)) ?? [];
  const [month] = (await api.tree.getChildren(year)) ?? [];
  const [doc] = ((await api.tree.getChildren(month)) ?? []) as Node[];
  assert.ok(doc?.operationArgs().vars?.documentId, 'a statement with a document id');
  return doc;
}
