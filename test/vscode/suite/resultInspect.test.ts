// Issue 35, feature 16: look at an answer as in a client. "Show Response Headers" (status line,
// timing, size, the response headers), "Compare with Previous Answer" (a diff editor of the same
// request's previous answer and this one) and "Copy Value as Variable" (`{{name.path}}` of the
// value at the cursor, which a later request of the file then resolves to that value), against
// the Local sandbox over real sockets — and against a server of our own that puts the
// environment's key and a full card number in its headers: neither may reach what we show.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, LOCAL_SANDBOX_NAME, RESULT_SCHEME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import { activateExtension, waitFor } from './support/extensionUnderTest';

const FULL_PAN = '4111111111111111';
const ECHO_ENV = 'Result inspect echo server';
const ECHO_KEY = 'echo-key-Zq81x7Lm2Pw';

const SALE = [
  '### A sale to look at',                                                                       // 0
  '# @name sale',                                                                                // 1
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',                                               // 2
  'Content-Type: application/json',                                                              // 3
  '',                                                                                            // 4
  `{ "type": "SALE", "amount": "5.00", "card": "${FULL_PAN}", "exp-date": "1230" }`,           // 5
  '',
].join('\n');

const UNNAMED = [
  '### A sale without a name',
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',
  'Content-Type: application/json',
  '',
  `{ "type": "SALE", "amount": "6.00", "card": "${FULL_PAN}", "exp-date": "1230" }`,
  '',
].join('\n');

const XML_SALE = [
  '### An XML sale',
  '# @name xsale',
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',
  'Content-Type: application/xml',
  'Accept: application/xml',
  '',
  `<transaction><type>SALE</type><amount>7.00</amount><card>${FULL_PAN}</card><exp-date>1230</exp-date></transaction>`,
  '',
].join('\n');

const refundUsing = (reference: string, amount: string) => [
  '',
  '### A refund of it',
  '# @expect status 200',
  'POST {{gatewayUrl}}/rest/v2/transactions/refund',
  'Content-Type: application/json',
  '',
  `{ "type": "REFUND", "id": "${reference}", "amount": "${amount}" }`,
  '',
].join('\n');

type Remover = { remove?(name: string): Promise<void> };

