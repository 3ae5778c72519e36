import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { analyzeDocument, languageHandlers, type AnalyzedDocument } from '../../src/language/handlers';
import { textOf } from './cursorDocument';

interface Found {
  d: Diagnostic;
  text: string;
}

function diagnose(lines: readonly string[]): { doc: AnalyzedDocument; all: Diagnostic[]; one: (code: string) => Found } {
  const doc = analyzeDocument(lines.join('\n'), 'file:///test/d.gwreq', 1);
  const all = languageHandlers.diagnostics(doc);
  const one = (code: string): Found => {
    const hits = all.filter((d) => d.code === code);
    assert.equal(hits.length, 1, `exactly one "${code}" in ${JSON.stringify(all.map((d) => `${d.code}: ${message(d)}`))}`);
    return { d: hits[0], text: textOf(doc, hits[0].range) };
  };
  return { doc, all, one };
}

/** LSP 3.18 allows markup messages; ours are plain text. */
const message = (d: Diagnostic | undefined): string => (typeof d?.message === 'string' ? d.message : d?.message.value ?? '');
const at = (line: number, from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } });
const SALE_LINE = 'POST {{gatewayUrl}}/rest/v2/transactions/sale';
const ERROR = 1;
const WARNING = 2;

describe('diagnostics: request line', () => {
  it('passes on the parser\'s own diagnostics with their codes and source "gateway"', () => {
    const { one } = diagnose(['post {{gatewayUrl}}/rest/v2/transactions']);
    const { d } = one('unknown-method');
    assert.deepEqual(d.range, at(0, 0, 4));
    assert.equal(d.source, 'gateway');
  });

  it('flags an unknown path on the path and suggests the nearest', () => {
    const { one } = diagnose(['GET {{gatewayUrl}}/rest/v2/transaction?id=1']);
    const { d, text } = one('unknown-path');
    assert.equal(text, '/rest/v2/transaction');
    assert.deepEqual(d.range, at(0, 18, 38));
    assert.match(message(d), /did you mean \/rest\/v2\/transactions\?/);
  });

  it('flags a method the path does not take on the method, saying which it takes', () => {
    const { one } = diagnose(['DELETE {{gatewayUrl}}/rest/v2/settings/terminal']);
    const { d } = one('wrong-method');
    assert.deepEqual(d.range, at(0, 0, 6));
    assert.match(message(d), /takes GET, PUT/);
  });

  it('a typo that happens to fit another method\'s {param} template is a typo, not a wrong method (issue 11)', () => {
    const { all, one } = diagnose(['POST {{gatewayUrl}}/rest/v2/transactions/sael']);
    const { d, text } = one('unknown-path');
    assert.equal(text, '/rest/v2/transactions/sael');
    assert.match(message(d), /did you mean \/rest\/v2\/transactions\/sale\?/);
    assert.ok(!all.some((x) => x.code === 'wrong-method'), 'told "it takes …" instead');
  });

  it('checks path and query parameter values on the value, and warns about unknown query parameters', () => {
    const { all, doc } = diagnose(['GET {{boardingUrl}}/api/documents/v1.0/document/12a/Statements/2025/13?x=1']);
    const invalid = all.filter((d) => d.code === 'invalid-value').map((d) => textOf(doc, d.range));
    assert.deepEqual(invalid, ['12a', '13']);
    const unknown = all.find((d) => d.code === 'unknown-param');
    assert.equal(unknown && textOf(doc, unknown.range), 'x=1');
    assert.equal(unknown?.severity, WARNING);
    const date = diagnose(['GET {{gatewayUrl}}/rest/v2/ach/transactions?start-date=2025-02-30']).one('invalid-value');
    assert.equal(date.text, '2025-02-30');
  });

  it('warns when the base names the other host family', () => {
    const { one } = diagnose(['GET {{boardingUrl}}/rest/v2/tokens/1']);
    assert.equal(one('wrong-host').text, '{{boardingUrl}}');
  });
});

