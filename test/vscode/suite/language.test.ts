// The request-file language in a real VS Code, through the language client and the server
// process (dist/server.js): the client starts only when a request file opens; diagnostics at
// the right lines, body-field completion, "Send" code lenses, the outline, and a lens that sends.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LOCAL_SANDBOX_NAME, RESULT_SCHEME, REQUEST_LANGUAGE_ID, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import { activateExtension, testHooks, waitFor as waitBriefly } from './support/extensionUnderTest';


const CHECKS_FILE = [
  '### Sale with a mistyped card',                // 0
  'POST {{gatewayUrl}}/rest/v2/transactions/sale', // 1
  'Content-Type: application/json',               // 2
  '',                                             // 3
  '{',                                            // 4
  '  "type": "SALE",',                            // 5
  '  "amount": "25.00",',                         // 6
  '  "card": "4111111111111112",',                // 7  fails the Luhn check
  '  "exp-date": "1230",',                        // 8
  '  "colour": "blue"',                           // 9  no such field
  '}',                                            // 10
  '',                                             // 11
  '### ACH debit with a mistyped routing number', // 12
  'POST {{gatewayUrl}}/rest/v2/ach/transactions', // 13
  'Content-Type: application/json',               // 14
  '',                                             // 15
  '{',                                            // 16
  '  "type": "Debit",',                           // 17
  '  "routing-number": "081009812",',             // 18 fails the ABA checksum
  '  "account-number": "1234567890",',            // 19
  '  "account-type": "Checking",',                // 20
  '  "individual-name": "Jordan Smith",',         // 21
  '  "standard-entry-class-code": "PPD",',        // 22
  '  "amount": "25.00"',                          // 23
  '}',                                            // 24
  '',
].join('\n');

const EMPTY_SALE_FILE = [
  'POST {{gatewayUrl}}/rest/v2/transactions/sale', // 0
  'Content-Type: application/json',               // 1
  '',                                             // 2
  '{',                                            // 3
  '  ',                                           // 4  completion asked here
  '}',
  '',
].join('\n');

const SALE_FILE = [
  '### A sale to send from its lens',              // 0
  'POST {{gatewayUrl}}/rest/v2/transactions/sale', // 1
  'Content-Type: application/json',               // 2
  '',                                             // 3
  '{',                                            // 4
  '  "type": "SALE",',
  '  "amount": "12.00",',
  '  "card": "4111111111111111",',
  '  "exp-date": "1230"',
  '}',
  '',
].join('\n');

const api = activateExtension;
/** The language server starts in its own process: allow it time on a loaded machine. */
const SERVER_MS = 20_000;
const waitFor = <T>(what: string, probe: () => T | undefined | Promise<T | undefined>) => waitBriefly(what, probe, SERVER_MS);

const labelOf = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label).replace(/"/g, '');

/**
 * A file system that exists only in this test, as a virtual workspace's does (vscode.dev's
 * GitHub repositories, remote file systems): request files on it must get the language
 * server's features like files on disk (the client's document selector takes every scheme).
 */
class MemoryFileSystem implements vscode.FileSystemProvider {
  private readonly files = new Map<string, Uint8Array>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  watch(): vscode.Disposable { return new vscode.Disposable(() => undefined); }
  stat(uri: vscode.Uri): vscode.FileStat {
    if (uri.path === '/') return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const data = this.files.get(uri.path);
    if (!data) throw vscode.FileSystemError.FileNotFound(uri);
    return { type: vscode.FileType.File, ctime: 0, mtime: Date.now(), size: data.length };
  }
  readDirectory(): [string, vscode.FileType][] { return [...this.files.keys()].map((p) => [p.slice(1), vscode.FileType.File]); }
  createDirectory(): void { /* one flat folder */ }
  readFile(uri: vscode.Uri): Uint8Array {
    const data = this.files.get(uri.path);
    if (!data) throw vscode.FileSystemError.FileNotFound(uri);
    return data;
  }
  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    this.files.set(uri.path, content);
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }
  delete(uri: vscode.Uri): void { this.files.delete(uri.path); }
  rename(from: vscode.Uri, to: vscode.Uri): void {
    const data = this.readFile(from);
    this.files.delete(from.path);
    this.files.set(to.path, data);
  }
}