suite('result inspection: headers, compare with previous answer, copy value as variable (issue 35)', () => {
  let a: GatewayWorkbenchApi;
  let dir: string;
  let saleUri: vscode.Uri;
  let unnamedUri: vscode.Uri;
  let xmlUri: vscode.Uri;
  let echo: http.Server;
  let localKey = '';

  const resultEditors = () => vscode.window.visibleTextEditors.filter((e) => e.document.uri.scheme === RESULT_SCHEME);
  /** Sends request `index` of `uri` and waits for a result editor that was not open before, holding `marker`. */
  const sendAndOpen = async (uri: vscode.Uri, index: number, marker: string, target?: string): Promise<vscode.TextEditor> => {
    const before = new Set(vscode.workspace.textDocuments.filter((d) => d.uri.scheme === RESULT_SCHEME).map((d) => d.uri.toString()));
    const result = (await vscode.commands.executeCommand(COMMANDS.sendRequestAt, uri, index, ...(target ? [target] : []))) as { status: number } | undefined;
    assert.equal(result?.status, 200);
    return waitFor('the result editor', () => resultEditors().find((e) => !before.has(e.document.uri.toString()) && e.document.getText().includes(marker)), 15_000);
  };
  const assertClean = (text: string, what: string) => {
    assert.ok(!text.includes(FULL_PAN), `${what} holds a full card number`);
    assert.ok(!text.includes(ECHO_KEY), `${what} holds the echo environment's key`);
    assert.ok(!text.includes(localKey), `${what} holds the Local sandbox's key`);
  };

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await activateExtension();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
    await a.environments.ready(LOCAL_SANDBOX_NAME);
    localKey = (await a.environments.credentials(LOCAL_SANDBOX_NAME))?.apiKey ?? '';
    assert.ok(localKey, 'the Local sandbox has no key to look for');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gwreq-inspect-'));
    saleUri = vscode.Uri.file(path.join(dir, 'sale.gwreq'));
    unnamedUri = vscode.Uri.file(path.join(dir, 'unnamed.gwreq'));
    fs.writeFileSync(saleUri.fsPath, SALE);
    fs.writeFileSync(unnamedUri.fsPath, UNNAMED);
    xmlUri = vscode.Uri.file(path.join(dir, 'xml-sale.gwreq'));
    fs.writeFileSync(xmlUri.fsPath, XML_SALE);
    // A stranger's server: it echoes the key it was sent, and a card number, in its headers.
    echo = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const sentKey = String(req.headers['api-key'] ?? '');
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-echo-key': sentKey,
          'x-debug': `key=${sentKey} card=${FULL_PAN}`,
          'set-cookie': `session=${sentKey}`,
          'exchange-id': 'echo-1',
        });
        res.end(JSON.stringify({ payloadType: 'transaction', payload: { transaction: { id: '77', type: 'SALE', result: 'APPROVED', 'result-code': '000', amount: '5.00', card: FULL_PAN } } }));
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
    await a.scripted.addEnvironment({ name: ECHO_ENV, kind: 'sandbox', gatewayUrl: url, boardingUrl: url, readOnly: false, apiKey: ECHO_KEY });
  });

  suiteTeardown(async () => {
    await (a.environments as unknown as Remover).remove?.(ECHO_ENV).catch(() => undefined);
    await new Promise((resolve) => echo.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('"Show Response Headers" shows the status line, the timing, the size and the headers', async function () {
    this.timeout(60_000);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(saleUri), vscode.ViewColumn.One);
    const result = await sendAndOpen(saleUri, 0, '5.00');
    const headersUri = (await vscode.commands.executeCommand(COMMANDS.showResponseHeaders, result.document.uri)) as vscode.Uri | undefined;
    assert.ok(headersUri, 'no headers document');
    const text = (await vscode.workspace.openTextDocument(headersUri)).getText();
    assert.match(text, /^HTTP 200 OK$/m);
    assert.match(text, /^POST http:\/\/127\.0\.0\.1:\d+\/rest\/v2\/transactions\/sale$/m);
    assert.match(text, /^content-type: application\/json/m);
    assert.match(text, /^exchange-id: \S+/m);
    assert.match(text, /^Time: \d+ ms total = \d+ ms until the headers .* \+ \d+ ms reading the body · 1 attempt$/m);
    assert.match(text, /^Size: \d+ bytes$/m);
    assertClean(text, 'the headers document');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), headersUri.toString(), 'the headers document is not shown');
  });

  test('a server that echoes the key and a card number in its headers: neither reaches the headers document', async function () {
    this.timeout(60_000);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(saleUri), vscode.ViewColumn.One);
    const result = await sendAndOpen(saleUri, 0, '"77"', ECHO_ENV);
    assertClean(result.document.getText(), 'the result');
    const headersUri = (await vscode.commands.executeCommand(COMMANDS.showResponseHeaders, result.document.uri)) as vscode.Uri;
    const text = (await vscode.workspace.openTextDocument(headersUri)).getText();
    assert.match(text, /^x-echo-key: /m, text);
    assert.match(text, /^set-cookie: \*\*\* \(hidden\)$/m, text);
    assertClean(text, 'the headers document');
  });

  test('"Compare with Previous Answer" opens a diff of the previous answer to the same request and this one', async function () {
    this.timeout(60_000);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(saleUri), vscode.ViewColumn.One);
    const first = await sendAndOpen(saleUri, 0, '5.00');
    const second = await sendAndOpen(saleUri, 0, '5.00');
    const compared = (await vscode.commands.executeCommand(COMMANDS.compareWithPreviousAnswer, second.document.uri)) as { previous: vscode.Uri; current: vscode.Uri } | undefined;
    assert.ok(compared, 'nothing was compared');
    assert.equal(compared.previous.toString(), first.document.uri.toString(), 'not the previous answer on the Local sandbox');
    assert.equal(compared.current.toString(), second.document.uri.toString());
    const tab = await waitFor('the diff editor', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.equal(tab.original.toString(), first.document.uri.toString());
    assert.equal(tab.modified.toString(), second.document.uri.toString());
    const [left, right] = [first.document.getText(), second.document.getText()];
    assert.notEqual(left, right, 'two sales should differ (their ids)');
    assertClean(left + right, 'the diff');
  });

  test('"Compare with Previous Answer" on a first answer says there is none, and opens nothing', async function () {
    this.timeout(30_000);
    const body = JSON.stringify({ only: 'once', at: Date.now() });
    const editor = await a.results.show({
      method: 'GET', url: `http://127.0.0.1:9/rest/v2/compare-first-${Date.now()}`, status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' },
      timingMs: 3, attempts: 1, contentType: 'application/json', format: 'json', rawBody: Buffer.from(body), bodyText: body, parsed: JSON.parse(body) as unknown,
    }, { title: 'Compare first', environmentName: LOCAL_SANDBOX_NAME });
    assert.ok(editor);
    const compared = await vscode.commands.executeCommand(COMMANDS.compareWithPreviousAnswer, editor.document.uri);
    assert.equal(compared, undefined);
    assert.ok(!(vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff), 'a diff opened with nothing to compare');
  });

  test('"Copy Value as Variable" on the transaction id gives a reference that a later request resolves to that id', async function () {
    this.timeout(60_000);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(saleUri), vscode.ViewColumn.One);
    const result = await sendAndOpen(saleUri, 0, '5.00');
    const text = result.document.getText();
    const id = (JSON.parse(text) as { payload: { transaction: { id: string } } }).payload.transaction.id;
    // The id's value inside "transaction": { … } (the answer's links repeat it).
    const at = text.indexOf(`"${id}"`, text.indexOf('"transaction": {'));
    assert.ok(at > 0, text.slice(0, 400));
    const editor = await vscode.window.showTextDocument(result.document, result.viewColumn);
    editor.selection = new vscode.Selection(result.document.positionAt(at + 2), result.document.positionAt(at + 2));
    const reference = await vscode.commands.executeCommand<string>(COMMANDS.copyValueAsVariable, result.document.uri);
    assert.equal(reference, '{{sale.payload.transaction.id}}', text.slice(0, 600));
    const clipboard = await vscode.env.clipboard.readText();
    assert.ok(clipboard === reference || clipboard === '', `the clipboard holds ${clipboard}`);

    // Used in a later request of the file, it is that very sale's id.
    const doc = await vscode.workspace.openTextDocument(saleUri);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(saleUri, doc.positionAt(doc.getText().length), refundUsing(reference, '1.00'));
    assert.ok(await vscode.workspace.applyEdit(edit));
    const startedAt = new Date().toISOString();
    const refund = (await vscode.commands.executeCommand(COMMANDS.sendRequestAt, saleUri, 1)) as { status: number } | undefined;
    assert.equal(refund?.status, 200);
    const sent = a.history().find((h) => h.operationId === 'transactions.refund' && h.at >= startedAt);
    assert.ok(sent?.body?.includes(`"id": "${id}"`) || sent?.body?.includes(`"id":"${id}"`), `the refund did not carry the copied sale's id ${id}: ${sent?.body}`);
    assert.equal(a.history().filter((h) => h.operationId === 'transactions.sale' && h.at >= startedAt).length, 0, 'the sale was sent again: the reference did not read the answer we copied from');
  });

  test('"Copy Value as Variable" from an unnamed request names it in its file, and the reference resolves', async function () {
    this.timeout(60_000);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(unnamedUri), vscode.ViewColumn.One);
    const result = await sendAndOpen(unnamedUri, 0, '6.00');
    const text = result.document.getText();
    const at = text.indexOf('"result"', text.indexOf('"transaction"'));
    const editor = await vscode.window.showTextDocument(result.document, result.viewColumn);
    editor.selection = new vscode.Selection(result.document.positionAt(at + 3), result.document.positionAt(at + 3));
    const reference = await vscode.commands.executeCommand<string>(COMMANDS.copyValueAsVariable, result.document.uri);
    assert.match(reference ?? '', /^\{\{([a-z][\w-]*)\.payload\.transaction\.result\}\}$/);
    const name = /^\{\{([\w-]+)\./.exec(reference!)![1];
    const doc = await vscode.workspace.openTextDocument(unnamedUri);
    assert.match(doc.getText(), new RegExp(`^# @name ${name}\\nPOST `, 'm'), 'the request was not named in its file');
    // The id of that request, used by a refund, resolves (the refund of an unknown id would not pass).
    const edit = new vscode.WorkspaceEdit();
    edit.insert(unnamedUri, doc.positionAt(doc.getText().length), refundUsing(`{{${name}.payload.transaction.id}}`, '1.00'));
    assert.ok(await vscode.workspace.applyEdit(edit));
    const refund = (await vscode.commands.executeCommand(COMMANDS.sendRequestAt, unnamedUri, 1)) as { status: number } | undefined;
    assert.equal(refund?.status, 200);
  });

  test('"Copy Value as Variable" on an XML element gives its element path, which a later request resolves to its text', async function () {
    this.timeout(60_000);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(xmlUri), vscode.ViewColumn.One);
    const result = await sendAndOpen(xmlUri, 0, '7.00');
    const text = result.document.getText();
    const transaction = text.indexOf('<transaction>');
    const idAt = text.indexOf('<id>', transaction);
    assert.ok(transaction >= 0 && idAt > transaction, text.slice(0, 600));
    const id = text.slice(idAt + 4, text.indexOf('</id>', idAt));
    const editor = await vscode.window.showTextDocument(result.document, result.viewColumn);
    editor.selection = new vscode.Selection(result.document.positionAt(idAt + 5), result.document.positionAt(idAt + 5));
    const reference = await vscode.commands.executeCommand<string>(COMMANDS.copyValueAsVariable, result.document.uri);
    assert.equal(reference, '{{xsale.payload.transaction.id}}', text.slice(0, 600));
    const doc = await vscode.workspace.openTextDocument(xmlUri);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(xmlUri, doc.positionAt(doc.getText().length), refundUsing(reference!, '1.00'));
    assert.ok(await vscode.workspace.applyEdit(edit));
    const startedAt = new Date().toISOString();
    const refund = (await vscode.commands.executeCommand(COMMANDS.sendRequestAt, xmlUri, 1)) as { status: number } | undefined;
    assert.equal(refund?.status, 200);
    const sent = a.history().find((h) => h.operationId === 'transactions.refund' && h.at >= startedAt);
    assert.ok(sent?.body?.includes(`"${id}"`), `the refund did not carry the XML sale's id ${id}: ${sent?.body}`);
  });
});
