// Body files in the editor (`< ./sale.json`, `<@ ./bodies/void.json`): the diagnostic of one that
// cannot be read, the link that opens it, the completion of its path and its hover, on real files
// in a temporary folder. The diagnostic's message is the one sending gives (core's bodyFileReader).
// No workspace folder holds the request file here, so its body files must be inside its own folder.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CompletionItemKind, DiagnosticSeverity, type CompletionItem, type CompletionList, type Hover, type MarkupContent, type Position, type TextEdit } from 'vscode-languageserver-types';
import { analyzeDocument, languageHandlers, type AnalyzedDocument } from '../../src/language/handlers';
import { FileDiagnostics } from '../../src/language/documents/fileDiagnostics';
import { bodyFileDiagnostics, bodyFileBase } from '../../src/language/bodyFiles/bodyFiles';
import { bodyFileReader } from '../../src/core/requestFile/bodyFile';
import { editorBodyFilePlace } from '../../src/core/requestFile/bodyFileRoot';
import { parseRequestFile } from '../../src/core/requestFile';
import { operations } from '../../src/catalog';
import { MAX_ENTRIES_OFFERED } from '../../src/language/completion/bodyFilePath';
import { textOf } from './cursorDocument';

const SALE = ['POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', ''];
/** A sale whose body is `body` (one line), under a `###` title. */
const sale = (title: string, body: string): string[] => [`### ${title}`, ...SALE, body, ''];

/** What sending from the editor says of body file `written` of request file `file` (undefined: not saved): the message bodyFileReader throws, or undefined when it reads it. */
function sendingSays(file: string | undefined, written: string): string | undefined {
  try {
    bodyFileReader(file === undefined ? undefined : editorBodyFilePlace(file, undefined))(written);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

let dir: string;
/** The request files' folder: sale.json, a large.json over the size limit, bodies/, hidden entries, node_modules/. */
let requests: string;
let uri: string;
/** The request file's path: `uri`'s. */
let requestFile: string;
let version = 0;
const doc = (lines: readonly string[], at = uri): AnalyzedDocument => analyzeDocument(lines.join('\n'), at, ++version);

before(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'gw-lsp-body-files-')));
  requests = path.join(dir, 'requests');
  for (const folder of ['bodies/nested', '.secrets', 'node_modules/left-pad', 'many']) fs.mkdirSync(path.join(requests, folder), { recursive: true });
  fs.writeFileSync(path.join(requests, 'sale.json'), '{"amount": "1.00"}\n');
  fs.writeFileSync(path.join(requests, 'with space.json'), '{}');
  fs.writeFileSync(path.join(requests, 'bodies/void.json'), '{"id": "{{sale1.payload.transaction.id}}"}');
  fs.writeFileSync(path.join(requests, '.env'), 'x');
  for (let i = 0; i < MAX_ENTRIES_OFFERED + 20; i++) fs.writeFileSync(path.join(requests, 'many', `${i % 2 ? 'void' : 'sale'}-${String(i).padStart(4, '0')}.json`), '{}');
  // Sparse: its size is over the limit without writing 33 MB.
  fs.closeSync(fs.openSync(path.join(requests, 'large.json'), 'w'));
  fs.truncateSync(path.join(requests, 'large.json'), 33 * 1024 * 1024);
  requestFile = path.join(requests, 'payments.gwreq');
  uri = pathToFileURL(requestFile).href;
});

