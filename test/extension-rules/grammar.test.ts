// The request-file TextMate grammar (syntaxes/gateway-request.tmLanguage.json), tokenized by the
// same engine VS Code uses (vscode-textmate on the oniguruma WASM build). The embedded JSON and
// XML grammars are VS Code's own (MIT), copied into fixtures/grammars so the test needs no editor.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { INITIAL, Registry, parseRawGrammar, type IGrammar } from 'vscode-textmate';
import { OnigScanner, OnigString, loadWASM } from 'vscode-oniguruma';

const ROOT = path.resolve(__dirname, '../..');
const GRAMMAR_FILES: Record<string, string> = {
  'source.gateway-request': path.join(ROOT, 'syntaxes/gateway-request.tmLanguage.json'),
  'source.json': path.join(__dirname, 'fixtures/grammars/JSON.tmLanguage.json'),
  'text.xml': path.join(__dirname, 'fixtures/grammars/xml.tmLanguage.json'),
};

const SAMPLE = [
  '@amount = 25.00',                                          // 0
  '',                                                         // 1
  '### Sale with a test card',                                // 2
  '# @name sale1',                                            // 3
  '# @expect status 200',                                     // 4
  '# @expect payload.transaction.result == APPROVED',         // 5
  '# @expect payload.transaction.id matches /^[0-9]+$/',      // 6
  'POST {{gatewayUrl}}/rest/v2/transactions/sale HTTP/1.1',   // 7
  'Content-Type: application/json',                           // 8
  'X-Trace: {{traceId}}',                                     // 9
  '',                                                         // 10
  '{',                                                        // 11
  '  "amount": "{{amount}}",',                                // 12
  '  "card": { "number": "4111111111111111",',                // 13
  '###',                                                      // 14
  '// a refund of the sale',                                  // 15
  'post {{gatewayUrl}}/rest/v2/transactions/refund',          // 16
  'Content-Type: application/xml',                            // 17
  '',                                                         // 18
  '<refund>',                                                 // 19
  '  <id>{{sale1.payload.transaction.id}}</id>',              // 20
  '</refund>',                                                // 21
  '### Next',                                                 // 22
  'GET /rest/v2/transactions?limit=5',                        // 23
  '### A body from a file',                                   // 24
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',            // 25
  'Content-Type: application/json',                           // 26
  '',                                                         // 27
  '<@ ./bodies/sale.json',                                    // 28
  '### System variables, blanks inside their braces',          // 29
  'GET {{gatewayUrl}}/rest/v2/transactions?start-date={{$datetime "YYYY-MM-DD HH:mm" -7 d}} HTTP/1.1', // 30
  '### REST Client\'s settings and notes',                    // 31
  '# @no-redirect',                                           // 32
  '# @note Refunds the sale in Staging',                      // 33
];

type Line = { text: string; tokens: { start: number; end: number; scopes: string[] }[] };
let lines: Line[] = [];

async function loadGrammar(): Promise<IGrammar> {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new Registry({
    onigLib: Promise.resolve({ createOnigScanner: (sources) => new OnigScanner(sources), createOnigString: (text) => new OnigString(text) }),
    loadGrammar: async (scopeName) => {
      const file = GRAMMAR_FILES[scopeName];
      return file ? parseRawGrammar(fs.readFileSync(file, 'utf8'), file) : null;
    },
  });
  const grammar = await registry.loadGrammar('source.gateway-request');
  assert.ok(grammar, 'the grammar loads');
  return grammar;
}

/** Scopes of the token at the first occurrence of `fragment` on line `line` (after `from`). */
function scopesOf(line: number, fragment: string, from = 0): string[] {
  const { text, tokens } = lines[line];
  const at = text.indexOf(fragment, from);
  assert.ok(at >= 0, `"${fragment}" is not on line ${line}: ${text}`);
  const token = tokens.find((t) => t.start <= at && at < t.end);
  assert.ok(token, `no token at ${line}:${at}`);
  return token.scopes;
}

function assertScope(line: number, fragment: string, scope: string, from = 0): void {
  const scopes = scopesOf(line, fragment, from);
  assert.ok(scopes.some((s) => s.startsWith(scope)), `"${fragment}" on line ${line} has ${scopes.join(' ')}, not ${scope}`);
}

