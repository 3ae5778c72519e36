import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover, MarkupContent } from 'vscode-languageserver-types';
import { languageHandlers } from '../../src/language/handlers';
import { atCursor } from './cursorDocument';

function hover(lines: readonly string[]): Hover | null {
  const at = atCursor(lines);
  return languageHandlers.hover(at.doc, at.position);
}
const text = (h: Hover | null): string => (h?.contents as MarkupContent | undefined)?.value ?? '';

describe('hover: operations', () => {
  it('explains the operation on the path: title, id, safety, body formats, auth, statuses', () => {
    const h = hover(['POST {{gatewayUrl}}/rest/v2/transactions/s|ale']);
    const value = text(h);
    for (const part of ['**Sale**', '`transactions.sale`', 'moves money', 'JSON or XML', '`api-key` header', 'success 200']) assert.ok(value.includes(part), `mentions ${part}`);
    assert.deepEqual(h?.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 45 } });
    const boarding = text(hover(['PO|ST {{boardingUrl}}/api/launchIntegratorSetup/v1.0/integrateMerchant/1']));
    assert.match(boarding, /`AccessKey` header .*no `MerchantId` needed/);
    assert.match(boarding, /success 201/);
    const retrieve = text(hover(['G|ET {{boardingUrl}}/api/launchIntegratorSetup/v1.0/integrateMerchant/merchants/8582949932024942']));
    assert.match(retrieve, /`AccessKey` \+ `MerchantId`/);
  });

  it('lists the methods of a path when the method is wrong', () => {
    assert.match(text(hover(['PATCH {{gatewayUrl}}/rest/v2/tokens/1|'])), /`GET` \(Get card token\), `PUT` \(Update card token\), `DELETE`/);
  });
});

describe('hover: legacy forms', () => {
  it('says which operation the generic transaction endpoint becomes, by the body\'s type', () => {
    const value = text(hover(['PO|ST {{gatewayUrl}}/rest/v2/transactions', 'Content-Type: application/json', '', '{"type": "auth", "amount": "1.00"}']));
    assert.match(value, /\*\*Legacy form\*\* `POST \/rest\/v2\/transactions`/);
    assert.match(value, /becomes \*\*Authorize\*\* \(`POST \/rest\/v2\/transactions\/auth`\)/);
    const xml = text(hover(['POST {{gatewayUrl}}/rest/v2/trans|actions', '', '<transaction><type>FORCED SALE</type></transaction>']));
    assert.match(xml, /becomes \*\*Forced sale\*\*/);
    assert.match(text(hover(['POST {{gatewayUrl}}/rest/v2/transactions|', '', '{"amount": "1.00"}'])), /Add a `type` field/);
    assert.match(text(hover(['GET {{gatewayUrl}}/rest/v2/batches/op|en'])), /becomes \*\*Get open batch\*\*/);
  });
});

describe('hover: body fields', () => {
  it('explains a JSON key: type, required, check and meaning', () => {
    const h = hover(['POST {{gatewayUrl}}/rest/v2/transactions/sale', '', '{"ca|rd": "4111111111111111"}']);
    assert.match(text(h), /\*\*card\*\* — required string \(check: luhn\)[\s\S]*Card number \(PAN\) or a stored card token id/);
    assert.deepEqual(h?.range, { start: { line: 2, character: 1 }, end: { line: 2, character: 7 } });
  });

  it('explains a nested XML element with its allowed values', () => {
    const h = hover(['POST {{gatewayUrl}}/rest/v2/ach/tokens', '', '<ach-token>', '  <account-t|ype>Checking</account-type>', '</ach-token>']);
    assert.match(text(h), /\*\*account-type\*\* — required string[\s\S]*Allowed values: `Checking`, `Savings`/);
  });

  it('says nothing about a field the catalog does not know', () => {
    assert.equal(hover(['POST {{gatewayUrl}}/rest/v2/transactions/sale', '', '{"cv|v": "1"}']), null);
  });
});