describe('diagnostics: body presence and format', () => {
  it('flags a body on an operation that takes none, over the whole body', () => {
    const { one } = diagnose(['GET {{gatewayUrl}}/rest/v1/batches/open', '', '<batch>', '</batch>']);
    assert.deepEqual(one('unexpected-body').d.range, { start: { line: 2, character: 0 }, end: { line: 3, character: 8 } });
    assert.equal(one('unexpected-body').d.severity, ERROR);
  });

  it('only warns about a body on a DELETE, which is ignored', () => {
    const { d } = diagnose(['DELETE {{gatewayUrl}}/rest/v2/ach/transactions/1000001', '', '{"type": "void"}']).one('unexpected-body');
    assert.equal(d.severity, 2);
    assert.match(message(d), /ignored/);
  });

  it('flags a missing body when the operation has required fields', () => {
    assert.equal(diagnose([SALE_LINE]).one('missing-body').text, '{{gatewayUrl}}/rest/v2/transactions/sale');
  });

  it('flags XML to a JSON-only endpoint on the body\'s first line; settings take JSON as well as XML', () => {
    const xml = diagnose(['POST {{boardingUrl}}/api/launchIntegratorSetup/v1.0/integrateMerchant/4788000000000009', '', '<merchant>', '</merchant>']);
    assert.deepEqual(xml.one('wrong-body-format').d.range, at(2, 0, 10));
    assert.match(message(xml.one('wrong-body-format').d), /takes JSON, not XML/);
    const json = diagnose(['PUT {{gatewayUrl}}/rest/v2/settings/terminal', '', '{"enable-tip": true}']);
    assert.equal(json.all.filter((d) => d.code === 'wrong-body-format').length, 0);
  });

  it('flags a Content-Type that contradicts the body, on the header value', () => {
    const { one } = diagnose([SALE_LINE, 'Content-Type: application/json', '', '<transaction><amount>1.00</amount><card>4111111111111111</card><exp-date>1230</exp-date></transaction>']);
    const { d, text } = one('content-type-mismatch');
    assert.equal(text, 'application/json');
    assert.deepEqual(d.range, at(1, 14, 30));
  });

  it('flags a Content-Type that names no body format (the gateway answers 415), from the shared rule set', () => {
    const { one, all } = diagnose([SALE_LINE, 'Content-Type: text/plain', '', '{"amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}']);
    const { d, text } = one('content-type-mismatch');
    assert.equal(text, 'text/plain');
    assert.equal(d.severity, ERROR);
    assert.match(message(d), /names no body format Sale reads .*use application\/json/);
    assert.equal(all.length, 1);
  });

  it('does not ask a request file for a Content-Type: the sender sets it from the body', () => {
    assert.deepEqual(diagnose([SALE_LINE, '', '{"amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}']).all, []);
  });
});

describe('diagnostics: malformed bodies', () => {
  it('points at the offending JSON token, in document coordinates', () => {
    const { one } = diagnose([SALE_LINE, '', '{', '  "amount": "25.00",', '  "card" "4111111111111111"', '}']);
    const { d } = one('malformed-json');
    assert.deepEqual(d.range, at(4, 9, 10));
    assert.equal(d.severity, ERROR);
  });

  it('points at the offending XML, with the codec\'s line translated to the file', () => {
    const { one } = diagnose([SALE_LINE, '', '<transaction>', '  <amount>25.00</amont>', '</transaction>']);
    const { d } = one('malformed-xml');
    assert.equal(d.range.start.line, 3);
    assert.match(message(d), /opened in line 4/);
  });

  it('points at the same place whatever the line ends: LF, CRLF or a lone CR', () => {
    const json = [SALE_LINE, '', '{', '  "amount": "25.00",', '  "card" "4111111111111111"', '}'];
    const xml = [SALE_LINE, 'Content-Type: application/xml', '', '<transaction>', '  <amount>25.00</amont>', '</transaction>'];
    for (const [lines, code] of [[json, 'malformed-json'], [xml, 'malformed-xml']] as const) {
      const ranges = ['\n', '\r\n', '\r'].map((end) =>
        languageHandlers.diagnostics(analyzeDocument(lines.join(end))).filter((d) => d.code === code).map((d) => d.range));
      assert.equal(ranges[0].length, 1, code);
      assert.deepEqual(ranges[1], ranges[0], `${code} with CRLF`);
      assert.deepEqual(ranges[2], ranges[0], `${code} with lone CR`);
    }
  });

  it('accepts an unquoted {{variable}} as a JSON value', () => {
    const { all } = diagnose(['@amount = 25.00', SALE_LINE, '', '{"amount": {{amount}}, "card": "4111111111111111", "exp-date": "1230"}']);
    assert.deepEqual(all, []);
  });
});

