// The built server (dist/server.js) as an editor runs it: a child process over stdio, spoken
// to with vscode-jsonrpc's node client.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { CompletionItem, Diagnostic, DocumentLink, Hover, MarkupContent } from 'vscode-languageserver-types';
import { ENVIRONMENTS_NOTIFICATION } from '../../src/language/protocol';

const root = path.join(__dirname, '../..');
const URI = 'file:///tmp/server-test/sale.gwreq';
const TEXT = ['### Sale', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '', '{', '  "amount": "25.00",', '  "card": "4111111111111112"', '  ', '}'].join('\n');

/**
 * Ends a server and makes sure of it: twice in CI this
 * file's process outlived its passing tests, held by a child's pipes, so the child is waited for
 * and killed outright when it has not gone within two seconds.
 */
async function stopServer(connection: MessageConnection, child: ChildProcess): Promise<void> {
  const exited = child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  connection.dispose();
  const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
  child.kill();
  await exited;
  clearTimeout(timer);
  child.stdin?.destroy();
  child.stdout?.destroy();
}

describe('language server over stdio', () => {
  let child: ChildProcess;
  let connection: MessageConnection;
  const published: Array<{ uri: string; diagnostics: Diagnostic[] }> = [];
  let refreshes = 0;
  let waiters: Array<() => void> = [];

  before(() => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'ignore' });
    child = spawn(process.execPath, [path.join(root, 'dist/server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; diagnostics: Diagnostic[] }) => {
      published.push(params);
      waiters.forEach((w) => w());
      waiters = [];
    });
    connection.onRequest('workspace/codeLens/refresh', () => {
      refreshes++;
      return null;
    });
    connection.listen();
  });

  after(() => stopServer(connection, child));

  /** Resolves once diagnostics for `uri` are published (other documents may be republished meanwhile). */
  async function publishedFor(uri: string): Promise<void> {
    for (let waited = 0; waited < 10_000 && !published.some((p) => p.uri === uri); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  it('initializes, publishes diagnostics on open, completes body fields and lenses the environments', async () => {
    const init = await connection.sendRequest('initialize', {
      processId: process.pid, rootUri: null,
      capabilities: { workspace: { codeLens: { refreshSupport: true } }, textDocument: { completion: { completionItem: { snippetSupport: true } } } },
      initializationOptions: { environments: { active: 'Local sandbox', names: ['Local sandbox', 'Staging'] }, runsEditorCommands: true },
    }) as { capabilities: Record<string, unknown> };
    assert.ok(init.capabilities.completionProvider && init.capabilities.hoverProvider && init.capabilities.codeLensProvider && init.capabilities.documentLinkProvider);
    await connection.sendNotification('initialized', {});

    const diagnosticsArrived = new Promise<void>((resolve) => waiters.push(resolve));
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'gateway-request', version: 1, text: TEXT } });
    await diagnosticsArrived;
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(published.filter((p) => p.uri === URI).length, 1, 'didOpen published its diagnostics more than once');
    const { diagnostics } = published[published.length - 1];
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character]).sort(), [['invalid-value', 6, 11], ['missing-field', 4, 0]]);

    const items = await connection.sendRequest('textDocument/completion', { textDocument: { uri: URI }, position: { line: 7, character: 2 } }) as CompletionItem[];
    assert.ok(items.some((i) => i.label === 'exp-date' && i.labelDetails?.description === 'required'));

    const lenses = await connection.sendRequest('textDocument/codeLens', { textDocument: { uri: URI } }) as Array<{ command: { title: string } }>;
    assert.deepEqual(lenses.map((l) => l.command.title), ['▷ Send (Local sandbox)', 'Send to…', 'Send All', 'Code…']);
    await connection.sendNotification(ENVIRONMENTS_NOTIFICATION, { active: 'Staging', names: ['Local sandbox', 'Staging'] });
    const again = await connection.sendRequest('textDocument/codeLens', { textDocument: { uri: URI } }) as Array<{ command: { title: string } }>;
    assert.deepEqual(again.map((l) => l.command.title), ['▷ Send (Staging)', 'Send to…', 'Send All', 'Code…']);
    assert.equal(refreshes, 1, 'the client is asked to refresh its lenses');

    const changed = new Promise<void>((resolve) => waiters.push(resolve));
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: { line: 6, character: 26 }, end: { line: 6, character: 27 } }, text: '1' }],
    });
    await changed;
    assert.deepEqual(published[published.length - 1].diagnostics.map((d) => d.code), ['missing-field']);
  });

  it('publishes an edit\'s diagnostics once typing pauses: one publish, for the last version, with its line moved', async () => {
    const uri = 'file:///tmp/server-test/typing.gwreq';
    const opened = new Promise<void>((resolve) => waiters.push(resolve));
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'gateway-request', version: 1, text: TEXT } });
    await opened;
    const before = published.length;
    // Five keystrokes, each a new line above the request: the card's diagnostic moves down.
    for (let version = 2; version <= 6; version++) {
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '\n' }],
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 600));
    const after = published.slice(before).filter((p) => p.uri === uri) as Array<{ version?: number; diagnostics: Diagnostic[] }>;
    assert.equal(after.length, 1, `one publish after the typing pause, not ${after.length}`);
    assert.equal(after[0].version, 6);
    assert.deepEqual(after[0].diagnostics.map((d) => [d.code, d.range.start.line]).sort(), [['invalid-value', 11], ['missing-field', 9]]);
  });

  it('offers the typed path for the generic transaction endpoint as a quick fix', async () => {
    const uri = 'file:///tmp/server-test/generic.gwreq';
    const opened = new Promise<void>((resolve) => waiters.push(resolve));
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'gateway-request', version: 1,
      text: ['POST {{gatewayUrl}}/rest/v2/transactions', 'Content-Type: application/json', '', '{"type": "refund", "id": "1", "amount": "1.00"}'].join('\n') } });
    await opened;
    const legacy = published.filter((p) => p.uri === uri).pop()!.diagnostics.find((d) => d.code === 'legacy-form');
    assert.ok(legacy);
    const actions = await connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: legacy.range, context: { diagnostics: [legacy] } }) as Array<{ title: string; edit: { changes: Record<string, Array<{ newText: string }>> } }>;
    assert.deepEqual(actions.map((a) => a.edit.changes[uri][0].newText), ['/rest/v2/transactions/refund']);
  });

  it('moves a key out of the file: the edit, then Set Keys for the file\'s environment', async () => {
    await connection.sendNotification(ENVIRONMENTS_NOTIFICATION, { active: 'Staging', names: ['Local sandbox', 'Staging'], local: 'Local sandbox' });
    const uri = 'file:///tmp/server-test/key.gwreq';
    const opened = publishedFor(uri);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'gateway-request', version: 1,
      text: ['GET {{gatewayUrl}}/rest/v2/transactions', 'api-key: 0123456789abcdef', 'Accept: application/json'].join('\n') } });
    await opened;
    const key = published.filter((p) => p.uri === uri).pop()!.diagnostics.find((d) => d.code === 'auth-header');
    assert.ok(key);
    const actions = await connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: key.range, context: { diagnostics: [key] } }) as Array<{ title: string; command?: { command: string; arguments: unknown[] }; edit: { changes: Record<string, Array<{ range: unknown; newText: string }>> } }>;
    assert.equal(actions.length, 1);
    assert.deepEqual(actions[0]!.edit.changes[uri], [{ range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, newText: '' }]);
    assert.deepEqual([actions[0]!.command?.command, actions[0]!.command?.arguments], ['gateway.setKeys', ['Staging']]);
  });

  it('flags a body file that is not there, clears it once it is (told of the file, at the next edit or re-publish, the text unchanged), and links it', async () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'gw-server-body-file-')));
    try {
      const uri = pathToFileURL(path.join(dir, 'from-file.gwreq')).href;
      const body = path.join(dir, 'sale.json');
      const lines = ['### Sale', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '', '< ./sale.json'];
      /** The body-file diagnostics of the next publish for `uri` after `act`. */
      const nextPublish = async (act: () => Promise<void>): Promise<Diagnostic[]> => {
        const before = published.length;
        await act();
        for (let waited = 0; waited < 10_000 && !published.slice(before).some((p) => p.uri === uri); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
        const found = published.slice(before).filter((p) => p.uri === uri).pop();
        assert.ok(found, 'diagnostics were published');
        return found.diagnostics.filter((d) => d.code === 'body-file-unreadable');
      };
      const links = async () => (await connection.sendRequest('textDocument/documentLink', { textDocument: { uri } }) as DocumentLink[]).map((l) => l.target);

      const missing = await nextPublish(() => connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'gateway-request', version: 1, text: lines.join('\n') } }));
      assert.deepEqual(missing.map((d) => [d.range, d.severity, d.message]), [[{ start: { line: 4, character: 2 }, end: { line: 4, character: 13 } }, 1, `cannot read the body file "./sale.json": ${body}: it does not exist`]]);
      assert.deepEqual(await links(), []);
      const hover = await connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 4, character: 5 } }) as Hover;
      assert.match((hover.contents as MarkupContent).value, /sale\.json: it does not exist/);

      fs.writeFileSync(body, '{"amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}');
      assert.deepEqual(await nextPublish(() => connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(body).href, type: 1 }] })),
        [], 'the editor telling of the created file clears it, the text unchanged');
      fs.rmSync(body);
      assert.equal((await nextPublish(() => connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(body).href, type: 3 }] }))).length,
        1, 'and of its deletion flags it again');
      fs.writeFileSync(body, '{"amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}');
      assert.deepEqual(await nextPublish(() => connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: 2 },
        contentChanges: [{ range: { start: { line: 0, character: 8 }, end: { line: 0, character: 8 } }, text: ' from a file' }],
      })), [], 'an edit elsewhere publishes what the disk says now');
      assert.deepEqual(await links(), [pathToFileURL(body).href]);

      fs.rmSync(body);
      const again = await nextPublish(() => connection.sendNotification(ENVIRONMENTS_NOTIFICATION, { active: 'Local sandbox', names: ['Local sandbox', 'Staging'] }));
      assert.equal(again.length, 1, 'a re-publish of the same text checks the disk again');

      fs.mkdirSync(path.join(dir, 'bodies'));
      const items = await connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 4, character: 4 } }) as CompletionItem[];
      assert.deepEqual(items.map((i) => [i.label, i.command?.command]), [['bodies/', 'editor.action.triggerSuggest']]);
      await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows what is wrong inside a body file on its path, again once the editor reports the file changed; another file changed publishes nothing', async () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'gw-server-body-content-')));
    try {
      const uri = pathToFileURL(path.join(dir, 'content.gwreq')).href;
      fs.mkdirSync(path.join(dir, 'bodies'));
      const body = path.join(dir, 'bodies', 'sale.json');
      fs.writeFileSync(body, '{"amout": "1.00", "amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}');
      const lines = ['### Sale', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '', '< ./bodies/sale.json'];
      /** The diagnostics of the publish for `uri` that follows `act`, or undefined when none comes within `waitMs`. */
      const publishAfter = async (act: () => Promise<void>, waitMs = 10_000): Promise<Diagnostic[] | undefined> => {
        const before = published.length;
        await act();
        for (let waited = 0; waited < waitMs && !published.slice(before).some((p) => p.uri === uri); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
        return published.slice(before).filter((p) => p.uri === uri).pop()?.diagnostics;
      };
      const fileEvent = (file: string, type: number) => () => connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(file).href, type }] });

      const opened = await publishAfter(() => connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'gateway-request', version: 1, text: lines.join('\n') } }));
      assert.deepEqual(opened?.map((d) => [d.code, d.severity, d.range, d.message, d.relatedInformation]), [['unknown-field', 2, { start: { line: 4, character: 2 }, end: { line: 4, character: 20 } },
        'bodies/sale.json:1:2: unknown field "amout" in Sale: did you mean "amount"?',
        [{ location: { uri: pathToFileURL(body).href, range: { start: { line: 0, character: 1 }, end: { line: 0, character: 8 } } }, message: 'unknown field "amout" in Sale: did you mean "amount"?' }]]]);

      // Saved with other mistakes, the same size: nothing is published until the editor reports this file.
      fs.writeFileSync(body, '{"amount": "1.00", "card": "4111111111111112", "exp-date": "1230", "xxxxxxxxxx": 1}');
      const unrelated = await publishAfter(async () => {
        await fileEvent(path.join(dir, 'bodies', 'other.json'), 2)();
        await fileEvent(path.join(dir, 'node_modules', 'left-pad', 'package.json'), 1)();
      }, 600);
      assert.equal(unrelated, undefined, 'files the document does not name publish nothing for it');
      const changed = await publishAfter(fileEvent(body, 2));
      assert.deepEqual(changed?.map((d) => [d.code, d.message]), [
        ['invalid-value', 'bodies/sale.json:1:29: card: not a valid card number: the Luhn checksum fails (check for a mistyped digit)'],
        ['unknown-field', 'bodies/sale.json:1:68: unknown field "xxxxxxxxxx" in Sale: known fields here are type, amount, card, exp-date, csc, card-inquiry, create-token, token-description, tip-amount, sales-tax-amount and 18 more (see completion)'],
      ]);
      const folderGone = await publishAfter(async () => {
        fs.rmSync(path.join(dir, 'bodies'), { recursive: true });
        await fileEvent(path.join(dir, 'bodies'), 3)();
      });
      assert.deepEqual(folderGone?.map((d) => d.code), ['body-file-unreadable'], 'its folder deleted: one event for the folder');
      await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('publishes the shared rule set\'s wrong-Content-Type and legacy-path findings', async () => {
    const uri = 'file:///tmp/server-test/legacy.gwreq';
    const opened = publishedFor(uri);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'gateway-request', version: 1,
      text: ['GET {{gatewayUrl}}/rest/v2/batches/open', '', '###', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: text/plain', '', '{"amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}'].join('\n') } });
    await opened;
    const diagnostics = published.filter((p) => p.uri === uri).pop()!.diagnostics;
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character]), [['legacy-form', 0, 18], ['content-type-mismatch', 4, 14]]);
  });
});