suite('language: the request-file language server in the editor', () => {
  let a: GatewayWorkbenchApi;
  let dir: string;
  let checksUri: vscode.Uri;
  let saleUri: vscode.Uri;
  let emptySaleUri: vscode.Uri;

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await api();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gwreq-language-'));
    checksUri = vscode.Uri.file(path.join(dir, 'checks.gwreq'));
    saleUri = vscode.Uri.file(path.join(dir, 'sale.gwreq'));
    fs.writeFileSync(checksUri.fsPath, CHECKS_FILE);
    emptySaleUri = vscode.Uri.file(path.join(dir, 'empty-sale.gwreq'));
    fs.writeFileSync(saleUri.fsPath, SALE_FILE);
    fs.writeFileSync(emptySaleUri.fsPath, EMPTY_SALE_FILE);
  });

  suiteTeardown(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the client starts when a request file opens, and the file is in our language', async function () {
    this.timeout(30_000);
    const doc = await vscode.workspace.openTextDocument(checksUri);
    await vscode.window.showTextDocument(doc);
    assert.equal(doc.languageId, REQUEST_LANGUAGE_ID);
    await waitFor('the language client to run', () => testHooks(a).languageClientRunning());
  });

  test('a mistyped card, an unknown field and a mistyped routing number are flagged on their lines', async function () {
    this.timeout(30_000);
    const at = (line: number) => (d: vscode.Diagnostic) => d.range.start.line === line;
    const diagnostics = await waitFor('the three diagnostics', () => {
      const all = vscode.languages.getDiagnostics(checksUri);
      return [7, 9, 18].every((line) => all.some(at(line))) ? all : undefined;
    });
    const card = diagnostics.find(at(7))!;
    assert.equal(card.severity, vscode.DiagnosticSeverity.Error, card.message);
    assert.match(card.message, /card|luhn/i);
    assert.ok(card.range.start.character >= '  "card": '.length - 1, `the card diagnostic starts at ${card.range.start.character}, not at the value`);
    const unknown = diagnostics.find(at(9))!;
    assert.equal(unknown.severity, vscode.DiagnosticSeverity.Warning, unknown.message);
    assert.match(unknown.message, /colour/);
    const routing = diagnostics.find(at(18))!;
    assert.equal(routing.severity, vscode.DiagnosticSeverity.Error, routing.message);
    assert.match(routing.message, /routing|ABA|checksum/i);
    for (const clean of [5, 6, 8, 19, 20, 21, 22, 23]) assert.ok(!diagnostics.some(at(clean)), `line ${clean} is flagged: ${diagnostics.filter(at(clean)).map((d) => d.message).join('; ')}`);
  });

  test('a request file in a virtual file system (not file:, not untitled:) gets diagnostics, which follow an edit', async function () {
    this.timeout(45_000);
    const memory = new MemoryFileSystem();
    const registration = vscode.workspace.registerFileSystemProvider('gwtest-memfs', memory, { isCaseSensitive: true });
    try {
      const uri = vscode.Uri.from({ scheme: 'gwtest-memfs', path: '/checks.gwreq' });
      memory.writeFile(uri, new TextEncoder().encode(CHECKS_FILE));
      const doc = await vscode.workspace.openTextDocument(uri);
      const editor = await vscode.window.showTextDocument(doc);
      assert.equal(doc.languageId, REQUEST_LANGUAGE_ID);
      const lines = (all: vscode.Diagnostic[]) => all.map((d) => d.range.start.line).sort((x, y) => x - y);
      await waitFor('diagnostics on the virtual file', () => {
        const all = vscode.languages.getDiagnostics(uri);
        return [7, 9, 18].every((line) => lines(all).includes(line)) ? all : undefined;
      });
      // Two new lines at the top: the server's incremental analysis moves every diagnostic down.
      await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), '@note = moved\n\n'));
      await waitFor('the diagnostics two lines lower', () => {
        const all = vscode.languages.getDiagnostics(uri);
        return [9, 11, 20].every((line) => lines(all).includes(line)) && ![7, 18].some((line) => lines(all).includes(line)) ? all : undefined;
      });
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    } finally {
      registration.dispose();
    }
  });

  test('a missing body file is flagged on its path, creating the file clears it with no edit, and a field mistyped in it shows on the < line', async function () {
    this.timeout(45_000);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the test window has a workspace folder');
    const here = fs.mkdtempSync(path.join(folder, 'body-files-'));
    try {
      const uri = vscode.Uri.file(path.join(here, 'from-file.gwreq'));
      fs.writeFileSync(uri.fsPath, 'POST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n< ./sale.json\n');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      const bodyFileProblems = () => vscode.languages.getDiagnostics(uri).filter((d) => d.code === 'body-file-unreadable' || (typeof d.code === 'object' && d.code.value === 'body-file-unreadable'));
      const flagged = await waitFor('the missing body file flagged', () => (bodyFileProblems().length === 1 ? bodyFileProblems() : undefined));
      assert.equal(flagged[0].range.start.line, 3);
      assert.match(flagged[0].message, /cannot read the body file "\.\/sale\.json": .*sale\.json: it does not exist/);
      // Written by another program (a script, git): the editor's file events reach the server.
      fs.writeFileSync(path.join(here, 'sale.json'), '{"type": "SALE", "amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}\n');
      await waitFor('the problem gone once the file exists', () => (bodyFileProblems().length === 0 ? true : undefined));
      // The file's content is the request's body: a field mistyped in it (saved by another program)
      // shows on the "<" line, with where it is in the file.
      fs.writeFileSync(path.join(here, 'sale.json'), '{"type": "SALE", "amout": "1.00", "card": "4111111111111111", "exp-date": "1230"}\n');
      const inFile = await waitFor('the file\'s mistyped field on the < line', () =>
        vscode.languages.getDiagnostics(uri).find((d) => /^sale\.json:1:\d+: unknown field "amout"/.test(d.message))).catch((err: Error) => {
        throw new Error(`${err.message}; the diagnostics: ${JSON.stringify(vscode.languages.getDiagnostics(uri).map((d) => d.message))}`);
      });
      assert.equal(inFile.range.start.line, 3);
      assert.equal(inFile.relatedInformation?.[0]?.location.uri.fsPath, path.join(here, 'sale.json'));
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    } finally {
      fs.rmSync(here, { recursive: true, force: true });
    }
  });

  test('a missing body file, its path from a file variable, is created by its quick fix with the operation\'s sample body', async function () {
    this.timeout(45_000);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the test window has a workspace folder');
    const here = fs.mkdtempSync(path.join(folder, 'body-create-'));
    try {
      const uri = vscode.Uri.file(path.join(here, 'create.gwreq'));
      fs.writeFileSync(uri.fsPath, '@kind = sale\n\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n< ./bodies/{{kind}}.json\n');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      const unreadable = () => vscode.languages.getDiagnostics(uri).filter((d) => d.code === 'body-file-unreadable' || (typeof d.code === 'object' && d.code.value === 'body-file-unreadable'));
      const [flagged] = await waitFor('the missing bodies/sale.json flagged', () => (unreadable().length === 1 ? unreadable() : undefined));
      assert.match(flagged.message, /cannot read the body file "\.\/bodies\/sale\.json"/);
      const create = await waitFor('the Create quick fix', async () => {
        const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(5, 4, 5, 4));
        return actions.find((a) => a.title === 'Create bodies/sale.json with the Sale sample body');
      });
      assert.ok(create.edit && await vscode.workspace.applyEdit(create.edit), 'the edit applied');
      const created = path.join(here, 'bodies', 'sale.json');
      assert.ok(fs.existsSync(created), 'the file and its folder exist');
      // What VS Code runs after the edit when the fix is picked: the new file opens in an editor.
      const open = create.command;
      // (The API hands vscode.open back as the workbench's own _workbench.open.)
      assert.match(open?.command ?? '', /^(vscode|_workbench)\.open$/);
      assert.ok(open);
      await vscode.commands.executeCommand(open.command, ...(open.arguments ?? []));
      const body = await waitFor('the new file in front', () => (vscode.window.activeTextEditor?.document.uri.fsPath === created ? vscode.window.activeTextEditor.document : undefined));
      assert.equal(JSON.parse(body.getText()).type, 'SALE');
      // save() answers false for a document that is not dirty (the edit may have written it already):
      // what counts is the sample on disk.
      if (body.isDirty) assert.ok(await body.save(), 'saved');
      assert.equal(JSON.parse(fs.readFileSync(created, 'utf8')).type, 'SALE', 'the sample is on disk');
      await waitFor('the problem gone once the file is there', () => (unreadable().length === 0 ? true : undefined));
      await waitFor('the saved sample checked as the body: nothing wrong in it', () => (vscode.languages.getDiagnostics(uri).length === 0 ? true : undefined)).catch((err: Error) => {
        throw new Error(`${err.message}; the diagnostics: ${JSON.stringify(vscode.languages.getDiagnostics(uri).map((d) => d.message))}`);
      });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    } finally {
      fs.rmSync(here, { recursive: true, force: true });
    }
  });

  test('completion inside the JSON body offers the operation\'s fields', async function () {
    this.timeout(30_000);
    const doc = await vscode.workspace.openTextDocument(emptySaleUri);
    await vscode.window.showTextDocument(doc);
    const list = await waitFor('body-field completions', async () => {
      const items = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', emptySaleUri, new vscode.Position(4, 2));
      return items.items.some((i) => labelOf(i) === 'amount') ? items : undefined;
    });
    const labels = list.items.map(labelOf);
    for (const field of ['amount', 'card', 'exp-date', 'csc']) assert.ok(labels.includes(field), `no "${field}" in ${labels.slice(0, 30).join(', ')}`);
  });

  test('each request has a Send lens (the server\'s, once: the old in-extension provider is gone)', async function () {
    this.timeout(30_000);
    const lenses = await waitFor('code lenses', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', checksUri, 100);
      return found.length > 0 ? found : undefined;
    });
    for (const index of [0, 1]) {
      const sends = lenses.filter((l) => l.command?.command === 'gateway.sendRequestAt' && l.command.arguments?.[1] === index);
      assert.ok(sends.some((l) => /Send/.test(l.command!.title)), `request ${index} has no Send lens`);
      assert.ok(sends.every((l) => l.range.start.line === (index === 0 ? 1 : 13) || l.range.start.line === (index === 0 ? 0 : 12)), 'lenses sit on their request');
    }
    const keys = lenses.map((l) => `${l.range.start.line}|${l.command?.title}|${JSON.stringify(l.command?.arguments?.slice(1))}`);
    assert.equal(new Set(keys).size, keys.length, `duplicate lenses: ${keys.join(' / ')}`);
  });

  test('the outline lists the requests', async function () {
    this.timeout(30_000);
    const symbols = await waitFor('document symbols', async () => {
      const found = await vscode.commands.executeCommand<(vscode.DocumentSymbol | vscode.SymbolInformation)[]>('vscode.executeDocumentSymbolProvider', checksUri);
      return found && found.length > 0 ? found : undefined;
    });
    assert.equal(symbols.length, 2, symbols.map((s) => s.name).join(', '));
    assert.match(symbols.map((s) => s.name).join('\n'), /mistyped card[\s\S]*routing number/);
  });

  test('the Send lens sends the request and opens its result editor', async function () {
    this.timeout(60_000);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(saleUri));
    const lenses = await waitFor('the sale\'s lenses', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', saleUri, 100);
      return found.length > 0 ? found : undefined;
    });
    const sends = lenses.filter((l) => l.command?.command === 'gateway.sendRequestAt' && l.command.arguments?.[1] === 0);
    const lens = sends.find((l) => l.command!.arguments!.length === 2) ?? sends.find((l) => l.command!.arguments![2] === LOCAL_SANDBOX_NAME);
    assert.ok(lens?.command, `no Send lens among ${lenses.map((l) => l.command?.title).join(', ')}`);
    const control = await a.environments.localSandboxControl();
    const sales = (await control.stats()).byOperation['transactions.sale'] ?? 0;
    const result = (await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? []))) as { status: number } | undefined;
    assert.equal(result?.status, 200);
    assert.equal((await control.stats()).byOperation['transactions.sale'], sales + 1);
    const editor = await waitFor('the sale\'s result editor', () =>
      vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === RESULT_SCHEME && /12\.00/.test(e.document.getText())));
    assert.match(editor.document.getText(), /APPROVED/);
    assert.ok(!editor.document.getText().includes('4111111111111111'), 'the result shows the card masked');
    const run = testHooks(a).lastRun(saleUri.toString());
    assert.deepEqual(run?.map((o) => o.state), ['passed']);
  });
});
