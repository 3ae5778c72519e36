import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CompletionItemKind, type CompletionItem, type TextEdit } from 'vscode-languageserver-types';
import { analyzeDocument, languageHandlers } from '../../src/language/handlers';
import { snippetToPlainText } from '../../src/language/clientProfile';
import { operations } from '../../src/catalog';
import { DECLINE_TABLE } from '../../src/catalog/localSandbox/declineAmounts';
import { ACH_RETURN_RULES } from '../../src/catalog/localSandbox/achReturns';
import { atCursor, textOf } from './cursorDocument';
import { MAX_NAMED_OFFERED } from '../../src/language/completion/variables';

function complete(lines: readonly string[]): { items: CompletionItem[]; at: ReturnType<typeof atCursor> } {
  const at = atCursor(lines);
  return { items: languageHandlers.completion(at.doc, at.position), at };
}

const edit = (item: CompletionItem | undefined): TextEdit => {
  assert.ok(item, 'the item is offered');
  return item.textEdit as TextEdit;
};
const byLabel = (items: CompletionItem[], label: string): CompletionItem | undefined => items.find((i) => i.label === label);

const SALE = ['### Sale', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', ''];

describe('completion: methods and paths', () => {
  it('offers the methods the catalog uses at the start of a request line, replacing the typed word', () => {
    const { items } = complete(['###', 'PO|']);
    assert.deepEqual(items.filter((i) => !String(i.label).startsWith('gw-')).map((i) => i.label), ['GET', 'POST', 'PUT', 'DELETE'], 'and the new-request snippets, which the editor filters by the typed word');
    assert.deepEqual(edit(byLabel(items, 'POST')).range, { start: { line: 1, character: 0 }, end: { line: 1, character: 2 } });
    assert.equal(edit(byLabel(items, 'POST')).newText, 'POST ');
  });

  it('offers the catalog paths of the method after it, with path parameters as placeholders', () => {
    const { items } = complete(['GET /rest/v2/tok|']);
    const gets = new Set(operations.filter((op) => op.method === 'GET').map((op) => op.path));
    assert.equal(items.length, gets.size);
    const tokenGet = edit(byLabel(items, '{{gatewayUrl}}/rest/v2/tokens/{tokenId}'));
    assert.equal(tokenGet.newText, '{{gatewayUrl}}/rest/v2/tokens/${1:tokenId}');
    assert.deepEqual(tokenGet.range, { start: { line: 0, character: 4 }, end: { line: 0, character: 16 } });
    assert.equal(byLabel(items, '{{gatewayUrl}}/rest/v2/tokens/{tokenId}')?.insertTextFormat, 2);
    const documentTypes = edit(byLabel(items, '{{boardingUrl}}/api/documents/v1.0/document/{merchantNumber}/DocumentTypes'));
    assert.equal(documentTypes.newText, '{{boardingUrl}}/api/documents/v1.0/document/${1:{{merchantId\\}\\}}/DocumentTypes', 'the merchant number defaults to the environment\'s');
    assert.equal(byLabel(items, '{{gatewayUrl}}/rest/v2/transactions/sale'), undefined, 'sale takes POST only');
  });

  it('offers query parameter names after "?" and their values after "="', () => {
    const names = complete(['GET {{gatewayUrl}}/rest/v2/ach/transactions?page=2&|']).items.map((i) => i.label);
    assert.ok(names.includes('status') && names.includes('start-date'));
    assert.ok(!names.includes('page'), 'a parameter already given is not offered again');
    const values = complete(['GET {{gatewayUrl}}/rest/v2/ach/transactions?status=|']).items.map((i) => i.label);
    assert.deepEqual(values, ['Pending', 'Settling', 'Settled', 'Returned', 'Void']);
  });
});

describe('completion: headers', () => {
  it('offers header names, never an auth header, with the operation\'s media types as choices', () => {
    const { items } = complete(['POST {{gatewayUrl}}/rest/v2/transactions/sale', '|']);
    const labels = items.map((i) => i.label);
    assert.ok(labels.includes('Content-Type') && labels.includes('Accept'));
    for (const auth of ['api-key', 'AccessKey', 'MerchantId', 'Authorization']) assert.ok(!labels.includes(auth), `${auth} is not offered`);
    assert.equal(edit(byLabel(items, 'Content-Type')).newText, 'Content-Type: ${1|application/json,application/xml|}');
  });

  it('offers Content-Type values the operation accepts: XML first, then JSON, for settings', () => {
    const { items } = complete(['PUT {{gatewayUrl}}/rest/v2/settings/terminal', 'Content-Type: |']);
    assert.deepEqual(items.map((i) => i.label), ['application/xml', 'application/json']);
    assert.deepEqual(edit(items[0]).range, { start: { line: 1, character: 14 }, end: { line: 1, character: 14 } });
  });

  it('does not offer a header that is already written', () => {
    const { items } = complete(['POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '|']);
    assert.equal(byLabel(items, 'Content-Type'), undefined);
  });
});

describe('completion: JSON body fields of a sale', () => {
  it('offers the fields not written yet, required first and marked, with a value placeholder and a comma fix', () => {
    const { items, at } = complete([...SALE, '{', '  "amount": "25.00"', '  |', '}']);
    const labels = items.map((i) => i.label);
    assert.ok(!labels.includes('amount'), 'a field already present is not offered');
    const sorted = [...items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
    assert.deepEqual(sorted.slice(0, 2).map((i) => i.label).sort(), ['card', 'exp-date']);
    const card = byLabel(items, 'card');
    assert.equal(card?.labelDetails?.description, 'required');
    assert.equal(edit(card).newText, '"card": "$1"');
    assert.deepEqual(edit(card).range, { start: at.position, end: at.position });
    assert.deepEqual(card?.additionalTextEdits, [{ range: { start: { line: 5, character: 19 }, end: { line: 5, character: 19 } }, newText: ',' }]);
    assert.match(String((card?.documentation as { value: string }).value), /Card number/);
  });

  it('completes a half-typed quoted key in place, and nested object fields inside billing', () => {
    const typed = complete([...SALE, '{', '  "exp|"', '}']);
    const exp = edit(byLabel(typed.items, 'exp-date'));
    assert.equal(textOf(typed.at.doc, exp.range), '"exp"');
    assert.equal(exp.newText, '"exp-date": "$1"');
    const nested = complete([...SALE, '{', '  "billing": {', '    "city": "Phoenix",', '    |', '  }', '}']).items.map((i) => i.label);
    assert.ok(nested.includes('zip') && nested.includes('street'));
    assert.ok(!nested.includes('city') && !nested.includes('amount'));
  });
});

describe('completion: XML body elements of a sale', () => {
  it('offers <field>$1</field> inside the root element, replacing the typed "<"', () => {
    const { items } = complete(['POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/xml', '', '<transaction>', '  <amount>25.00</amount>', '  <|', '</transaction>']);
    const card = edit(byLabel(items, 'card'));
    assert.equal(card.newText, '<card>$1</card>');
    assert.deepEqual(card.range, { start: { line: 5, character: 2 }, end: { line: 5, character: 3 } });
    assert.equal(byLabel(items, 'amount'), undefined);
  });

  it('offers the child elements of a nested element and the close tag after "</"', () => {
    const nested = complete(['POST {{gatewayUrl}}/rest/v2/transactions/sale', '', '<transaction>', '  <shipping>', '    |', '  </shipping>', '</transaction>']);
    assert.ok(nested.items.some((i) => i.label === 'zip'));
    const close = complete(['POST {{gatewayUrl}}/rest/v2/transactions/sale', '', '<transaction>', '  <amount>1.00</|']);
    assert.equal(edit(close.items[0]).newText, '</amount>');
  });
});

describe('completion: values', () => {
  it('offers enum values: SEC codes, account types, sales tax types', () => {
    const sec = complete(['POST {{gatewayUrl}}/rest/v2/ach/transactions/debit', '', '{"standard-entry-class-code": "|"}']);
    assert.deepEqual(sec.items.map((i) => i.label), ['PPD', 'CCD', 'WEB', 'TEL']);
    assert.equal(textOf(sec.at.doc, edit(sec.items[0]).range), '""');
    assert.equal(edit(sec.items[0]).newText, '"PPD"');
    const accountType = complete(['POST {{gatewayUrl}}/rest/v2/ach/tokens', '', '<ach-token>', '  <account-type>|</account-type>', '</ach-token>']);
    assert.deepEqual(accountType.items.map((i) => i.label), ['Checking', 'Savings']);
    const tax = complete([...SALE, '{"sales-tax-type": |}']);
    assert.deepEqual(tax.items.map((i) => i.label), ['LOCAL_SALES_TAX', 'TAX_EXEMPT']);
  });

  it('offers the sandbox test cards for a card field, each with its brand', () => {
    const { items } = complete([...SALE, '{"amount": "25.00", "card": "4|"}']);
    const visa = byLabel(items, '4111111111111111');
    assert.equal(visa?.detail, 'VISA test card');
    assert.ok(byLabel(items, '378282246310005')?.detail?.includes('AMERICAN EXPRESS'));
  });

  it('offers the decline amounts for an amount field, each with its result code and meaning', () => {
    const { items } = complete([...SALE, '{"amount": "|"}']);
    const amounts = new Set(DECLINE_TABLE.flatMap((r) => r.amounts));
    assert.equal(items.length, amounts.size + 1, 'every amount once, plus an approved one');
    assert.equal(byLabel(items, '0.21')?.detail, 'Local sandbox: declined 012 — Insufficient funds');
    assert.match(byLabel(items, '0.04')?.detail ?? '', /004/, 'the first mapping of an amount wins, as in the sandbox');
  });

  it('offers the returning ACH accounts for an account number, with their R-codes', () => {
    const { items } = complete(['POST {{gatewayUrl}}/rest/v2/ach/transactions/debit', '', '{"account-number": "|"}']);
    for (const rule of ACH_RETURN_RULES) {
      assert.ok(items.some((i) => i.label.endsWith(rule.accountEndsWith) && i.detail?.includes(rule.code)), `${rule.code} offered`);
    }
  });
});

describe('completion: variables and named requests', () => {
  const FILE = ['@invoice = INV-9', '', '### Sale', '# @name sale1', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', '', '{"amount": "25.00"}', '', '### Refund'];

  it('offers file variables, built-ins and earlier named requests after "{{", closing the braces', () => {
    const { items } = complete([...FILE, 'POST {{gatewayUrl}}/rest/v2/transactions/refund', '', '{"id": "{{|"}']);
    assert.deepEqual(items.filter((i) => !String(i.label).startsWith('$')).map((i) => i.label).sort(), ['boardingUrl', 'gatewayUrl', 'invoice', 'merchantId', 'sale1']);
    assert.equal(edit(byLabel(items, 'invoice')).newText, 'invoice}}');
    assert.equal(edit(byLabel(items, 'sale1')).newText, 'sale1', 'no dot of its own: a typed one would double it');
    assert.deepEqual(byLabel(items, 'sale1')?.commitCharacters, ['.']);
  });

  it('offers the request\'s own "# @prompt" variables, first', () => {
    const { items } = complete(['# @prompt amount The amount to charge', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', '', '{"amount": "{{am|"}']);
    const amount = byLabel(items, 'amount');
    assert.equal(amount?.detail, 'asked for when sent (# @prompt): The amount to charge');
    assert.equal(edit(amount).newText, 'amount}}');
  });

  it('offers the system variables, each written as a working example to change', () => {
    const { items, at } = complete([...FILE, 'POST {{gatewayUrl}}/rest/v2/transactions/sale', '', '{"invoice": "INV-{{$ra|"}']);
    const system = items.filter((i) => String(i.label).startsWith('$'));
    assert.deepEqual(system.map((i) => i.label), ['$guid', '$uuid', '$randomInt min max', '$timestamp [offset unit]', '$datetime rfc1123|iso8601|"format" [offset unit]', '$localDatetime rfc1123|iso8601|"format" [offset unit]', '$processEnv [%]NAME', '$dotenv [%]NAME']);
    // A name follows: the item writes the variable and a space, and asks for the list of names.
    assert.equal(edit(byLabel(items, '$dotenv [%]NAME')).newText, '$dotenv ');
    assert.equal(byLabel(items, '$dotenv [%]NAME')?.command?.command, 'editor.action.triggerSuggest');
    const random = edit(byLabel(items, '$randomInt min max'));
    assert.equal(random.newText, '$randomInt 1000 10000}}');
    assert.equal(textOf(at.doc, random.range), '$ra');
    assert.equal(byLabel(items, '$randomInt min max')?.filterText, '$randomInt');
    // Their documentation comes when the editor asks for the item's (completionItem/resolve), not in every list.
    const datetime = byLabel(items, '$datetime rfc1123|iso8601|"format" [offset unit]');
    assert.equal(datetime?.documentation, undefined);
    assert.match(String(datetime && languageHandlers.completionResolve(datetime).documentation), /Day\.js format in quotes/);
    assert.equal(languageHandlers.completionResolve(byLabel(items, 'invoice') as CompletionItem), byLabel(items, 'invoice'), 'other items come back as they are');
  });

  it('offers response paths of the named request\'s operation after "name."', () => {
    const { items, at } = complete([...FILE, 'POST {{gatewayUrl}}/rest/v2/transactions/refund', '', '{"id": "{{sale1.pay|}}"}']);
    const id = edit(byLabel(items, 'sale1.payload.transaction.id'));
    assert.equal(id.newText, 'sale1.payload.transaction.id');
    assert.equal(textOf(at.doc, id.range), 'sale1.pay');
  });

  it('offers REST Client\'s forms after them: the answer\'s exchange-id header, the fields of the JSON body as sent', () => {
    const { items } = complete([...FILE, 'POST {{gatewayUrl}}/rest/v2/transactions/refund', '', '{"id": "{{sale1.|}}"}']);
    const labels = items.map((i) => String(i.label));
    assert.ok(labels.indexOf('sale1.response.headers.exchange-id') > labels.indexOf('sale1.payload.transaction.id'), 'after the response paths');
    assert.equal(edit(byLabel(items, 'sale1.request.body.$.amount')).newText, 'sale1.request.body.$.amount', 'the braces are closed already');
    assert.equal(labels.filter((l) => l.startsWith('sale1.request.')).length, 1, 'one field in that body');
  });
});

describe('completion: named requests in a long file (issue 13 §2)', () => {
  const requests = Array.from({ length: 400 }, (_, i) => [`### Sale ${i}`, `# @name sale${i}`, 'POST {{gatewayUrl}}/rest/v2/transactions/sale', '']).flat();

  it('offers the nearest earlier ones, at most MAX_NAMED_OFFERED, and asks to be asked again', () => {
    const at = atCursor([...requests, '### Refund', 'PUT {{gatewayUrl}}/rest/v2/transactions/{{|}}/refund']);
    const list = languageHandlers.completionList(at.doc, at.position);
    const named = list.items.filter((i) => /^sale\d+$/.test(String(i.label)));
    assert.equal(named.length, MAX_NAMED_OFFERED);
    assert.ok(named.some((i) => i.label === 'sale399') && !named.some((i) => i.label === 'sale0'), 'the nearest, not the first');
    assert.equal(list.isIncomplete, true);
  });

  it('narrows by what is typed: the name typed whole first, however far; a short list is complete', () => {
    const far = atCursor([...requests, '### Refund', 'PUT {{gatewayUrl}}/rest/v2/transactions/{{sale1|}}/refund']);
    assert.ok(languageHandlers.completionList(far.doc, far.position).items.some((i) => i.label === 'sale1'));
    const at = atCursor([...requests, '### Refund', 'PUT {{gatewayUrl}}/rest/v2/transactions/{{sale39|}}/refund']);
    const list = languageHandlers.completionList(at.doc, at.position);
    const labels = list.items.filter((i) => i.kind === CompletionItemKind.Reference).map((i) => String(i.label));
    assert.ok(labels.includes('sale39') && labels.includes('sale399'), labels.join(', '));
    assert.ok(labels.every((l) => /3.*9/.test(l)), labels.join(', '));
    assert.equal(list.isIncomplete, false, `${labels.length} items: all that fit`);
  });
});

describe('completion: metadata', () => {
  it('offers name and expect after "# @", then status and response paths after "@expect "', () => {
    assert.deepEqual(complete(['# @|']).items.map((i) => i.label), ['name', 'expect', 'note', 'prompt']);
    const { items } = complete(['# @expect |', 'POST {{gatewayUrl}}/rest/v2/transactions/sale']);
    assert.equal(items[0].label, 'status');
    assert.ok(items.some((i) => i.label === 'payload.transaction.result'));
  });
});

describe('completion: values after "@expect <path> ==" (issue 11, item 12)', () => {
  it('offers the values the field takes, replacing what is typed', () => {
    const { items } = complete(['# @expect payload.transaction.result == AP|', 'POST {{gatewayUrl}}/rest/v2/transactions/sale']);
    assert.deepEqual(items.map((i) => i.label), ['APPROVED', 'DECLINED']);
    assert.deepEqual(edit(byLabel(items, 'APPROVED')).range, { start: { line: 0, character: 40 }, end: { line: 0, character: 42 } });
    const type = complete(['# @expect payload.transaction.type != |', 'POST {{gatewayUrl}}/rest/v2/transactions/refund']).items;
    assert.deepEqual(type.map((i) => i.label), ['REFUND']);
    const ach = complete(['# @expect payload.ach-transaction.status == |', 'POST {{gatewayUrl}}/rest/v2/ach/transactions']).items;
    assert.ok(ach.some((i) => i.label === 'Returned'));
  });
});

describe('completion: new-request snippets (issue 11, item 11)', () => {
  /** The document after accepting `item` with its defaults, as the editor would write it. */
  function accepted(at: ReturnType<typeof atCursor>, item: CompletionItem | undefined): string {
    const e = edit(item);
    const text = at.doc.text;
    return text.slice(0, at.doc.offsetAt(e.range.start)) + snippetToPlainText(e.newText) + text.slice(at.doc.offsetAt(e.range.end));
  }
  const separators = (text: string) => text.split('\n').filter((l) => l.startsWith('###'));

  it('are offered below a request with a body, without typing ### first, and start a new block', () => {
    const { items, at } = complete([...SALE, '{"amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}', '', 'gw-sa|']);
    const text = accepted(at, byLabel(items, 'gw-sale'));
    assert.deepEqual(separators(text), ['### Sale', '### Sale']);
    const after = analyzeDocument(text);
    assert.deepEqual(after.requests.map((_, i) => after.operationOf(i)?.op?.id), ['transactions.sale', 'transactions.sale']);
    assert.deepEqual(languageHandlers.diagnostics(after), [], 'both requests are whole: the first body did not swallow the second');
  });

  it('below an XML body too, and below a request that takes no body', () => {
    assert.ok(byLabel(complete(['PUT {{gatewayUrl}}/rest/v2/settings/terminal', '', '<terminal-settings><enable-tip>true</enable-tip></terminal-settings>', '', 'gw|']).items, 'gw-sale'));
    assert.ok(byLabel(complete(['GET {{gatewayUrl}}/rest/v2/transactions', 'Accept: application/json', 'gw|']).items, 'gw-sale'));
  });

  it('never double the ###: after a ### the user wrote, the snippet leaves its own out', () => {
    const { items, at } = complete([...SALE, '{"amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}', '', '###', 'gw-|']);
    const text = accepted(at, byLabel(items, 'gw-refund'));
    assert.deepEqual(separators(text), ['### Sale', '###']);
    assert.equal(analyzeDocument(text).requests.length, 2);
  });

  it('are not offered inside a body, above lines of the block, or where an empty body takes the sample', () => {
    assert.equal(byLabel(complete([...SALE, '{', '  gw|', '}']).items, 'gw-sale'), undefined);
    assert.equal(byLabel(complete(['GET {{gatewayUrl}}/rest/v2/transactions', 'gw|', 'Accept: application/json']).items, 'gw-sale'), undefined);
    const empty = complete([...SALE, '|']).items;
    assert.equal(byLabel(empty, 'gw-sale'), undefined);
    assert.ok(empty.length > 0, 'the sample body is offered there');
  });
});