describe('diagnostics: fields', () => {
  it('flags missing required fields on the object that lacks them (JSON root, nested object, XML element)', () => {
    const root = diagnose([SALE_LINE, '', '{', '  "amount": "25.00"', '}']).one('missing-field');
    assert.deepEqual(root.d.range, at(2, 0, 1));
    assert.match(message(root.d), /card, exp-date/);
    const nested = diagnose(['POST {{boardingUrl}}/api/launchIntegratorSetup/v1.0/integrateMerchant/4788000000000009', '',
      '{', '  "merchantInformation": {', '    "dbaName": "Blue Harbor"', '  },', '  "salesProfile": {"mccCode": "5814"}', '}']).one('missing-field');
    assert.deepEqual(nested.d.range, at(3, 2, 26));
    assert.match(message(nested.d), /emailAddress in merchantInformation/);
    const xml = diagnose(['POST {{gatewayUrl}}/rest/v2/ach/tokens', '', '<ach-token>', '  <account-type>Checking</account-type>', '</ach-token>']);
    assert.deepEqual(xml.all.filter((d) => d.code === 'missing-field').map((d) => d.range), [at(2, 0, 11)]);
  });

  it('warns about an unknown field on its name, suggesting the nearest', () => {
    const { one } = diagnose([SALE_LINE, '', '{"amount": "25.00", "card": "4111111111111111", "exp-date": "1230", "cvv": "123"}']);
    const { d, text } = one('unknown-field');
    assert.equal(text, '"cvv"');
    assert.equal(d.severity, WARNING);
    assert.match(message(d), /did you mean "csc"/);
    const xml = diagnose([SALE_LINE, '', '<transaction><amount>1.00</amount><card>4111111111111111</card><exp-date>1230</exp-date><amout>1</amout></transaction>']);
    assert.equal(xml.one('unknown-field').text, 'amout');
  });

  it('flags invalid values on the value: Luhn, ABA, amount, exp-date, time, enum', () => {
    const sale = diagnose([SALE_LINE, '', '{', '  "type": "SALEX",', '  "amount": "25",', '  "card": "4111111111111112",', '  "exp-date": "1330"', '}']);
    const values = sale.all.filter((d) => d.code === 'invalid-value').map((d) => [textOf(sale.doc, d.range), d.range.start.line]);
    assert.deepEqual(values, [['SALEX', 3], ['25', 4], ['4111111111111112', 5], ['1330', 6]]);
    assert.ok(sale.all.every((d) => !message(d).includes('4111111111111112')), 'no full card number in a message');
    const ach = diagnose(['POST {{gatewayUrl}}/rest/v2/ach/transactions/validate', '', '<ach-transaction>', '  <routing-number>081009814</routing-number>',
      '  <account-number>1234567890</account-number>', '  <account-type>Checking</account-type>', '</ach-transaction>']);
    const aba = ach.one('invalid-value');
    assert.deepEqual(aba.d.range, at(3, 18, 27));
    assert.match(message(aba.d), /ABA checksum/);
    const time = diagnose(['PUT {{gatewayUrl}}/rest/v2/settings/terminal', '', '<terminal-settings><batch-time-utc>25:00</batch-time-utc></terminal-settings>']);
    assert.equal(time.one('invalid-value').text, '25:00');
  });

  it('a card number written with separators is told to drop them; a 12-digit Maestro number is a card', () => {
    const dotted = diagnose([SALE_LINE, '', '{"amount": "25.00", "card": "6011.1111.1111.1117", "exp-date": "1230"}']).one('invalid-value');
    assert.equal(dotted.text, '6011.1111.1111.1117');
    assert.equal(message(dotted.d), 'card: not a valid card number: write its 16 digits without spaces, dashes or dots');
    assert.deepEqual(diagnose([SALE_LINE, '', '{"amount": "25.00", "card": "501800000009", "exp-date": "1230"}']).all, []);
  });

  it('accepts a stored token id for a card and leaves values holding {{variables}} unchecked', () => {
    const { all } = diagnose(['@exp = 13', SALE_LINE, '', '{"amount": "25.00", "card": "11000056071450412", "exp-date": "{{exp}}30"}']);
    assert.deepEqual(all, []);
  });

  it('flags the wrong XML root element', () => {
    assert.equal(diagnose([SALE_LINE, '', '<sale><amount>1.00</amount></sale>']).one('wrong-xml-root').text, 'sale');
  });
});

