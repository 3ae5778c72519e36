// A command's operation is sent as a request document held in memory: the text "Run Operation…"
// would open, run by the same engine. Here: what the engine prepares from it (method, URL,
// headers, body), and the bodies it refuses rather than send changed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requireOperation } from '../../src/catalog';
import { ACCEPT, CONTENT_TYPE, acceptFor } from '../../src/catalog/mediaTypes';
import { parseRequestFile } from '../../src/core/requestFile';
import { prepareRequest, type PreparedRequest } from '../../src/core/runner';
import { operationRequestText } from '../../src/extension/requestDocuments/operationRequestText';

const environment = { name: 'Staging', gatewayUrl: 'https://gw.example/', boardingUrl: 'https://boarding.example/', merchantId: '887000003193' };

function prepared(text: string): PreparedRequest {
  const preparation = prepareRequest(parseRequestFile(text), 0, environment, new Map());
  if (!preparation.ok) assert.fail(preparation.message);
  return preparation.prepared;
}

function textOf(result: ReturnType<typeof operationRequestText>): string {
  if ('refused' in result) assert.fail(`refused: ${result.refused}`);
  return result.text;
}

describe('an operation as an in-memory request document', () => {
  it('a body-less read: its path with the values, the catalog Accept, no body', () => {
    const op = requireOperation('achTransactions.get');
    const request = prepared(textOf(operationRequestText(op, 'Staging', { id: '12 34' })));
    assert.equal(request.method, 'GET');
    assert.equal(request.url.href, 'https://gw.example/rest/v2/ach/transactions/12%2034');
    assert.equal(request.operation?.id, op.id);
    assert.deepEqual(request.params, { id: '12 34' });
    assert.equal(request.headers.Accept, ACCEPT[op.responseFormat]);
    assert.equal(request.body, undefined);
  });

  it('an XML settings update: the body as given, with the XML Content-Type and the catalog Accept', () => {
    const op = requireOperation('settings.terminal.update');
    const body = '<terminal-settings>\n  <batch-time-utc>05:00</batch-time-utc>\n</terminal-settings>';
    const request = prepared(textOf(operationRequestText(op, 'Staging', {}, body)));
    assert.equal(request.method, 'PUT');
    assert.equal(request.body, body);
    assert.equal(request.headers['Content-Type'], CONTENT_TYPE.xml);
    assert.equal(request.headers.Accept, ACCEPT[op.responseFormat]);
  });

  it('the catalog sample when no body is given, its {{…}} filled from the values', () => {
    const op = requireOperation('transactions.sale');
    const request = prepared(textOf(operationRequestText(op, 'Staging')));
    assert.equal(request.body?.trimEnd(), op.sample?.trimEnd());
  });

  // [what the body holds, the body, what the refusal says]
  const REFUSED: ReadonlyArray<readonly [string, string, RegExp]> = [
    ['a variable nobody gave', '{"amount": "{{amount}}"}', /^its body still has \{\{amount\}\}\. Give the values/],
    ['a line that starts another request', '{"a": 1,\n###\n"b": 2}', /starts another request \("###"\)\. Open it as a request document/],
    ['a line that starts another request (CRLF)', '{"a": 1,\r\n### GET /x\r\n"b": 2}', /starts another request/],
    ['a line that names a file', '< /etc/passwd', /names a file \("< path"\)/],
    ['a line that names a file to fill', '<@ ../secret.json', /names a file/],
  ];
  for (const [what, body, says] of REFUSED) {
    it(`refuses a body with ${what}, rather than send it changed`, () => {
      const result = operationRequestText(requireOperation('transactions.sale'), 'Staging', {}, body);
      assert.ok('refused' in result, `sent: ${JSON.stringify(result)}`);
      assert.match(result.refused, says);
    });
  }

  it('keeps a body whose lines only look like request-file syntax inside JSON strings', () => {
    const body = '{\n  "note": "### not a separator",\n  "memo": "< not a file"\n}';
    const request = prepared(textOf(operationRequestText(requireOperation('transactions.sale'), 'Staging', {}, body)));
    assert.equal(request.body, body);
  });
});

describe('Accept: one rule for commands, request documents, the client and generated code', () => {
  it('an XML body to an operation that answers JSON by default asks for XML, as the client does', () => {
    const op = requireOperation('transactions.sale');
    assert.ok(op.acceptedBodyFormats.includes('xml'), 'the sale takes XML');
    const body = '<sale><amount>1.00</amount></sale>';
    const request = prepared(textOf(operationRequestText(op, 'Staging', {}, body)));
    assert.equal(request.headers['Content-Type'], CONTENT_TYPE.xml);
    assert.equal(request.headers.Accept, ACCEPT.xml);
    assert.equal(acceptFor(op, 'json'), ACCEPT.json);
  });
});