// Another editor (Neovim's built-in client, Helix…) starts it through the CLI and declares neither
// snippet support nor our commands: it must get plain text and no lenses it cannot run.
describe('language server for other editors: gateway-workbench lsp --stdio', () => {
  let child: ChildProcess;
  let connection: MessageConnection;

  before(() => {
    child = spawn(process.execPath, [path.join(root, 'dist/cli.js'), 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.listen();
  });

  after(() => stopServer(connection, child));

  it('sends plain-text completions, no editor commands and no Send lenses to a client without snippets', async () => {
    const init = await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} }) as { capabilities: Record<string, unknown> };
    assert.ok(init.capabilities.completionProvider && init.capabilities.hoverProvider);
    assert.equal(init.capabilities.codeLensProvider, undefined, 'no lenses for a client that cannot run them');
    await connection.sendNotification('initialized', {});
    const uri = 'file:///tmp/server-test/plain.gwreq';
    const text = ['### Sale', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '', '{', '  ', '}', '', '### Next', 'POST '].join('\n');
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'gateway-request', version: 1, text } });
    const all: CompletionItem[] = [];
    for (const position of [{ line: 5, character: 2 }, { line: 9, character: 5 }, { line: 1, character: 0 }]) {
      all.push(...await connection.sendRequest('textDocument/completion', { textDocument: { uri }, position }) as CompletionItem[]);
    }
    const paths = all.filter(i => String(i.label).includes('/rest/v2/transactions/'));
    assert.ok(paths.length > 3 && all.some(i => i.label === 'amount'), 'paths and body fields are offered');
    for (const item of all) {
      const inserted = item.textEdit?.newText ?? item.insertText ?? String(item.label);
      assert.doesNotMatch(inserted, /\$\{?\d/, `a snippet placeholder reached a client without snippet support: ${item.label}`);
      assert.notEqual(item.insertTextFormat, 2, String(item.label));
      assert.equal(item.command, undefined, `${item.label} carries a command the client cannot run`);
    }
    const lenses = await connection.sendRequest('textDocument/codeLens', { textDocument: { uri } }).catch(() => []) as unknown[];
    assert.deepEqual(lenses, []);
  });

  it('started with no transport, says how to start it (exit 2) instead of dumping its source', () => {
    let stderr = '';
    let status = 0;
    try {
      execFileSync(process.execPath, [path.join(root, 'dist/server.js')], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (err) {
      const e = err as { status: number; stderr: Buffer };
      status = e.status;
      stderr = e.stderr.toString();
    }
    assert.equal(status, 2);
    assert.match(stderr, /gateway-workbench lsp --stdio/);
    assert.ok(stderr.length < 500, `stderr is ${stderr.length} bytes`);
  });
});

