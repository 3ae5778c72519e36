// snippets/gateway-request.json is generated from the catalog (scripts/generate-snippets.ts);
// these tests keep the file in step with the catalog and check that every snippet, inserted
// with its defaults, is a request file the parser reads as the operation it is named after.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { matchOperation, operations, requireOperation } from '../../src/catalog';
import { parseJson, parseXml } from '../../src/core/codecs/codecs';
import { parseRequestFile } from '../../src/core/requestFile';
import { SNIPPETS_FILE, bodyBearingOperations, generateSnippets, serializeSnippets, type Snippet } from '../../scripts/generate-snippets';

const onDisk = readFileSync(SNIPPETS_FILE, 'utf8');
const snippets = JSON.parse(onDisk) as Record<string, Snippet>;

/** What VS Code inserts when every tab stop keeps its default: `${1:name}` → `name`, `$0` → ''. */
function insertWithDefaults(body: readonly string[]): string {
  const unescape = (text: string) => text.replace(/\\([\\$}])/g, '$1');
  return body
    .join('\n')
    .replace(/\\([\\$}])|\$\{\d+:((?:\\.|[^}\\])*)\}|\$\d+/g, (_m, escaped: string | undefined, placeholder: string | undefined) =>
      escaped ?? (placeholder !== undefined ? unescape(placeholder) : ''));
}

describe('snippets/gateway-request.json', () => {
  it('equals what scripts/generate-snippets.ts produces (run "npm run snippets")', () => {
    assert.equal(onDisk, serializeSnippets(generateSnippets()));
  });

  it('has one snippet per operation that takes a body, and none for the others', () => {
    const expected = operations.filter((op) => op.bodyFormat !== 'none').map((op) => op.id);
    assert.deepEqual(Object.keys(snippets), expected);
    assert.equal(bodyBearingOperations().length, expected.length);
    assert.ok(expected.length >= 30, `only ${expected.length} body-bearing operations`);
  });

  it('prefixes are unique and start with gw-; descriptions are the operation titles', () => {
    const prefixes = Object.values(snippets).map((s) => s.prefix);
    assert.equal(new Set(prefixes).size, prefixes.length, `duplicate prefixes in ${prefixes.join(', ')}`);
    for (const [id, snippet] of Object.entries(snippets)) {
      assert.match(snippet.prefix, /^gw-[a-z]+(-[a-z]+)*$/, id);
      assert.equal(snippet.description, requireOperation(id).title);
    }
    assert.equal(snippets['transactions.sale'].prefix, 'gw-sale');
    assert.equal(snippets['tokens.create'].prefix, 'gw-token-create');
  });

  it('turns the sample placeholders and path parameters into tab stops that stay variables when not given', () => {
    const refund = snippets['transactions.refund'].body.join('\n');
    assert.match(refund, /"id": "\$\{2:\{\{transactionId\\\}\\\}\}"/);
    assert.match(insertWithDefaults(snippets['transactions.refund'].body), /"id": "\{\{transactionId\}\}"/, 'a literal "transactionId" would be sent as is');
    assert.match(snippets['transactions.adjustTip'].body[2], /^PUT \{\{gatewayUrl\}\}\/rest\/v2\/transactions\/\$\{2:\{\{id\\\}\\\}\}$/);
    assert.match(snippets['merchants.create'].body[2], /^POST \{\{boardingUrl\}\}\/api\/.*\/\$\{2:\{\{hierarchyNodeKey\\\}\\\}\}$/);
  });

  it('puts a tab stop on every value a user changes: amount, card, expiry, CSC, invoice (issue 11)', () => {
    const sale = snippets['transactions.sale'].body.join('\n');
    for (const [field, value] of [['amount', '25.00'], ['card', '4111111111111111'], ['exp-date', '1230'], ['csc', '999'], ['invoice', 'INV-1001']]) {
      assert.match(sale, new RegExp(`"${field}": "\\$\\{\\d+:${value}\\}"`), `${field} is not a tab stop`);
    }
    const achDebit = snippets['achTransactions.debit']?.body.join('\n') ?? '';
    assert.match(achDebit, /"account-number": "\$\{\d+:/);
  });

  for (const [id, snippet] of Object.entries(snippets)) {
    it(`${snippet.prefix}: inserted with its defaults, parses as ${id} with a ${requireOperation(id).bodyFormat} body`, () => {
      const op = requireOperation(id);
      const text = insertWithDefaults(snippet.body);
      assert.doesNotMatch(text, /\$/, 'a tab stop was left in the text');
      const file = parseRequestFile(text);
      assert.deepEqual(file.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), []);
      assert.equal(file.requests.length, 1);
      const [request] = file.requests;
      assert.equal(request.title, op.title);
      assert.ok(request.name, 'has an @name');
      const path = request.target.replace(/^\{\{(gatewayUrl|boardingUrl)\}\}/, '');
      assert.equal(matchOperation(request.method, path)?.op.id, id);
      assert.ok(request.body, 'has a body');
      const body = op.bodyFormat === 'json' ? parseJson(request.body.text) : parseXml(request.body.text);
      assert.ok(body.ok, `the body does not parse: ${body.ok ? '' : body.error.message}`);
    });
  }
});
