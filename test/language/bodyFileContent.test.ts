// What is wrong inside a body file (`< ./bodies/sale.json`), shown on the path that names it: the
// file's content checked as the request's body, as the same content written inline is checked, on
// real files in a temporary folder, through the server's own incremental analysis
// (FileDiagnostics) and content checks (BodyFileContentChecks), as it publishes them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { analyzeDocument, languageHandlers } from '../../src/language/handlers';
import { FileDiagnostics } from '../../src/language/documents/fileDiagnostics';
import { bodyFileBase, bodyFileDiagnostics } from '../../src/language/bodyFiles/bodyFiles';
import { BodyFileContentChecks } from '../../src/language/bodyFiles/bodyFileContent';
import { changedFiles } from '../../src/language/documents/changedFiles';
import type { DocumentTarget } from '../../src/language/documents/documentTarget';
import { textOf } from './cursorDocument';

const SALE = ['POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', ''];
const TERMINAL_SETTINGS = ['PUT {{gatewayUrl}}/rest/v2/settings/terminal', 'Content-Type: application/xml', ''];
const GOOD_SALE = '{\n  "amount": "1.00",\n  "card": "4111111111111111",\n  "exp-date": "1230"\n}\n';

let dir: string;
/** The request files' folder; their bodies are under bodies/. */
let requests: string;
let uri: string;
let version = 0;

/** Writes bodies/`name` and answers its absolute path. */
function bodyFile(name: string, content: string): string {
  const file = path.join(requests, 'bodies', name);
  fs.writeFileSync(file, content);
  return file;
}

/** A request file of one `###` block per [head, body line]. */
const requestFile = (...blocks: Array<[readonly string[], string]>): string =>
  blocks.map(([head, body], i) => [`### Request ${i + 1}`, ...head, body, ''].join('\n')).join('\n');

/** What the server publishes for the body files' content of `text`, as it does (a fresh analysis; `checks` kept if given). */
function contentDiagnostics(text: string, checks = new BodyFileContentChecks(), target?: DocumentTarget): Diagnostic[] {
  return checks.diagnostics(new FileDiagnostics().bodyFileRequests(text, target), bodyFileBase(uri), target);
}

/** The same request with `content` written inline: its diagnostics inside the body, as `line:column: message` counted in the content. */
function inlineSays(head: readonly string[], content: string): string[] {
  const lines = ['### Inline', ...head, content];
  const bodyLine = head.length + 1;
  return languageHandlers.diagnostics(analyzeDocument(lines.join('\n')))
    .filter((d) => d.range.start.line >= bodyLine)
    .map((d) => `${d.range.start.line - bodyLine + 1}:${d.range.start.character + 1}: ${String(d.message)}`)
    .sort();
}

/** The file's diagnostics as `line:column: message` (the prefix's path taken off), for comparing with inlineSays. */
const fileSays = (found: readonly Diagnostic[], shown: string): string[] =>
  found.map((d) => String(d.message).replace(`${shown}:`, '')).sort();

before(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'gw-lsp-body-content-')));
  requests = path.join(dir, 'requests');
  fs.mkdirSync(path.join(requests, 'bodies'), { recursive: true });
  uri = pathToFileURL(path.join(requests, 'payments.gwreq')).href;
});