describe('diagnostics: keys in the file', () => {
  it('flags auth headers as errors over the header line', () => {
    const { all, doc } = diagnose(['GET {{gatewayUrl}}/rest/v2/tokens', 'api-key: {{key}}', 'Authorization: Bearer x']);
    const headers = all.filter((d) => d.code === 'auth-header');
    assert.deepEqual(headers.map((d) => textOf(doc, d.range)), ['api-key: {{key}}', 'Authorization: Bearer x']);
    assert.ok(headers.every((d) => d.severity === ERROR && message(d).includes('keys belong to the environment — remove it; Gateway Workbench adds keys at send time')));
    const boarding = diagnose(['GET {{boardingUrl}}/api/documents/v1.0/document/1/DocumentTypes', 'AccessKey: a', 'MerchantId: 1']);
    assert.equal(boarding.all.filter((d) => d.code === 'auth-header').length, 2);
  });

  it('flags key-like literals anywhere, without repeating them', () => {
    const key = '0f4e3d2c1b0a99887766554433221100';
    const { all, doc } = diagnose([`# my key is ${key}`, 'GET {{gatewayUrl}}/rest/v2/tokens']);
    const found = all.filter((d) => d.code === 'key-in-file');
    assert.deepEqual(found.map((d) => textOf(doc, d.range)), [key]);
    assert.ok(!message(found[0]).includes(key));
    const named = diagnose(['@apiKey = hunter2', 'GET {{gatewayUrl}}/rest/v2/tokens']);
    assert.equal(named.one('key-in-file').text, 'hunter2');
  });
});

describe('diagnostics: variables', () => {
  it('flags undefined variables and references to requests that do not exist, on the reference', () => {
    const { all, doc } = diagnose(['@amount = 25.00', '# @name sale1', SALE_LINE, '', '{"amount": "{{amount}}", "card": "{{card}}", "exp-date": "1230"}',
      '###', 'POST {{gatewayUrl}}/rest/v2/transactions/refund', '', '{"id": "{{sale1.payload.transaction.id}}", "amount": "{{sale2.amount}}"}']);
    const undefinedVar = all.find((d) => d.code === 'undefined-variable');
    assert.equal(undefinedVar && textOf(doc, undefinedVar.range), '{{card}}');
    assert.deepEqual(undefinedVar?.range, at(4, 34, 42));
    const unknown = all.find((d) => d.code === 'unknown-request');
    assert.equal(unknown && textOf(doc, unknown.range), '{{sale2.amount}}');
    assert.match(message(unknown), /no request is named "sale2"/);
    assert.equal(all.filter((d) => d.code === 'undefined-variable' || d.code === 'unknown-request').length, 2, 'file variables, built-ins and sale1 resolve');
  });
});

describe('diagnostics: prompt variables', () => {
  it('a "# @prompt" variable is defined for its own request only', () => {
    const { all, doc } = diagnose(['# @prompt amount The amount to charge', SALE_LINE, 'Content-Type: application/json', '', '{"amount": "{{amount}}", "card": "4111111111111111", "exp-date": "1230"}',
      '###', SALE_LINE, 'Content-Type: application/json', '', '{"amount": "{{amount}}", "card": "4111111111111111", "exp-date": "1230"}']);
    const undefinedVars = all.filter((d) => d.code === 'undefined-variable');
    assert.deepEqual(undefinedVars.map((d) => [d.range.start.line, textOf(doc, d.range)]), [[9, '{{amount}}']]);
  });
});

