// What each named field's value becomes, in each way a field is written: a key is removed, an
// account number keeps its last four, a CSC shows as `***`. Tables of text in and text out, with
// values that no other rule touches (no key of the environment, no card number), so that each
// row shows one field rule at work.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { redact, redactValue, Redactor } from '../../src/core/protection/redaction';

type Rule = 'remove' | 'account' | 'csc';

/** Every field name with a rule, as the gateway and its clients write it, and the rule. */
const FIELDS: ReadonlyArray<[string, Rule]> = [
  ['api-key', 'remove'],
  ['api_key', 'remove'],
  ['apiKey', 'remove'],
  ['AccessKey', 'remove'],
  ['access-key', 'remove'],
  ['Authorization', 'remove'],
  ['device-api-key', 'remove'],
  ['mobileJwt', 'remove'],
  ['achMobileJwt', 'remove'],
  ['track2-data', 'remove'],
  ['encrypted-track-data', 'remove'],
  ['emv-data', 'remove'],
  ['account-number', 'account'],
  ['accountNumber', 'account'],
  ['csc', 'csc'],
  ['cvv', 'csc'],
];

/** A value of each rule's field, written as text, and what it becomes. */
const VALUES: Record<Rule, { value: string; hidden: string }> = {
  remove: { value: 'Zq9-secret-value-7781', hidden: '[REDACTED]' },
  account: { value: '9876543210', hidden: 'XXXXXX3210' },
  csc: { value: '737', hidden: '***' },
};

/** The ways a field is written, each making the text from a name and a value. */
const PLACES: ReadonlyArray<[string, (name: string, value: string) => string]> = [
  ['a JSON string', (name, value) => `{"${name}":"${value}","amount":"25.00"}`],
  ['a JSON string with spaces around the colon', (name, value) => `{ "${name}" : "${value}", "amount": "25.00" }`],
  ['a JSON-like value in single quotes', (name, value) => `{ '${name}': '${value}', amount: '25.00' }`],
  ['an XML element', (name, value) => `<transaction><${name}>${value}</${name}><amount>25.00</amount></transaction>`],
  ['a query parameter', (name, value) => `/rest/v2/transactions?page=1&${name}=${value}&size=5`],
  ['the first query parameter', (name, value) => `GET /rest/v2/transactions?${name}=${value}`],
  ['a header line', (name, value) => `POST /rest/v2/transactions/sale\n${name}: ${value}\nAccept: application/json`],
  // A JSON body inside a program's string literal, as generated code and code an agent shows write it.
  ['JSON in an escaped string literal (Python, Java, Go, C#, PHP)', (name, value) => String.raw`body = "{\"${name}\": \"${value}\", \"amount\": \"25.00\"}"`],
  ['JSON in an escaped single-quoted literal', (name, value) => String.raw`body = '{\'${name}\': \'${value}\', \'amount\': \'25.00\'}'`],
  ['a PHP or Ruby array entry', (name, value) => `$body = ['${name}' => '${value}', 'amount' => '25.00'];`],
];

