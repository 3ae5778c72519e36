// A payment plugin for a popular CMS, maintained for the gateway (facts S2): the key travels in
// the JSON body, the sale goes to the generic endpoint with captcha and card-type extras, and
// the plugin stores what the answer echoes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flowName, missingPaths, ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

const address = (street: string) => ({
  'first-name': 'Ada', 'last-name': 'Lovelace', company: 'Engines', street, street2: '', city: 'Tempe', state: 'AZ',
  zip: '85284', country: 'US', phone: '5555550100',
});

function pluginSale(amount: string) {
  return {
    'api-key': sb.info.apiKey, type: 'SALE', 'software-type': 'wordpress', 'software-type-version': '1.4',
    'g-recaptcha-response': 'captcha-token', amount, 'sales-tax-amount': '1.00', 'sales-tax-type': 'LOCAL_SALES_TAX',
    card: '4111111111111111', 'exp-date': '1230', csc: '999', 'card-type': 'VISA', 'recurring-payment': '',
    invoice: 'INV-7', 'purchase-order': 'PO-7', 'email-address': 'ada@example.com', 'customer-id': 'C-7', 'order-id': 'O-7',
    'client-ip': '203.0.113.7', description: 'Donation', comments: 'thanks|Ada Lovelace|ada@example.com',
    billing: address('1 Main St'), 'billing-is-shipping': 'false', shipping: address('2 Side St'),
  };
}

/** Every field the plugin stores from a successful answer. */
const STORED = ['code', 'exchange-id', 'payload.transaction.id', 'payload.transaction.type', 'payload.transaction.amount',
  'payload.transaction.sales-tax-amount', 'payload.transaction.card', 'payload.transaction.exp-date', 'payload.transaction.result',
  'payload.transaction.result-code', 'payload.transaction.display-message', 'payload.transaction.authorization-code',
  'payload.transaction.invoice', 'payload.transaction.purchase-order', 'payload.transaction.email-address',
  'payload.transaction.customer-id', 'payload.transaction.order-id', 'payload.transaction.description', 'payload.transaction.comments',
  ...['first-name', 'last-name', 'company', 'street', 'city', 'state', 'zip', 'country', 'phone'].flatMap((f) => [`payload.transaction.billing.${f}`, `payload.transaction.shipping.${f}`])];

describe('conformance: CMS payment plugin', () => {
  it(flowName('plugin-sale-body-key'), async () => {
    const r = await sb.send('POST', '/rest/v2/transactions', { json: pluginSale('25.00') });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.code, '200');
    assert.deepEqual(missingPaths(r.json, STORED), []);
    assert.equal(r.json.payload.transaction.shipping.street, '2 Side St');
    assert.ok(!r.text.includes(sb.info.apiKey), 'the body key is not echoed');
  });

  it(flowName('plugin-decline'), async () => {
    const r = await sb.send('POST', '/rest/v2/transactions', { json: pluginSale('0.21') });
    assert.equal(r.status, 402);
    assert.equal(r.json.status, 'fail');
    assert.deepEqual(missingPaths(r.json, ['payload.transaction.result-code', 'payload.transaction.display-message', 'payload.transaction.result',
      'payload.error.result-code', 'payload.error.error-message', 'exchange-id']), []);
    assert.equal(r.json.payload.transaction['result-code'], '012');
  });

  it(flowName('plugin-recurring-token'), async () => {
    const r = await sb.send('POST', '/rest/v2/tokens', {
      headers: { 'api-key': sb.info.apiKey, Accept: 'application/json' },
      json: { card: '4111111111111111', 'exp-date': '1230', 'card-type': 'VISA', 'last-four-digits': '1111', description: 'monthly', 'customer-key': 'C-7' },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.code, '200');
    assert.match(r.json.payload.tokenResponse['token-id'], /^1\d{16,19}$/);
  });
});
