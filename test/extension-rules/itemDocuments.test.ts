// Every operation a tree item offers, opened from that item, gives a document that uses the
// item's ids (issue 11, item 3: "Sale" on a card token charged the sample's test card).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { operations, requireOperation } from '../../src/catalog';
import { requestDocumentText } from '../../src/extension/requestDocuments/requestDocumentText';
import { operationsFor } from '../../src/extension/tree/itemActions';
import { ITEM_VARS } from '../../src/extension/tree/itemVars';

// Records as the Local sandbox lists them; `id` is the value every document must carry.
const ITEMS = [
  { contextValues: ['gw.item.cardTransaction.sale', 'gw.item.cardTransaction.auth', 'gw.item.cardTransaction.refund'], vars: ITEM_VARS.cardTransaction({ id: '100042', type: 'SALE' }), id: '100042' },
  { contextValues: ['gw.item.cardToken'], vars: ITEM_VARS.cardToken({ 'token-id': '1100005607145041111', 'exp-date': '0429' }), id: '1100005607145041111' },
  {
    contextValues: ['gw.item.achTransaction.pending', 'gw.item.achTransaction.settled'],
    vars: ITEM_VARS.achTransaction({ id: '2000077', 'standard-entry-class-code': 'WEB' }), id: '2000077',
  },
  { contextValues: ['gw.item.customer', 'gw.customer.tokens', 'gw.customer.plans'], vars: ITEM_VARS.customer({ 'customer-key': 'cust_7a1c' }), id: 'cust_7a1c' },
  {
    contextValues: ['gw.item.customerToken'],
    vars: ITEM_VARS.customerToken('cust_7a1c', { 'token-id': '1100005607145041111', 'exp-date': '0429' }), id: '1100005607145041111',
  },
  {
    contextValues: ['gw.item.paymentPlan.active'],
    vars: ITEM_VARS.paymentPlan({ 'plan-key': 'plan_93e2', 'customer-key': 'cust_7a1c', 'token-id': '1100005607145041111' }), id: 'plan_93e2',
  },
];

describe('documents opened from a tree item', () => {
  for (const item of ITEMS) {
    for (const contextValue of item.contextValues) {
      for (const id of operationsFor(contextValue)) {
        test(`${id} on ${contextValue} names ${item.id} and leaves no variable to fill`, () => {
          const text = requestDocumentText({ operation: requireOperation(id), environmentName: 'Local sandbox', vars: item.vars });
          assert.ok(text.includes(item.id), `the document does not use the item's id:\n${text}`);
          assert.doesNotMatch(text, /\{\{[^}]*\}\}/, `a variable is left unresolved:\n${text}`);
        });
      }
    }
  }

  test('Sale on a card token charges the token with its expiry, not the sample test card', () => {
    const vars = ITEM_VARS.cardToken({ 'token-id': '1100005607145041111', 'exp-date': '0429' });
    const text = requestDocumentText({ operation: requireOperation('transactions.sale'), environmentName: 'Local sandbox', vars });
    const body = JSON.parse(text.slice(text.indexOf('{'))) as Record<string, string>;
    assert.equal(body.card, '1100005607145041111');
    assert.equal(body['exp-date'], '0429');
    assert.ok(!text.includes('4111111111111111'), text);
  });

  test('a plan made from a customer\'s card on file charges that card for that customer', () => {
    const vars = ITEM_VARS.customerToken('cust_7a1c', { 'token-id': '1100005607145041111', 'exp-date': '0429' });
    const text = requestDocumentText({ operation: requireOperation('paymentPlans.create'), environmentName: 'Local sandbox', vars });
    const body = JSON.parse(text.slice(text.indexOf('{'))) as Record<string, string>;
    assert.equal(body['customer-key'], 'cust_7a1c');
    assert.equal(body['token-id'], '1100005607145041111');
  });

  test('a card created from a customer carries its key', () => {
    const text = requestDocumentText({ operation: requireOperation('tokens.create'), environmentName: 'Local sandbox', vars: ITEM_VARS.customer({ 'customer-key': 'cust_7a1c' }) });
    const body = JSON.parse(text.slice(text.indexOf('{'))) as Record<string, string>;
    assert.equal(body['customer-key'], 'cust_7a1c');
  });

  test('a body given by the caller (history) is kept as written', () => {
    const body = '{\n  "card": "4111111111111111",\n  "amount": "9.00"\n}';
    const text = requestDocumentText({ operation: requireOperation('transactions.sale'), environmentName: 'Local sandbox', vars: { card: 'x' }, body });
    assert.ok(text.includes(body));
  });
});

describe('documents opened from the palette (issue 11, item 9)', () => {
  test('every variable left in a document is named in a "To fill" comment', () => {
    for (const op of operations.filter((o) => o.bodyFormat !== 'none')) {
      const text = requestDocumentText({ operation: op, environmentName: 'Local sandbox' });
      const requestPart = text.split('\n').filter((l) => !l.startsWith('#')).join('\n');
      for (const [, name] of requestPart.matchAll(/\{\{\s*([\w$-]+)\s*\}\}/g)) {
        assert.ok(text.includes(`# To fill: {{${name}}}`), `${op.id} leaves {{${name}}} unexplained:\n${text}`);
      }
    }
  });

  test('Create merchant asks for its hierarchy node; the Local sandbox value is offered by the catalog', () => {
    const param = requireOperation('merchants.create').params.find((p) => p.name === 'hierarchyNodeKey');
    assert.equal(param?.in, 'path');
    assert.equal(param?.sandboxValue, '4788000000000009');
    const text = requestDocumentText({ operation: requireOperation('merchants.create'), environmentName: 'Local sandbox', vars: { hierarchyNodeKey: '4788000000000009' } });
    assert.match(text, /integrateMerchant\/4788000000000009\n/);
    assert.doesNotMatch(text, /\{\{/);
  });
});