describe('redaction: each field rule, in each way a field is written', () => {
  for (const [name, rule] of FIELDS) {
    for (const [place, make] of PLACES) {
      const { value, hidden } = VALUES[rule];
      it(`${name} in ${place}: ${rule === 'remove' ? 'removed' : rule === 'account' ? 'its last four' : 'shown as ***'}`, () => {
        assert.equal(redact(make(name, value)), make(name, hidden));
      });
    }
    it(`${name} as a key of a parsed body, copied or in place`, () => {
      const { value, hidden } = VALUES[rule];
      const source = JSON.stringify({ [name]: value, amount: '25.00' });
      assert.deepEqual(redactValue(JSON.parse(source)), { [name]: hidden, amount: '25.00' });
      assert.deepEqual(new Redactor().parsedJsonInPlace(JSON.parse(source), source), { [name]: hidden, amount: '25.00' });
    });
  }

  it('a value with quotes and backslashes in it is hidden whole, however a program\'s literal escapes it', () => {
    // The CSC 9"9\ as JSON ("9\"9\\"), then as each kind of string literal writes that JSON.
    const rows: Array<[string, string]> = [
      [String.raw`x = "{\"csc\": \"9\\\"9\\\\\", \"amount\": \"1\"}"`, String.raw`x = "{\"csc\": \"***\", \"amount\": \"1\"}"`],
      // JavaScript '…', Python """…""", a shell's printf '…': backslashes doubled, quotes kept.
      [String.raw`x = '{"csc": "9\\"9\\\\", "amount": "1"}'`, String.raw`x = '{"csc": "***", "amount": "1"}'`],
      [String.raw`x = "{\"csc\": \"\u00e9\\u00e9\x0d\"}"`, String.raw`x = "{\"csc\": \"***\"}"`],
      [String.raw`x = "{\"csc\": 737}"`, String.raw`x = "{\"csc\": \"***\"}"`],
      [String.raw`x = "{\"account-number\": \"98765\\\"43210\"}"`, String.raw`x = "{\"account-number\": \"XXXXXX3210\"}"`],
    ];
    for (const [text, expected] of rows) assert.equal(redact(text), expected, text);
  });

  it('names in any case, and every field of a text, not only the first', () => {
    const rows: Array<[string, string]> = [
      ['{"API-KEY":"Zq9-k1","CVV":"737","Account-Number":"9876543210"}', '{"API-KEY":"[REDACTED]","CVV":"***","Account-Number":"XXXXXX3210"}'],
      ['<CSC>737</CSC><Api-Key>Zq9-k1</Api-Key>', '<CSC>***</CSC><Api-Key>[REDACTED]</Api-Key>'],
      ['?API-KEY=Zq9-k1&CSC=737', '?API-KEY=[REDACTED]&CSC=***'],
      ['api-key: Zq9-k1\nACCESSKEY: Zq9-k2\nauthorization: Bearer Zq9-k3', 'api-key: [REDACTED]\nACCESSKEY: [REDACTED]\nauthorization: [REDACTED]'],
      ['{"csc":"737"} then {"csc":"123"}', '{"csc":"***"} then {"csc":"***"}'],
      ['<cvv>737</cvv><cvv>123</cvv>', '<cvv>***</cvv><cvv>***</cvv>'],
      ['?csc=737&x=1&csc=123', '?csc=***&x=1&csc=***'],
      ['csc: 737, cvv: 123', 'csc: ***, cvv: ***'],
    ];
    for (const [text, expected] of rows) assert.equal(redact(text), expected, text);
  });

  it('how each place writes a value: numbers, escapes, attributes, spaces, percent-encoding, Bearer and Basic', () => {
    const rows: Array<[string, string, string]> = [
      ['a JSON number', '{"csc":737,"account-number":9876543210,"api-key":12345}', '{"csc":"***","account-number":"XXXXXX3210","api-key":"[REDACTED]"}'],
      ['a negative JSON number (the sign goes with the other non-digits)', '{"accountNumber":-9876543210}', '{"accountNumber":"XXXXXX3210"}'],
      ['a single-quoted number', "{'cvv': 737}", "{'cvv': '***'}"],
      ['a JSON string with escaped quotes', '{"api-key":"Zq9\\"k1\\\\","amount":"1.00"}', '{"api-key":"[REDACTED]","amount":"1.00"}'],
      ['an account number with dashes', '{"account-number":"98-7654-3210"}', '{"account-number":"XXXXXX3210"}'],
      ['a single-quoted account number', "{'account-number': '9876543210'}", "{'account-number': 'XXXXXX3210'}"],
      ['an account number of four digits or fewer is its own last four', '{"account-number":"321","accountNumber":"4321"}', '{"account-number":"321","accountNumber":"4321"}'],
      ['an XML element with attributes and spaces around the value', '<account-number type="checking"> 9876543210 </account-number >', '<account-number type="checking">XXXXXX3210</account-number >'],
      ['an XML key with spaces around it', '<api-key>  Zq9-k1  </api-key>', '<api-key>[REDACTED]</api-key>'],
      ['an XML element that only starts like a field', '<csc-hint>737</csc-hint>', '<csc-hint>737</csc-hint>'],
      ['a percent-encoded account number in a query', '?account-number=98765%2043210&x=1', '?account-number=XXXXXX3210&x=1'],
      ['a percent-encoded key in a query', '?api-key=Zq9%2Dk1%3D%3D', '?api-key=[REDACTED]'],
      ['a query parameter after a semicolon or a space', 'a=1;csc=737 cvv=123', 'a=1;csc=*** cvv=***'],
      ['a Bearer token', 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc', 'Authorization: [REDACTED]'],
      ['a Basic credential', 'Authorization: Basic dXNlcjpwYXNz', 'Authorization: [REDACTED]'],
      ['a header with tabs after the colon', 'AccessKey:\tZq9-k2', 'AccessKey:\t[REDACTED]'],
      ['a header-like field in free text', 'sent (api-key: Zq9-k1, retried) and {csc: 737}', 'sent (api-key: [REDACTED], retried) and {csc: ***}'],
      // A key may hold a parenthesis: what follows the value up to a space, comma, semicolon, brace or quote goes with it.
      ['a closing parenthesis right after a key', '(api-key: Zq9-k1)', '(api-key: [REDACTED]'],
    ];
    for (const [what, text, expected] of rows) assert.equal(redact(text), expected, what);
  });

  it('names that only contain a field name are no field: their values stay', () => {
    const rows = [
      '{"authorization-code":"A1B2C3","cscResult":"M","account-number-type":"checking"}',
      '<authorization-code>A1B2C3</authorization-code>',
      '?authorization-code=A1B2C3&csc-result=M',
      'my-api-key-label=visible',
    ];
    for (const text of rows) assert.equal(redact(text), text);
  });

  it('a parsed body: a key with a rule hides its value, whatever its type; the rule reaches into arrays under the key', () => {
    const tree = {
      csc: 737,
      'account-number': 9876543210,
      'Api-Key': 12345,
      cvv: ['737', 123],
      accountNumber: '98-7654-3210',
      AccessKey: 'Zq9-k2',
      nested: { Authorization: 'Bearer Zq9-k3', note: 'csc: 737' },
    };
    assert.deepEqual(redactValue(tree), {
      csc: '***',
      'account-number': 'XXXXXX3210',
      'Api-Key': '[REDACTED]',
      cvv: ['***', '***'],
      accountNumber: 'XXXXXX3210',
      AccessKey: '[REDACTED]',
      nested: { Authorization: '[REDACTED]', note: 'csc: ***' },
    });
  });

  it('a short text with a field is redacted whatever the length of the keys looked for', () => {
    const longKey = 'a-very-long-environment-key-0123456789';
    for (const redactor of [new Redactor(), new Redactor([longKey])]) {
      assert.deepEqual(redactor.value({ note: 'csc: 737', n: 'cvv=1' }), { note: 'csc: ***', n: 'cvv=***' });
      assert.equal(redactor.reportText('csc: 737'), 'csc: ***');
      assert.equal(redactor.text('csc=1'), 'csc=***');
      const source = '{"note":"csc: 737"}';
      assert.deepEqual(redactor.parsedJsonInPlace(JSON.parse(source), source), { note: 'csc: ***' });
    }
  });
});