describe('diagnostics: system variables', () => {
  it('takes them as values (REST Client\'s syntax, blanks and quotes inside), and says how to write one written wrong', () => {
    const lines = ['GET {{gatewayUrl}}/rest/v2/transactions?start-date={{$datetime "YYYY-MM-DD HH:mm" -7 d}}&end-date={{$localDatetime \'YYYY-MM-DD HH:mm\'}}', 'X-Request-Id: {{$guid}}',
      '###', SALE_LINE, 'Content-Type: application/json', '', '{"amount": "{{$randomInt 5}}.00", "invoice": "INV-{{ $randomInt 1000 10000 }}", "order-id": "{{$gui}}", "card": "4111111111111111", "exp-date": "1230"}'];
    const { all, doc } = diagnose(lines);
    assert.deepEqual(all.filter((d) => d.code !== 'invalid-system-variable').map((d) => `${String(d.code)}: ${message(d)}`), []);
    const wrong = all.filter((d) => d.code === 'invalid-system-variable');
    assert.deepEqual(wrong.map((d) => [textOf(doc, d.range), d.severity]), [['{{$randomInt 5}}', ERROR], ['{{$gui}}', ERROR]]);
    assert.match(message(wrong[0]), /^\{\{\$randomInt 5\}\}: write two whole numbers, \{\{\$randomInt min max\}\}$/);
    assert.match(message(wrong[1]), /^\{\{\$gui\}\} is no system variable: use \{\{\$guid\}\}/);
  });
});

describe('diagnostics and quick fix: legacy forms', () => {
  it('names the operation the generic endpoint becomes, as information, and offers the typed path', () => {
    const lines = ['POST {{gatewayUrl}}/rest/v2/transactions', 'Content-Type: application/json', '', '{"type": "sale", "amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}'];
    const { doc, all, one } = diagnose(lines);
    const { d, text } = one('legacy-form');
    assert.equal(d.severity, 3, 'information');
    assert.equal(text, '/rest/v2/transactions');
    assert.match(message(d), /with this type it is Sale: prefer the typed path \/rest\/v2\/transactions\/sale/);
    assert.equal(all.filter((x) => x.severity === ERROR).length, 0, 'a lower-case type and the sale fields are fine');
    const actions = languageHandlers.codeActions(doc, d.range);
    assert.equal(actions.length, 1);
    assert.equal(actions[0].kind, 'quickfix');
    assert.deepEqual(actions[0].edit?.changes?.[doc.uri], [{ range: d.range, newText: '/rest/v2/transactions/sale' }]);
    const fixed = [`POST {{gatewayUrl}}/rest/v2/transactions/sale`, ...lines.slice(1)];
    assert.equal(diagnose(fixed).all.filter((x) => x.code === 'legacy-form').length, 0, 'the fix leaves nothing to fix');
  });

  it('is an error when no type routes it, and still checks the body against the chosen operation', () => {
    assert.ok(diagnose(['POST {{gatewayUrl}}/rest/v2/transactions', '', '{"amount": "1.00"}']).one('legacy-form-type'));
    const refund = diagnose(['POST {{gatewayUrl}}/rest/v2/transactions', '', '<transaction><type>REFUND</type><amount>1.00</amount></transaction>']);
    assert.match(message(refund.one('missing-field').d), /id/);
  });

  it('offers the v1 path for /rest/v2/batches/open', () => {
    const { doc, one } = diagnose(['GET {{gatewayUrl}}/rest/v2/batches/open']);
    const { d } = one('legacy-form');
    assert.equal(languageHandlers.codeActions(doc, d.range)[0].edit?.changes?.[doc.uri][0].newText, '/rest/v1/batches/open');
  });
});

describe('diagnostics: a placeholder left as a value (issue 11, item 11)', () => {
  it('"transactionId" as the id is a warning whose quick fix makes it a variable', () => {
    const { one } = diagnose(['POST {{gatewayUrl}}/rest/v2/transactions/refund', 'Content-Type: application/json', '', '{ "type": "REFUND", "id": "transactionId", "amount": "1.00" }']);
    const { d, text } = one('placeholder-value');
    assert.equal(text, 'transactionId');
    assert.equal(d.severity, WARNING);
    assert.deepEqual(d.data, { replacement: '{{transactionId}}' });
  });
});