// Issue 31 §3: body files stay inside the workspace folder that holds the request file (its own
// folder when none does). The server neither reads one outside (no content check, no hover size,
// no link, no "Create" quick fix, no completion of its folder) nor lets a symbolic link lead out.
describe('language server: body files stay inside the workspace folder', () => {
  let child: ChildProcess;
  let connection: MessageConnection;
  const published: Array<{ uri: string; diagnostics: Diagnostic[] }> = [];
  let base: string;
  let project: string;
  let requests: string;
  let secret: string;
  // Read as a body, this would be flagged (unknown field, failed Luhn): findings on a file outside would show it was read.
  const OUTSIDE = '{"amout": "1.00", "card": "4111111111111112", "exp-date": "1230"}';
  const SALE = ['POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', ''];

  before(() => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'ignore' });
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'gw-server-body-root-')));
    project = path.join(base, 'project');
    requests = path.join(project, 'requests');
    secret = path.join(base, 'secret', 'id_rsa');
    for (const dir of [path.join(base, 'secret', 'dir'), path.join(project, 'shared'), requests, path.join(base, 'loose')]) fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(secret, OUTSIDE);
    fs.writeFileSync(path.join(base, 'secret', 'dir', 'inner.json'), OUTSIDE);
    fs.writeFileSync(path.join(project, 'shared', 'sale.json'), '{"amout": "1.00", "amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}');
    fs.symlinkSync('../../secret/id_rsa', path.join(requests, 'key.json'));
    fs.symlinkSync('../../secret/dir', path.join(requests, 'outdir'));
    fs.symlinkSync('../shared/sale.json', path.join(requests, 'linked.json'));
    child = spawn(process.execPath, [path.join(root, 'dist/server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; diagnostics: Diagnostic[] }) => void published.push(params));
    connection.listen();
  });

  after(async () => {
    await stopServer(connection, child);
    fs.rmSync(base, { recursive: true, force: true });
  });

  /** The diagnostics of the next publish for `uri` after `act`. */
  async function nextPublish(uri: string, act: () => Promise<void>): Promise<Diagnostic[]> {
    const before = published.length;
    await act();
    for (let waited = 0; waited < 10_000 && !published.slice(before).some((p) => p.uri === uri); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const found = published.slice(before).filter((p) => p.uri === uri).pop();
    assert.ok(found, 'diagnostics were published');
    return found.diagnostics;
  }

  it('flags each way out as an error on its path, reads none of them, and still checks a file inside the workspace folder', async () => {
    const init = await connection.sendRequest('initialize', {
      processId: process.pid, rootUri: pathToFileURL(project).href, workspaceFolders: [{ uri: pathToFileURL(project).href, name: 'project' }],
      capabilities: { workspace: { workspaceFolders: true, workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } } },
    }) as { capabilities: { workspace?: { workspaceFolders?: { supported?: boolean; changeNotifications?: boolean } } } };
    assert.deepEqual(init.capabilities.workspace?.workspaceFolders, { supported: true, changeNotifications: true });
    await connection.sendNotification('initialized', {});

    const uri = pathToFileURL(path.join(requests, 'escapes.gwreq')).href;
    const ways = ['< ../../secret/id_rsa', `< ${secret}`, '< key.json', '<@ outdir/inner.json', '< {{keys}}/id_rsa', '< outdir/new.json'];
    const lines = ['@keys = ../../secret', '', ...ways.flatMap((body, i) => [`### way ${i + 1}`, ...SALE, body, '']), '### inside the workspace folder, outside the request file\'s', ...SALE, '< linked.json', ''];
    const diagnostics = await nextPublish(uri, () => connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'gateway-request', version: 1, text: lines.join('\n') } }));
    const pathLines = ways.map((_, i) => 2 + i * 6 + 4);
    const outside = diagnostics.filter((d) => d.code === 'body-file-outside');
    assert.deepEqual(outside.map((d) => [d.range.start.line, d.severity]), pathLines.map((line) => [line, 1]), JSON.stringify(diagnostics, null, 1));
    for (const d of outside) assert.match(String(d.message), new RegExp(`outside the workspace folder ${project.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; body files must be inside it: copy the file into `));
    // Nothing read outside: no finding points into a file there.
    const intoFiles = diagnostics.flatMap((d) => d.relatedInformation ?? []).map((r) => r.location.uri);
    assert.deepEqual([...new Set(intoFiles)], [pathToFileURL(path.join(project, 'shared', 'sale.json')).href], 'only the file inside was read and checked');
    assert.ok(diagnostics.some((d) => d.code === 'unknown-field' && d.range.start.line === 2 + ways.length * 6 + 4), 'the file inside is checked');

    const links = await connection.sendRequest('textDocument/documentLink', { textDocument: { uri } }) as DocumentLink[];
    assert.deepEqual(links.map((l) => l.target), [pathToFileURL(path.join(project, 'shared', 'sale.json')).href]);
    for (const [i, line] of pathLines.entries()) {
      const hover = await connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character: ways[i].length - 2 } }) as Hover;
      const text = (hover.contents as MarkupContent).value;
      assert.match(text, /outside the workspace folder/, `line ${line}`);
      assert.doesNotMatch(text, /bytes/, `line ${line}: no size of a file outside`);
    }
    const newOutside = pathLines[pathLines.length - 1];
    const actions = await connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: newOutside, character: 4 }, end: { line: newOutside, character: 4 } }, context: { diagnostics: outside.slice(-1) } }) as Array<{ title: string }>;
    assert.deepEqual(actions.map((a) => a.title).filter((t) => t.startsWith('Create')), [], 'no quick fix creates a file outside');
    const listed = await connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: pathLines[0], character: '< ../../'.length } }) as CompletionItem[] | { items: CompletionItem[] };
    const items = Array.isArray(listed) ? listed : listed.items;
    assert.ok(!items.some((i) => i.label === 'secret/'), `a folder outside is listed: ${items.map((i) => i.label).join(', ')}`);
    await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  it('takes the request file\'s own folder as the root when no workspace folder holds it, and follows the folders the editor changes', async () => {
    const loose = pathToFileURL(path.join(base, 'loose', 'loose.gwreq')).href;
    fs.writeFileSync(path.join(base, 'loose', 'near.json'), '{"amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}');
    const text = [...SALE, '< ../project/shared/sale.json', '', '###', ...SALE, '< near.json'].join('\n');
    const opened = await nextPublish(loose, () => connection.sendNotification('textDocument/didOpen', { textDocument: { uri: loose, languageId: 'gateway-request', version: 1, text } }));
    assert.deepEqual(opened.filter((d) => d.code === 'body-file-outside').map((d) => d.range.start.line), [3]);
    assert.match(String(opened.find((d) => d.code === 'body-file-outside')?.message), /outside the request file's folder .*loose; body files must be inside it: copy the file into .*loose, or open a workspace folder that holds both/);

    // The editor adds the whole temporary folder as a workspace folder: the file is now inside it.
    const widened = await nextPublish(loose, () => connection.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: pathToFileURL(base).href, name: 'base' }], removed: [] } }));
    assert.deepEqual(widened.filter((d) => d.code === 'body-file-outside'), []);
    assert.ok(widened.some((d) => d.code === 'unknown-field'), 'and its content is checked');
    await connection.sendNotification('textDocument/didClose', { textDocument: { uri: loose } });
  });
});