describe('hover: variables and expectations', () => {
  it('shows a file variable\'s value, a built-in\'s meaning and a named request\'s source', () => {
    const file = ['@amount = 25.00', '# @name sale1', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', '', '{"amount": "{{amount}}"}', '###',
      'POST {{gatewayUrl}}/rest/v2/transactions/refund', '', '{"id": "{{sale1.payload.transaction.id}}"}'];
    const at = (line: number, character: number) => text(languageHandlers.hover(atCursor([...file.slice(0, line), file[line].slice(0, character) + '|' + file[line].slice(character), ...file.slice(line + 1)]).doc, { line, character }));
    assert.match(at(4, 15), /file variable \(line 1\) = `25.00`/);
    assert.match(at(2, 8), /built-in/);
    assert.match(at(8, 12), /response of request `sale1` \(Sale, line 3\), path `payload.transaction.id`/);
  });

  it('says which part of a named exchange REST Client\'s forms read', () => {
    const says = (reference: string) => text(hover(['# @name sale1', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', '', '{"invoice": "INV-1", "card": "4111111111111111"}', '###',
      'POST {{gatewayUrl}}/rest/v2/transactions/refund', '', `{"id": "{{${reference.slice(0, 3)}|${reference.slice(3)}}}"}`]));
    assert.match(says('sale1.response.headers.exchange-id'), /the `exchange-id` header of the answer to request `sale1` \(Sale, line 2\)\. /);
    assert.match(says('sale1.request.body.$.invoice'), /`invoice` in the body of what was sent as request `sale1`/);
    assert.match(says('sale1.response.body.*'), /the whole body of the answer to request `sale1`/);
    assert.match(says('sale1.request.body.$.invoice'), /\. Written there: `INV-1`\. Sent first/, 'the value as the named request writes it');
    assert.match(says('sale1.request.body.$.card'), /Written there: `XXXXXXXXXXXX1111`/, 'a card number masked');
    assert.doesNotMatch(says('sale1.request.body.$.nothing'), /Written there/);
  });

  it('says a "# @prompt" variable is asked for when sent', () => {
    assert.match(text(hover(['# @prompt amount The amount to charge', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', '', '{"amount": "{{amo|unt}}"}'])), /^\*\*\{\{amount\}\}\*\* — asked for each time this request is sent \(`# @prompt`, line 1\): "The amount to charge"\.$/);
  });

  it('explains a system variable, or how it is written wrong', () => {
    assert.match(text(hover(['GET {{gatewayUrl}}/rest/v2/transactions?start-date={{$datetime "YYYY-MM-DD HH:mm" -7| d}}'])), /^\*\*\{\{\$datetime "YYYY-MM-DD HH:mm" -7 d\}\}\*\* — system variable, a new value each time it is sent\. The date and time in UTC/);
    assert.match(text(hover(['POST {{gatewayUrl}}/rest/v2/transactions/sale', '', '{"invoice": "{{$randomInt| 9 1}}"}'])), /min must be less than max/);
  });

  it('explains a metadata keyword: what @note, @prompt and @name do, and REST Client\'s settings this client always follows', () => {
    assert.match(text(hover(['# @no|te Refunds the sale in Staging', 'POST {{gatewayUrl}}/rest/v2/transactions/refund'])), /^\*\*@note\*\* — Asks before this request is sent from the editor/);
    assert.match(text(hover(['# @pro|mpt amount', 'POST {{gatewayUrl}}/rest/v2/transactions/sale'])), /^\*\*@prompt\*\* — Asks for/);
    assert.match(text(hover(['# @exp|ect status 400', 'POST {{gatewayUrl}}/rest/v2/transactions/sale'])), /^\*\*@expect\*\* — .*expects a 4xx .*information \("intended"\), not as an error/);
    assert.match(text(hover(['// @na|me sale1', 'POST {{gatewayUrl}}/rest/v2/transactions/sale'])), /^\*\*@name\*\* — Names the request/);
    assert.match(text(hover(['# @no-re|direct', 'POST {{gatewayUrl}}/rest/v2/transactions/sale'])), /never follows a redirect/);
    assert.equal(hover(['# @note Refunds the sale in St|aging', 'POST {{gatewayUrl}}/rest/v2/transactions/refund']), null, 'the note\'s text is the user\'s own');
    assert.equal(hover(['# @sle|ep 100', 'POST {{gatewayUrl}}/rest/v2/transactions/sale']), null);
  });

  it('explains what an @expect line checks', () => {
    assert.match(text(hover(['# @expect payload.transaction.result == APP|ROVED', 'POST {{gatewayUrl}}/rest/v2/transactions/sale'])), /`payload.transaction.result` equals `APPROVED`/);
  });
});

describe('hover: special values (issue 11, item 12)', () => {
  const SALE = ['POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', ''];

  it('a test card says it is one and what production would do with it', () => {
    const value = text(hover([...SALE, '{ "amount": "25.00", "card": "41111111|11111111", "exp-date": "1230" }']));
    assert.match(value, /\*\*Test card\*\* \(VISA\)/);
    assert.match(value, /production/);
  });

  it('a special amount says what the Local sandbox answers', () => {
    assert.match(text(hover([...SALE, '{ "amount": "0.2|9", "card": "4111111111111111", "exp-date": "1230" }'])), /declined 003 — Card expired/);
    assert.equal(hover([...SALE, '{ "amount": "25.0|0", "card": "4111111111111111", "exp-date": "1230" }']), null, 'an ordinary amount has no hover');
  });

  it('an ACH account that returns says with which R-code', () => {
    const ach = ['POST {{gatewayUrl}}/rest/v2/ach/transactions', 'Content-Type: application/json', ''];
    assert.match(text(hover([...ach, '{ "account-number": "12345600|01" }'])), /Returned R01/);
  });
});