after(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('body file content: checked as the request\'s body, shown on the path', () => {
  it('an unknown field: a warning on the path, "path:line:column: message", linking to the field in the file', () => {
    const file = bodyFile('sale.json', '{\n  "amount": "1.00",\n    "amout": "2.00",\n  "card": "4111111111111111",\n  "exp-date": "1230"\n}\n');
    const text = requestFile([SALE, '< ./bodies/sale.json']);
    const found = contentDiagnostics(text);
    assert.equal(found.length, 1);
    const [d] = found;
    assert.equal(d.message, 'bodies/sale.json:3:5: unknown field "amout" in Sale: did you mean "amount"?');
    assert.deepEqual([d.code, d.severity, d.source, d.data], ['unknown-field', DiagnosticSeverity.Warning, 'gateway', undefined]);
    assert.equal(textOf(analyzeDocument(text), d.range), './bodies/sale.json', 'on the path as written');
    assert.deepEqual(d.relatedInformation, [{
      location: { uri: pathToFileURL(file).href, range: { start: { line: 2, character: 4 }, end: { line: 2, character: 11 } } },
      message: 'unknown field "amout" in Sale: did you mean "amount"?',
    }]);
  });

  it('a card number that fails Luhn: an error at the value, as inline', () => {
    const content = '{"amount": "1.00", "card": "4111111111111112", "exp-date": "1230"}';
    bodyFile('luhn.json', content);
    const found = contentDiagnostics(requestFile([SALE, '< bodies/luhn.json']));
    assert.deepEqual(found.map((d) => [d.code, d.severity, d.message]), [
      ['invalid-value', DiagnosticSeverity.Error, 'bodies/luhn.json:1:29: card: not a valid card number: the Luhn checksum fails (check for a mistyped digit)'],
    ]);
    assert.deepEqual(found[0].relatedInformation?.[0].location.range, { start: { line: 0, character: 28 }, end: { line: 0, character: 44 } });
  });

  it('finds exactly what the same content written inline gets, inside the body (JSON and XML, fields, values, required fields, keys)', () => {
    const cases: Array<[readonly string[], string]> = [
      [SALE, '{\n  "amout": "1.00",\n  "card": "4111111111111112",\n  "exp-date": "13/30",\n  "type": "refund"\n}'],
      [SALE, '{\n  "amount": "1.00"\n}'],
      [SALE, '{"amount": "1.00", "card": "4111111111111111", "exp-date": "1230", "customer": {"email": "x", "nickname": "y"}}'],
      [SALE, '{"amount": "1.00", "card": "4111111111111111", "exp-date": "1230", "api-key": "0123456789abcdef"}'],
      [TERMINAL_SETTINGS, '<terminal-settings>\n  <enable-tip>maybe</enable-tip>\n  <batch-time>23:00</batch-time>\n</terminal-settings>'],
      [TERMINAL_SETTINGS, '<avs-settings><enabled>true</enabled></avs-settings>'],
    ];
    cases.forEach(([head, content], i) => {
      bodyFile(`same-${i}.txt`, content);
      const inline = inlineSays(head, content);
      assert.ok(inline.length > 0, `case ${i} finds something inline`);
      assert.deepEqual(fileSays(contentDiagnostics(requestFile([head, `< bodies/same-${i}.txt`])), `bodies/same-${i}.txt`), inline, `case ${i}: ${content}`);
    });
    // A "<@" file is filled in as an inline body is: its {{…}} are values, an unclosed "{{" is warned of.
    const filled = '{\n  "amount": {{amount}},\n  "card": "{{card",\n  "exp-date": "1230",\n  "amout": "1"\n}';
    bodyFile('filled.json', filled);
    const inline = inlineSays(['@amount = 1.00', '@card = 4111111111111111', '', ...SALE], filled);
    assert.ok(inline.some((m) => m.includes('unclosed "{{"')));
    assert.deepEqual(fileSays(contentDiagnostics(`@amount = 1.00\n@card = 4111111111111111\n\n${requestFile([SALE, '<@ bodies/filled.json'])}`), 'bodies/filled.json'), inline);
  });

  it('an XML body file for an XML operation (a settings update): its values and fields against the catalog', () => {
    bodyFile('terminal.xml', '<terminal-settings>\n  <enable-tip>maybe</enable-tip>\n  <batch-time-utc>23:00</batch-time-utc>\n</terminal-settings>\n');
    const found = contentDiagnostics(requestFile([TERMINAL_SETTINGS, '< ./bodies/terminal.xml']));
    assert.deepEqual(found.map((d) => [d.code, d.message]), [['invalid-value', 'bodies/terminal.xml:2:15: enable-tip: not a boolean: write true or false']]);
    bodyFile('wrong-root.xml', '<avs-settings><enabled>true</enabled></avs-settings>');
    assert.deepEqual(contentDiagnostics(requestFile([TERMINAL_SETTINGS, '< ./bodies/wrong-root.xml'])).map((d) => d.message),
      ['bodies/wrong-root.xml:1:2: the root element of Update terminal settings is <terminal-settings>, not <avs-settings>']);
  });

  it('malformed JSON or XML: the syntax error where it is in the file, the lines its message names counted in the file', () => {
    const file = bodyFile('broken.json', '{\n  "amount": "1.00",\n  "card": "4111111111111111"\n  "exp-date": "1230"\n}\n');
    const found = contentDiagnostics(requestFile([SALE, '< bodies/broken.json']));
    assert.deepEqual(found.map((d) => [d.code, d.severity, d.message]), [['malformed-json', DiagnosticSeverity.Error, 'bodies/broken.json:4:3: JSON is not valid: Expected \',\' or \'}\' after property value: fix the JSON here']]);
    assert.deepEqual(found[0].relatedInformation?.[0].location, { uri: pathToFileURL(file).href, range: { start: { line: 3, character: 2 }, end: { line: 3, character: 3 } } });
    bodyFile('broken.xml', '<terminal-settings>\n  <enable-tip>true</enable-tip>\n  <time-zone>UTC</zone>\n</terminal-settings>\n');
    const xml = contentDiagnostics(['', '', '', requestFile([TERMINAL_SETTINGS, '< bodies/broken.xml'])].join('\n'));
    assert.equal(xml.length, 1);
    assert.equal(xml[0].code, 'malformed-xml');
    assert.match(String(xml[0].message), /^bodies\/broken\.xml:3:\d+: .*line 3\b/, 'the line in the message is the file\'s, not the request file\'s');
    assert.doesNotMatch(String(xml[0].message), /line (?!3\b)\d+/);
  });

  it('a "<@" file\'s {{…}} are values filled in when sent (as inline); in a "<" file they are sent as written', () => {
    bodyFile('void.json', '{"id": "{{sale1.payload.transaction.id}}"}');
    bodyFile('capture.json', '{"id": {{sale1.payload.transaction.id}}, "amount": "1.00"}');
    const voidRequest = ['POST {{gatewayUrl}}/rest/v2/transactions/void', 'Content-Type: application/json', ''];
    const capture = ['POST {{gatewayUrl}}/rest/v2/transactions/capture', 'Content-Type: application/json', ''];
    const named = requestFile([['# @name sale1', ...SALE], GOOD_SALE.replace(/\n\s*/g, ' ')]);
    assert.deepEqual(contentDiagnostics(`${named}\n${requestFile([voidRequest, '<@ ./bodies/void.json'], [voidRequest, '< ./bodies/void.json'], [capture, '<@ bodies/capture.json'])}`), []);
    const asIs = contentDiagnostics(requestFile([capture, '< bodies/capture.json']));
    assert.deepEqual(asIs.map((d) => d.code), ['malformed-json']);
    assert.match(String(asIs[0].message), /^bodies\/capture\.json:1:9: JSON is not valid: .*"<" sends the file as it is, \{\{…\}\} included: write "<@" to fill them in first/);
  });

  it('says nothing of a clean file, an empty one, or one that cannot be read (that has its own error)', () => {
    bodyFile('clean.json', GOOD_SALE);
    bodyFile('empty.json', '\n  \n');
    const text = requestFile([SALE, '< ./bodies/clean.json'], [SALE, '<@ bodies/clean.json'], [SALE, '< bodies/empty.json'], [SALE, '< ./bodies/missing.json'], [SALE, '< bodies']);
    assert.deepEqual(contentDiagnostics(text), []);
    assert.equal(bodyFileDiagnostics(new FileDiagnostics().bodyFiles(text), bodyFileBase(uri)).length, 2, 'the unreadable ones are bodyFileDiagnostics\'');
  });

  it('checks a file of up to 256 KB; a larger one is sent unchecked, with no diagnostic about it', () => {
    const content = (bytes: number) => {
      const start = '{"amout": "1.00", "card": "4111111111111111", "exp-date": "1230"';
      return `${start}${' '.repeat(bytes - start.length - 2)}}\n`;
    };
    bodyFile('limit.json', content(256 * 1024));
    bodyFile('over.json', content(256 * 1024 + 1));
    assert.equal(fs.statSync(path.join(requests, 'bodies/over.json')).size, 256 * 1024 + 1);
    assert.deepEqual(contentDiagnostics(requestFile([SALE, '< bodies/limit.json'])).map((d) => d.code), ['missing-field', 'unknown-field']);
    const text = requestFile([SALE, '< bodies/over.json']);
    assert.deepEqual(contentDiagnostics(text), []);
    assert.deepEqual(bodyFileDiagnostics(new FileDiagnostics().bodyFiles(text), bodyFileBase(uri)), []);
  });

  it('shows at most 20 findings per file, worst first, then "… and N more" with the worst severity left', () => {
    const fields = Array.from({ length: 30 }, (_, i) => `  "extra-${i}": "x"`);
    const file = bodyFile('many.json', `{\n  "amount": "1.00",\n  "exp-date": "1230",\n${fields.join(',\n')},\n  "card": "4111111111111112"\n}\n`);
    const found = contentDiagnostics(requestFile([SALE, '< ./bodies/many.json']));
    assert.equal(found.length, 21);
    assert.equal(found[0].code, 'invalid-value', 'the error first, though it is last in the file');
    assert.ok(found.slice(1, 20).every((d) => d.code === 'unknown-field' && d.severity === DiagnosticSeverity.Warning));
    assert.deepEqual(found.slice(1, 20).map((d) => d.relatedInformation?.[0].location.range.start.line), Array.from({ length: 19 }, (_, i) => 3 + i), 'then in file order');
    const more = found[20];
    assert.deepEqual([more.code, more.severity, more.message], ['body-file-more-findings', DiagnosticSeverity.Warning, '… and 11 more in bodies/many.json']);
    assert.deepEqual(more.relatedInformation?.[0].location, { uri: pathToFileURL(file).href, range: { start: { line: 22, character: 2 }, end: { line: 22, character: 12 } } });
    // 22 errors and 3 warnings: the 2 errors left decide the last one's severity.
    const cards = Array.from({ length: 22 }, () => '  "card": "4111111111111112"');
    bodyFile('errors.json', `{\n  "amount": "1.00",\n  "exp-date": "1230",\n  "x1": 1,\n  "x2": 2,\n  "x3": 3,\n${cards.join(',\n')}\n}\n`);
    const errors = contentDiagnostics(requestFile([SALE, '< ./bodies/errors.json']));
    assert.deepEqual([errors.length, errors[20].message, errors[20].severity], [21, '… and 5 more in bodies/errors.json', DiagnosticSeverity.Error]);
  });

  it('masks a full card number in a message, as inline-body diagnostics do', () => {
    const content = '{"type": "4111111111111111", "amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}';
    bodyFile('masked.json', content);
    const found = contentDiagnostics(requestFile([SALE, '< bodies/masked.json']));
    assert.deepEqual(found.map((d) => d.message), ['bodies/masked.json:1:11: "…1111" is not an allowed value of type: use one of SALE']);
    for (const d of found) {
      assert.doesNotMatch(String(d.message), /\d{12,}/);
      assert.doesNotMatch(d.relatedInformation?.[0].message ?? '', /\d{12,}/);
    }
    assert.deepEqual(fileSays(found, 'bodies/masked.json'), inlineSays(SALE, content));
  });

  it('in a file that goes to production, flags a sandbox test card in the body file too', () => {
    bodyFile('test-card.json', GOOD_SALE);
    const production: DocumentTarget = { name: 'Live', production: true, local: false };
    const found = contentDiagnostics(requestFile([SALE, '< bodies/test-card.json']), new BodyFileContentChecks(), production);
    assert.deepEqual(found.map((d) => [d.code, d.message]), [['test-card-in-production', 'bodies/test-card.json:3:12: a sandbox test card (…1111) in a request to PRODUCTION "Live": the real gateway would charge or decline it. Use a real card or a token, or send this to a sandbox.']]);
  });

  it('follows its request\'s block when an edit moves it, and never reports the request\'s own lines', () => {
    bodyFile('moved.json', '{"amout": "1.00", "card": "4111111111111111", "exp-date": "1230"}');
    const own = ['POST {{gatewayUrl}}/rest/v2/transactions/sale?amout=1', 'Content-Type: text/plain', 'Authorization: Basic abc', ''];
    const text = requestFile([SALE, '{}'], [own, '< bodies/moved.json'], [SALE, '< bodies/moved.json']);
    const file = new FileDiagnostics();
    const checks = new BodyFileContentChecks();
    for (const version2 of [text, `\n\n${text}`, text]) {
      const found = checks.diagnostics(file.bodyFileRequests(version2), bodyFileBase(uri));
      const doc = analyzeDocument(version2, uri, ++version);
      assert.ok(found.every((d) => textOf(doc, d.range) === 'bodies/moved.json'));
      assert.deepEqual(found.map((d) => [d.range.start.line, d.code]), [[11, 'missing-field'], [11, 'unknown-field'], [17, 'missing-field'], [17, 'unknown-field']]
        .map(([line, code]) => [(line as number) + (version2 === text ? 0 : 2), code]), 'the query parameter, the Content-Type and the Authorization header are the request file\'s');
    }
  });
});

describe('body file content: kept while the file is unchanged', () => {
  it('reads and checks a file again only when its size or modification time changes, or the editor says it changed', () => {
    const file = bodyFile('cached.json', '{"amout": "1.00", "card": "4111111111111111", "exp-date": "1230"}');
    const written = new Date(1_700_000_000_000);
    fs.utimesSync(file, written, written);
    const checks = new BodyFileContentChecks();
    const text = requestFile([SALE, '< bodies/cached.json']);
    const named = () => contentDiagnostics(text, checks).filter((d) => d.code === 'unknown-field').map((d) => /unknown field "(\w+)"/.exec(String(d.message))?.[1]);
    assert.deepEqual(named(), ['amout']);
    // Same size, same modification time: what is kept is answered, the file not read again.
    fs.writeFileSync(file, '{"amont": "1.00", "card": "4111111111111111", "exp-date": "1230"}');
    fs.utimesSync(file, written, written);
    assert.deepEqual(named(), ['amout'], 'kept: the file is not read again');
    fs.utimesSync(file, written, new Date(written.getTime() + 2000));
    assert.deepEqual(named(), ['amont'], 'a new modification time: read again');
    fs.writeFileSync(file, '{"amou": "1.00", "card": "4111111111111111", "exp-date": "1230"}');
    fs.utimesSync(file, written, new Date(written.getTime() + 2000));
    assert.deepEqual(named(), ['amou'], 'a new size: read again');
    fs.writeFileSync(file, '{"amot": "1.00", "card": "4111111111111111", "exp-date": "1230"}');
    fs.utimesSync(file, written, new Date(written.getTime() + 2000));
    assert.deepEqual(named(), ['amou'], 'kept');
    checks.forget(changedFiles([pathToFileURL(path.join(requests, 'other.json')).href]));
    assert.deepEqual(named(), ['amou'], 'another file changed: still kept');
    checks.forget(changedFiles([pathToFileURL(file).href]));
    assert.deepEqual(named(), ['amot'], 'the editor said it changed (within the modification time\'s resolution): read again');
  });

  it('keeps a file\'s findings per request: "<" and "<@", other headers', () => {
    bodyFile('both.json', '{"amount": {{amount}}, "card": "4111111111111111", "exp-date": "1230"}');
    const checks = new BodyFileContentChecks();
    const text = `@amount = 1.00\n\n${requestFile([SALE, '< bodies/both.json'], [SALE, '<@ bodies/both.json'], [['POST {{gatewayUrl}}/rest/v2/transactions/void', ''], '<@ bodies/both.json'])}`;
    for (let i = 0; i < 2; i++) {
      assert.deepEqual(contentDiagnostics(text, checks).map((d) => d.code), ['malformed-json', 'missing-field', 'unknown-field', 'unknown-field', 'unknown-field']);
    }
  });
});

describe('body file content: which files the editor reports changed', () => {
  it('a file reported, or a folder reported above it; nothing else, nothing not on disk', () => {
    const inside = path.join(requests, 'bodies', 'sale.json');
    assert.equal(changedFiles([pathToFileURL(inside).href])(inside), true);
    assert.equal(changedFiles([pathToFileURL(path.join(requests, 'bodies')).href])(inside), true, 'its folder deleted or renamed');
    assert.equal(changedFiles([pathToFileURL(path.join(requests, 'bodies', 'sale.json.bak')).href, pathToFileURL(path.join(requests, 'node_modules', 'x', 'package.json')).href])(inside), false);
    assert.equal(changedFiles(['untitled:Untitled-1', 'git:/requests/bodies/sale.json'])(inside), false);
    assert.equal(changedFiles([])(inside), false);
  });
});

describe('body file content: a "<@" file\'s {{…}} against what the request file defines', () => {
  const VOID = ['POST {{gatewayUrl}}/rest/v2/transactions/void', 'Content-Type: application/json', ''];

  it('flags a name nothing defines and a request not named so, where they are in the file, as inline; a "<" file\'s are text', () => {
    bodyFile('typo.json', '{\n  "type": "VOID",\n  "id": "{{sael1.payload.transaction.id}}",\n  "software-type": "{{sofware}}"\n}\n');
    const head = requestFile([['# @name sale1', ...SALE], GOOD_SALE.replace(/\n\s*/g, ' ')]);
    const found = contentDiagnostics(`@software = GatewayWorkbench\n\n${head}\n${requestFile([VOID, '<@ bodies/typo.json'], [VOID, '< bodies/typo.json'])}`);
    assert.deepEqual(found.map((d) => [d.range.start.line, d.code, String(d.message)]), [
      [13, 'unknown-request', 'bodies/typo.json:3:10: no request is named "sael1": name one with "# @name sael1" above its request line (named here: sale1)'],
      [13, 'undefined-variable', 'bodies/typo.json:4:21: undefined variable {{sofware}}: define it with "@sofware = value" in this file, or use {{gatewayUrl}} / {{boardingUrl}} or {{<named request>.<path>}}'],
    ]);
    assert.deepEqual(found[0].relatedInformation?.[0]?.location.range, { start: { line: 2, character: 9 }, end: { line: 2, character: 41 } });
  });

  it('clears as the request file comes to define them, with the body file unchanged and not read again', () => {
    const file = bodyFile('later.json', '{"type": "VOID", "id": "{{sale9.payload.transaction.id}}"}');
    const written = new Date('2026-01-02T03:04:05Z');   // whole seconds: set again exactly below
    fs.utimesSync(file, written, written);
    const checks = new BodyFileContentChecks();
    const voidText = requestFile([VOID, '<@ bodies/later.json']);
    assert.deepEqual(contentDiagnostics(voidText, checks).map((d) => d.code), ['unknown-request']);
    const named = `${requestFile([['# @name sale9', ...SALE], GOOD_SALE.replace(/\n\s*/g, ' ')])}\n${voidText}`;
    // The same size and time, another name: a read now would flag "saleX"; the file's kept references are checked instead.
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('sale9', 'saleX'));
    fs.utimesSync(file, written, written);
    assert.deepEqual(contentDiagnostics(named, checks), []);
    assert.deepEqual(contentDiagnostics(named).map((d) => d.code), ['unknown-request'], 'a fresh check reads the file as it is now');
  });

  it('flags the sending request\'s own response, which is not there yet when it is sent', () => {
    bodyFile('own.json', '{"type": "VOID", "id": "{{self.payload.transaction.id}}"}');
    const found = contentDiagnostics(requestFile([['# @name self', ...VOID], '<@ bodies/own.json']));
    assert.deepEqual(found.map((d) => d.code), ['undefined-variable']);
    assert.match(String(found[0].message), /uses the response of its own request "self"/);
  });
});