after(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('body files: the diagnostic of one that cannot be read', () => {
  it('is an error on the path, code body-file-unreadable (body-file-outside for one outside its root), saying what sending would say', () => {
    const cases: Array<[string, string]> = [
      ['./missing.json', 'body-file-unreadable'], ['bodies', 'body-file-unreadable'], ['sale.json/inner.json', 'body-file-unreadable'], ['large.json', 'body-file-unreadable'],
      [path.join(requests, 'absent.json'), 'body-file-unreadable'], ['../nowhere/sale.json', 'body-file-outside'], [path.join(dir, 'absent.json'), 'body-file-outside'],
    ];
    for (const [written, code] of cases) {
      const d = doc(sale('Sale', `< ${written}`));
      const found = languageHandlers.bodyFileDiagnostics(d);
      const message = sendingSays(requestFile, written);
      assert.ok(message, `sending refuses ${written}`);
      assert.equal(found.length, 1, written);
      assert.deepEqual({ ...found[0], range: undefined }, { range: undefined, code, message, severity: DiagnosticSeverity.Error, source: 'gateway' });
      assert.equal(textOf(d, found[0].range), written, 'on the path as written');
    }
    assert.match(sendingSays(requestFile, '../nowhere/sale.json') as string, /is outside the request file's folder .*; body files must be inside it: copy the file into .*, or open a workspace folder that holds both$/);
    assert.match(sendingSays(requestFile, './missing.json') as string, /missing\.json: it does not exist/);
    assert.match(sendingSays(requestFile, 'bodies') as string, /is a folder/);
    assert.match(sendingSays(requestFile, 'large.json') as string, /33 MB, more than a request body can be/);
  });

  it('says nothing of a file that can be read: relative, in a folder, with spaces, absolute, <@', () => {
    for (const body of ['< sale.json', '< ./bodies/void.json', '<@ bodies/void.json', '< with space.json', `< ${path.join(requests, 'sale.json')}`, '<   ./sale.json  ']) {
      assert.deepEqual(languageHandlers.bodyFileDiagnostics(doc(sale('Sale', body))), [], body);
    }
  });

  it('in an untitled document, asks to save it first, for a relative path and an absolute one alike (it has no folder to hold them)', () => {
    const untitled = 'untitled:Untitled-1';
    for (const written of ['./sale.json', path.join(requests, 'sale.json')]) {
      const found = languageHandlers.bodyFileDiagnostics(doc(sale('Sale', `< ${written}`), untitled));
      assert.deepEqual(found.map((d) => d.message), [sendingSays(undefined, written)], written);
      assert.match(String(found[0].message), /not saved to disk, and body files are read only from inside the folder that holds it: save it there first/);
    }
  });

  it('says nothing in a diff view or a virtual workspace (nothing on this disk to check them against, and nothing is sent from there)', () => {
    for (const other of ['git:/work/requests/payments.gwreq?%7B%7D', 'vscode-vfs://github/acme/requests/payments.gwreq']) {
      assert.deepEqual(languageHandlers.bodyFileDiagnostics(doc(sale('Sale', '< ./missing.json'), other)), [], other);
      assert.deepEqual(languageHandlers.bodyFileDiagnostics(doc(sale('Sale', `< ${path.join(dir, 'absent.json')}`), other)), [], other);
    }
  });

  it('only a body that is the one line "< path" names a file', () => {
    const notFiles = [[...sale('Two lines', '< ./missing.json'), 'more'], ['### XML', ...SALE, '<transaction><amount>1.00</amount></transaction>'], ['### Header', SALE[0], '< ./missing.json']];
    for (const lines of notFiles) assert.deepEqual(languageHandlers.bodyFileDiagnostics(doc(lines)), [], lines.join('\n'));
  });
});

describe('body files: the server\'s incremental diagnostics', () => {
  it('lists each block\'s body file where it stands, as a full parse does, after edits that move the blocks', () => {
    const file = new FileDiagnostics();
    const v1 = [...sale('A', '< ./missing.json'), ...sale('B', '{"amount": "1.00"}'), ...sale('C', '<@ bodies/void.json')].join('\n');
    const v2 = `@amount = 1\n\n${v1.replace('### B', '### B\n# @name b')}`;
    const v3 = v2.replace('### A', '');
    for (const text of [v1, v2, v3, v1]) {
      file.update(text);
      const full = parseRequestFile(text).requests.flatMap((r) => (r.body?.file ? [r.body.file] : []));
      assert.deepEqual(file.bodyFiles(text), full);
      assert.equal(full.length, 2);
    }
  });

  it('are asked of the disk each time, not kept with the text: the file created, the same text says nothing', () => {
    const text = [...sale('A', '< ./later.json'), ...sale('B', '< ./sale.json')].join('\n');
    const file = new FileDiagnostics();
    const base = bodyFileBase(uri);
    const publish = () => [...file.update(text), ...bodyFileDiagnostics(file.bodyFiles(text), base)].filter((d) => d.code === 'body-file-unreadable');
    assert.deepEqual(publish().map((d) => d.range.start.line), [4]);
    fs.writeFileSync(path.join(requests, 'later.json'), '{}');
    try {
      assert.deepEqual(publish(), []);
    } finally {
      fs.rmSync(path.join(requests, 'later.json'));
    }
    assert.deepEqual(publish().map((d) => d.range.start.line), [4]);
  });

  it('costs a file without body files nothing: no body files listed, the kept diagnostics handed back as they are', () => {
    const text = [...sale('A', '{"amount": "1.00"}'), ...sale('B', '<transaction/>')].join('\n');
    const file = new FileDiagnostics();
    const first = file.update(text);
    assert.deepEqual(file.bodyFiles(text), []);
    assert.equal(file.update(text), first);
  });
});

describe('body files: document links', () => {
  it('links each path that names a file to that file, and no other', () => {
    const lines = [...sale('A', '< ./sale.json'), ...sale('B', '< ./missing.json'), ...sale('C', '<@ bodies/void.json'), ...sale('D', '< bodies'), ...sale('E', `< ${path.join(requests, 'with space.json')}`)];
    const d = doc(lines);
    const links = languageHandlers.documentLinks(d);
    assert.deepEqual(links.map((l) => [textOf(d, l.range), l.target]), [
      ['./sale.json', pathToFileURL(path.join(requests, 'sale.json')).href],
      ['bodies/void.json', pathToFileURL(path.join(requests, 'bodies/void.json')).href],
      [path.join(requests, 'with space.json'), pathToFileURL(path.join(requests, 'with space.json')).href],
    ]);
    assert.ok(links[2].target?.includes('with%20space.json'), 'the target is a uri');
  });

  it('has none in an untitled document\'s relative paths, and follows blocks that move after an edit', () => {
    assert.deepEqual(languageHandlers.documentLinks(doc(sale('A', '< ./sale.json'), 'untitled:Untitled-1')), []);
    const file = new FileDiagnostics();
    const v1 = [...sale('A', '{}'), ...sale('B', '< ./sale.json')].join('\n');
    const v2 = `\n\n${v1}`;
    for (const [i, text] of [v1, v2, v1].entries()) {
      const laid = file.document(text, uri, i + 1);
      const links = languageHandlers.documentLinks(laid);
      assert.deepEqual(links, languageHandlers.documentLinks(analyzeDocument(text, uri, 100 + i)));
      assert.equal(textOf(laid, links[0].range), './sale.json');
    }
  });
});

describe('body files: path completion', () => {
  /** The items at `|` on a body line, and the list (cut short or not). */
  function complete(body: string, at = uri): { items: CompletionItem[]; list: CompletionList; position: Position } {
    const lines = [...SALE, body];
    const cursor = body.indexOf('|');
    const position = { line: lines.length - 1, character: cursor };
    lines[lines.length - 1] = body.replace('|', '');
    const list = languageHandlers.completionList(doc(lines, at), position);
    return { items: list.items, list, position };
  }
  const labels = (items: CompletionItem[]) => items.map((i) => i.label);

  it('after "< ", the request file\'s folder: folders first with a "/" that asks again, then files; no hidden entries, no node_modules', () => {
    const { items, position } = complete('< |');
    assert.deepEqual(labels(items), ['bodies/', 'many/', 'large.json', 'sale.json', 'with space.json']);
    const bodies = items[0];
    assert.equal(bodies.kind, CompletionItemKind.Folder);
    assert.deepEqual(bodies.command?.command, 'editor.action.triggerSuggest');
    assert.deepEqual(bodies.textEdit, { range: { start: position, end: position }, newText: 'bodies/' });
    const saleItem = items.find((i) => i.label === 'sale.json');
    assert.equal(saleItem?.kind, CompletionItemKind.File);
    assert.equal(saleItem?.command, undefined);
    assert.deepEqual(items.map((i) => i.sortText), [...items.map((i) => i.sortText)].sort(), 'the editor keeps the order');
  });

  it('after "<@ ./bodies/", that folder; the typed part of the name (and the rest of it after the cursor) is replaced', () => {
    const inside = complete('<@ ./bodies/|');
    assert.deepEqual(labels(inside.items), ['nested/', 'void.json']);
    const { items, position } = complete('< ./bodies/vo|id.json');
    const edit = items.find((i) => i.label === 'void.json')?.textEdit as TextEdit;
    assert.deepEqual(edit.range, { start: { line: position.line, character: position.character - 2 }, end: { line: position.line, character: position.character + 7 } });
    assert.deepEqual(labels(complete('<@   ../requests/bodies/nested/|').items), []);
    assert.deepEqual(labels(complete(`< ${path.join(requests, 'bodies')}/|`).items), ['nested/', 'void.json'], 'an absolute folder');
    assert.deepEqual(labels(complete('< ../|').items), [], 'nothing outside the root is listed');
    assert.deepEqual(labels(complete(`< ${dir}/|`).items), [], 'nor an absolute folder outside it');
  });

  it('offers hidden entries once the typed name starts with ".", node_modules never', () => {
    assert.deepEqual(labels(complete('< .|').items), ['.secrets/', 'bodies/', 'many/', '.env', 'large.json', 'sale.json', 'with space.json']);
    assert.deepEqual(labels(complete('< ./.|').items).filter((l) => String(l).startsWith('.')), ['.secrets/', '.env']);
  });

  it('cuts a large folder short: at most MAX_ENTRIES_OFFERED, what starts with the typed name, marked incomplete', () => {
    const all = complete('< many/|');
    assert.equal(all.items.length, MAX_ENTRIES_OFFERED);
    assert.equal(all.list.isIncomplete, true);
    const voids = complete('< many/void|');
    assert.equal(voids.items.length, (MAX_ENTRIES_OFFERED + 20) / 2);
    assert.ok(voids.items.every((i) => String(i.label).startsWith('void-')));
  });

  it('is only on the body\'s first line after "<" and a blank, and only for a request file on disk', () => {
    assert.deepEqual(complete('< ./nowhere/|').items, []);
    assert.deepEqual(complete('< |', 'untitled:Untitled-1').items, []);
    assert.deepEqual(complete('< |', 'git:/requests/payments.gwreq').items, []);
    const xml = complete('<|');
    assert.ok(xml.items.length > 0 && xml.items.every((i) => i.kind !== CompletionItemKind.File && i.kind !== CompletionItemKind.Folder), 'a "<" alone starts XML');
    const lines = [...SALE, '{', '< |'];
    const second = languageHandlers.completion(doc(lines.map((l) => l.replace('|', ''))), { line: lines.length - 1, character: 2 });
    assert.ok(second.every((i) => i.kind !== CompletionItemKind.File && i.kind !== CompletionItemKind.Folder), 'not on a later body line');
  });
});

describe('body files: hover', () => {
  const hover = (lines: readonly string[], position: Position, at = uri): Hover | null => languageHandlers.hover(doc(lines, at), position);
  const text = (h: Hover | null): string => (h?.contents as MarkupContent | undefined)?.value ?? '';

  it('shows where the file is and its size, and how it is sent', () => {
    const h = hover(sale('A', '< ./sale.json'), { line: 4, character: 5 });
    assert.equal(text(h), `**Body file** \`${path.join(requests, 'sale.json')}\` (19 bytes) — sent as it is.`);
    assert.deepEqual(h?.range, { start: { line: 4, character: 2 }, end: { line: 4, character: 13 } });
    assert.match(text(hover(sale('A', '<@ bodies/void.json'), { line: 4, character: 3 })), /bodies\/void\.json` \(42 bytes\) — sent its `\{\{…\}\}` filled in/);
    assert.match(text(hover(sale('A', '< large.json'), { line: 4, character: 3 })), /33 MB, more than a request body can be/);
  });

  it('shows why it cannot be sent, in sending\'s words, where it is moved by an edit too', () => {
    const lines = [...sale('A', '{}'), ...sale('B', '< ./missing.json')];
    const file = new FileDiagnostics();
    for (const [i, text2] of [lines.join('\n'), `\n${lines.join('\n')}`].entries()) {
      const line = 10 + i;
      const h = languageHandlers.hover(file.document(text2, uri, 1 + i), { line, character: 4 });
      assert.equal(text(h), `**Body file** — ${sendingSays(requestFile, './missing.json')}.`);
      assert.equal(h?.range?.start.line, line);
    }
    assert.equal(hover(sale('A', '< ./missing.json'), { line: 4, character: 1 }), null, 'not on the "<"');
  });
});

describe('body files: a path with {{…}} (< ./{{dir}}/{{kind}}.json)', () => {
  const lines = ['@dir = bodies', '@kind = void', '@missing = nope', '', ...sale('A', '<@ ./{{dir}}/{{kind}}.json'), ...sale('B', '< {{missing}}.json'), ...sale('C', '< {{gatewayUrl}}.json')];
  const text = (h: Hover | null): string => (h?.contents as MarkupContent | undefined)?.value ?? '';

  it('is checked, linked and hovered as the file its path names once the file\'s variables fill it in', () => {
    const d = doc(lines);
    assert.deepEqual(languageHandlers.documentLinks(d).map((l) => [textOf(d, l.range), l.target]), [['./{{dir}}/{{kind}}.json', pathToFileURL(path.join(requests, 'bodies/void.json')).href]]);
    const unreadable = languageHandlers.bodyFileDiagnostics(d);
    assert.deepEqual(unreadable.map((u) => [u.range.start.line, textOf(d, u.range), u.message]), [[14, '{{missing}}.json', sendingSays(requestFile, 'nope.json')]]);
    // The server's incremental path says the same.
    const file = new FileDiagnostics();
    file.update(lines.join('\n'));
    assert.deepEqual(bodyFileDiagnostics(file.bodyFiles(lines.join('\n')), bodyFileBase(uri)).map((u) => u.message), unreadable.map((u) => u.message));
    assert.match(text(languageHandlers.hover(d, { line: 8, character: 23 })), /bodies\/void\.json` \(42 bytes\) — sent its `\{\{…\}\}` filled in/);
  });

  it('says nothing of a file only the environment names (known when it is sent), and says so on hover', () => {
    const d = doc(lines);
    assert.ok(!languageHandlers.bodyFileDiagnostics(d).some((u) => u.range.start.line === 20));
    assert.match(text(languageHandlers.hover(d, { line: 20, character: 17 })), /its path's `\{\{…\}\}` are filled in when it is sent/);
  });

  it('refuses a response\'s value in the path as it is typed: no answer may choose the file sent', () => {
    const d = doc(sale('A', '<@ ./bodies/{{sale1.payload.transaction.id}}.json'));
    const found = languageHandlers.diagnostics(d).filter((x) => x.code === 'body-file-path-response');
    assert.deepEqual(found.map((x) => [textOf(d, x.range), x.severity]), [['{{sale1.payload.transaction.id}}', DiagnosticSeverity.Error]]);
    assert.match(String(found[0].message), /never a response's .* put the value in the file and send it with "<@"/);
  });
});

describe('body files: the quick fix that creates a missing one', () => {
  const actions = (lines: readonly string[], line: number, at = uri) => {
    const d = doc(lines, at);
    const range = { start: { line, character: 3 }, end: { line, character: 3 } };
    return languageHandlers.codeActions(d, range, { createsFiles: true, shown: languageHandlers.bodyFileDiagnostics(d) });
  };
  type Change = { kind?: string; uri?: string; textDocument?: { uri: string }; edits?: Array<{ newText: string }> };
  const changesOf = (action: { edit?: { documentChanges?: unknown[] } }) => (action.edit?.documentChanges ?? []) as Change[];

  it('creates the file its path names, holding the operation\'s sample body when the name says the sample\'s format', () => {
    const [create] = actions(['@kind = refund', '', ...sale('A', '<@ ./bodies/{{kind}}.json')], 6);
    assert.equal(create.title, 'Create bodies/refund.json with the Sale sample body');
    assert.equal(create.isPreferred, true);
    assert.deepEqual(create.diagnostics?.map((d) => d.code), ['body-file-unreadable']);
    const [file, content] = changesOf(create);
    const target = pathToFileURL(path.join(requests, 'bodies/refund.json')).href;
    assert.deepEqual([file.kind, file.uri, content.textDocument?.uri], ['create', target, target]);
    assert.deepEqual(JSON.parse(content.edits?.[0]?.newText ?? ''), JSON.parse(String(parseOperationSample('transactions.sale'))));
    assert.equal(create.command, undefined, 'no editor command for a client that runs none');
    const d = doc(sale('A', '< ./new.json'));
    const [opening] = languageHandlers.codeActions(d, { start: { line: 4, character: 3 }, end: { line: 4, character: 3 } }, { createsFiles: true, editorCommands: true });
    assert.deepEqual(opening.command, { title: 'Open the body file', command: 'vscode.open', arguments: [pathToFileURL(path.join(requests, 'new.json')).href] });
  });

  it('creates an empty file when its name says another format, and nothing for a file there, a folder or an unsaved document', () => {
    const [xml] = actions(sale('A', '< ./bodies/new.xml'), 4);
    assert.equal(xml.title, 'Create bodies/new.xml');
    assert.equal(changesOf(xml).length, 1, 'the file only, no content');
    assert.deepEqual(actions(sale('A', '< ./sale.json'), 4), []);
    assert.deepEqual(actions(sale('A', '< bodies'), 4), []);
    assert.deepEqual(actions(sale('A', '< ./new.json'), 4, 'untitled:Untitled-1'), []);
    assert.deepEqual(actions(sale('A', '< ./new.json'), 1), [], 'only on the path\'s line');
    const d = doc(sale('A', '< ./new.json'));
    assert.deepEqual(languageHandlers.codeActions(d, { start: { line: 4, character: 3 }, end: { line: 4, character: 3 } }), [], 'not for a client that cannot create files');
  });
});

function parseOperationSample(id: string): string | undefined {
  return operations.find((op) => op.id === id)?.sample;
}