describe('request-file grammar', () => {
  before(async () => {
    const grammar = await loadGrammar();
    let stack = INITIAL;
    lines = SAMPLE.map((text) => {
      const result = grammar.tokenizeLine(text, stack);
      stack = result.ruleStack;
      return { text, tokens: result.tokens.map((t) => ({ start: t.startIndex, end: t.endIndex, scopes: t.scopes })) };
    });
  });

  it('has the scope name package.json contributes', () => {
    const raw = JSON.parse(fs.readFileSync(GRAMMAR_FILES['source.gateway-request'], 'utf8')) as { scopeName: string };
    assert.equal(raw.scopeName, 'source.gateway-request');
  });

  it('separators and their titles', () => {
    assertScope(2, '###', 'punctuation.separator.request');
    assertScope(2, 'Sale with', 'entity.name.section.request-title');
    assertScope(14, '###', 'punctuation.separator.request');
  });

  it('file variables', () => {
    assertScope(0, 'amount', 'variable.other.definition');
    assertScope(0, '=', 'keyword.operator.assignment');
  });

  it('metadata: @name and @expect with their keywords and operators', () => {
    assertScope(3, '@name', 'keyword.other.metadata');
    assertScope(3, 'sale1', 'entity.name.function.request-name');
    assertScope(4, '@expect', 'keyword.other.metadata');
    assertScope(4, 'status', 'keyword.other.status');
    assertScope(4, '200', 'constant.numeric');
    assertScope(5, 'payload.transaction.result', 'variable.other.property');
    assertScope(5, '==', 'keyword.operator.comparison');
    assertScope(6, 'matches', 'keyword.operator.word');
    assertScope(6, '/^', 'string.regexp');
  });

  it('metadata keywords with a hyphen are one keyword; a note\'s text is its value', () => {
    assertScope(32, '@no-redirect', 'keyword.other.metadata');
    assertScope(32, 'redirect', 'keyword.other.metadata');   // not the start of a value
    assertScope(33, '@note', 'keyword.other.metadata');
    assertScope(33, ' Refunds the sale in Staging', 'string.unquoted.metadata-value');
  });

  it('comments with # and //', () => {
    assertScope(15, '//', 'comment.line.double-slash');
    assertScope(15, 'refund', 'comment.line.double-slash');
  });

  it('the request line: method, URL with variables, HTTP version', () => {
    assertScope(7, 'POST', 'keyword.other.http-method');
    assertScope(7, 'gatewayUrl', 'variable.other.gateway-request');
    assertScope(7, '/rest/v2', 'string.unquoted.url');
    assertScope(7, 'HTTP/1.1', 'constant.language.http-version');
    assertScope(16, 'post', 'keyword.other.http-method');
    assertScope(23, 'limit', 'entity.other.attribute-name.query');
    assertScope(30, 'GET', 'keyword.other.http-method');
    assertScope(30, '$datetime "YYYY-MM-DD HH:mm" -7 d', 'variable.other.gateway-request');
    assertScope(30, 'HTTP/1.1', 'constant.language.http-version');
  });

  it('headers: name and value, with variables in values', () => {
    assertScope(8, 'Content-Type', 'support.type.header-name');
    assertScope(8, 'application/json', 'string.unquoted.header-value');
    assertScope(9, 'traceId', 'variable.other.gateway-request');
  });

  it('a JSON body is embedded JSON, with variables inside its strings', () => {
    assertScope(12, '"amount"', 'support.type.property-name.json');
    assertScope(12, '"amount"', 'meta.embedded.block.json');
    assertScope(13, 'number', 'support.type.property-name.json');
    assertScope(12, 'amount}}', 'variable.other.gateway-request');
  });

  it('an XML body is embedded XML, with variables in its text', () => {
    assertScope(19, 'refund', 'entity.name.tag');
    assertScope(19, 'refund', 'meta.embedded.block.xml');
    assertScope(20, 'sale1.payload', 'variable.other.gateway-request');
  });

  it('a body file line: its "<@" an operator, its path a path, not XML', () => {
    assertScope(28, '<@', 'keyword.operator.body-file');
    assertScope(28, './bodies/', 'string.unquoted.path');
    assert.ok(!scopesOf(28, './bodies/').some((s) => s.includes('xml')), scopesOf(28, './bodies/').join(' '));
  });

  it('"###" ends a body even when its JSON is left open', () => {
    assert.ok(!scopesOf(14, '###').some((s) => s.includes('json')), scopesOf(14, '###').join(' '));
    assertScope(16, 'post', 'keyword.other.http-method');
    assertScope(23, 'GET', 'keyword.other.http-method');
    assert.ok(!scopesOf(23, 'GET').some((s) => s.includes('xml')));
  });
});
