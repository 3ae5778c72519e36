// Recurring billing (issue 33): customers, their tokens and payment plans, as the gateway's 2021
// PHP samples and its Java samples (API-Examples branches php and java), the CMS plugin's
// recurring checkout (clearent_util.php) and the e-commerce platform's customer profiles
// (class.clearent.php) send and read them. Facts only: paths, field names, answer shapes; the
// evidence is listed in docs/sandbox.md ("Customers and payment plans").
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flowName, missingPaths, ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

// Every client sends these on every call (PHP samples: Accept, Content-Type, Cache-Control, api-key).
const headers = () => ({ Accept: 'application/json', 'Content-Type': 'application/json', 'Cache-Control': 'no-cache', 'api-key': sb.info.apiKey });
const address = (first: string, street: string) => ({
  'first-name': first, 'last-name': 'Biller', company: 'We Bill LLC', street, street2: 'Suite 8', city: 'Richmond', state: 'MO',
  zip: '63103', country: 'United States', phone: '0123456789',
});
/** The samples' customer body (PHP customercreate.php, Java Customer.java). */
const sampleCustomer = {
  email: 'testcustomer@example.com', phone: '0123456789', comments: 'Super loyal customer', 'first-name': 'William', 'last-name': 'Biller',
  'billing-address': address('William', '123 Bill St'), 'shipping-address': address('Chip', '123 Ship St'),
};

async function createCustomer(body: unknown = sampleCustomer): Promise<string> {
  const r = await sb.send('POST', '/rest/v2/customers', { headers: headers(), json: body });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.json.code, '201', r.text);
  assert.equal(r.json.payload.payloadType, 'customer');
  const key = r.json.payload.customer['customer-key'];
  assert.match(key, /^cust_[0-9a-f-]{36}$/);
  return key;
}

async function createToken(customerKey: string, card = '4111111111111111', cardType = 'VISA'): Promise<string> {
  const r = await sb.send('POST', '/rest/v2/tokens', { headers: headers(), json: {
    card, 'card-type': cardType, csc: '999', 'customer-key': customerKey, 'exp-date': '1230', 'last-four-digits': card.slice(-4),
  } });
  assert.equal(r.json.code, '200', r.text);
  return r.json.payload.tokenResponse['token-id'];
}

/** The sandbox's date (YYYY-MM-DD, its zone) `days` from now. */
async function sandboxDate(days: number): Promise<string> {
  const clock = await sb.control('GET', 'clock') as { now: string; timeZone: string };
  const at = new Date(Date.parse(clock.now) + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: clock.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** A plan as the samples write it (PHP plancreate.php, Java Plan.java). */
function samplePlan(customerKey: string, tokenId: string, startDate: string, amount = '50.00') {
  return {
    'plan-name': 'Platinum Gym Membership', type: 'SUBSCRIPTION', 'customer-key': customerKey, 'token-id': tokenId, frequency: 'MONTHLY',
    'frequency-day': String(Number(startDate.slice(8, 10))), 'frequency-month': '1', 'start-date': startDate, 'end-date': '2099-12-01',
    status: 'ACTIVE', 'payment-amount': amount,
  };
}

async function createPlan(body: unknown): Promise<string> {
  const r = await sb.send('POST', '/rest/v2/payment-plans', { headers: headers(), json: body });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.json.code, '201', r.text);
  assert.equal(r.json.payload.payloadType, 'payment-plan');
  const key = r.json.payload['payment-plan']['plan-key'];
  assert.match(key, /^plan_[0-9a-f-]{36}$/);
  return key;
}

describe('conformance: recurring billing', () => {
  it(flowName('samples-customer-lifecycle'), async () => {
    const key = await createCustomer();
    const got = await sb.send('GET', `/rest/v2/customers/${key}`, { headers: headers() });
    assert.equal(got.status, 200, got.text);
    assert.deepEqual(missingPaths(got.json, ['payload.customer.customer-key', 'payload.customer.first-name', 'payload.customer.email',
      'payload.customer.billing-address.street', 'payload.customer.shipping-address.city']), []);

    const list = await sb.send('GET', '/rest/v2/customers', { headers: headers() });
    assert.equal(list.status, 200, list.text);
    assert.ok(list.json.payload.customers.customer.some((c: any) => c['customer-key'] === key));

    // customerupdate.php: PUT one field; the rest stays.
    const updated = await sb.send('PUT', `/rest/v2/customers/${key}`, { headers: headers(), json: { 'first-name': 'Bill' } });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.json.payload.customer['first-name'], 'Bill');
    assert.equal(updated.json.payload.customer['last-name'], 'Biller');

    // customerdelete.php: DELETE with an empty body; 200 with the object that was deleted.
    const deleted = await sb.send('DELETE', `/rest/v2/customers/${key}`, { headers: headers() });
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal(deleted.json.payload.customer['customer-key'], key);
    const gone = await sb.send('GET', `/rest/v2/customers/${key}`, { headers: headers() });
    assert.equal(gone.status, 404, gone.text);
    assert.equal(gone.json.status, 'fail');
  });

  it(flowName('samples-plan-lifecycle'), async () => {
    const customer = await createCustomer();
    const token = await createToken(customer);
    const plan = await createPlan(samplePlan(customer, token, await sandboxDate(40)));

    const got = await sb.send('GET', `/rest/v2/payment-plans/${plan}`, { headers: headers() });
    assert.equal(got.status, 200, got.text);
    assert.deepEqual(missingPaths(got.json, ['payload.payment-plan.plan-key', 'payload.payment-plan.customer-key', 'payload.payment-plan.token-id',
      'payload.payment-plan.frequency', 'payload.payment-plan.payment-amount', 'payload.payment-plan.start-date', 'payload.payment-plan.next-payment-date']), []);

    const updated = await sb.send('PUT', `/rest/v2/payment-plans/${plan}`, { headers: headers(), json: { 'plan-name': 'Gold Gym Membership' } });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.json.payload['payment-plan']['plan-name'], 'Gold Gym Membership');
    assert.equal(updated.json.payload['payment-plan']['payment-amount'], '50.00');

    const listed = await sb.send('GET', `/rest/v2/payment-plans?customer-key=${customer}`, { headers: headers() });
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(listed.json.payload['payment-plans']['payment-plan'].map((p: any) => p['plan-key']), [plan]);

    const deleted = await sb.send('DELETE', `/rest/v2/payment-plans/${plan}`, { headers: headers() });
    assert.equal(deleted.status, 200, deleted.text);
    const gone = await sb.send('GET', `/rest/v2/payment-plans/${plan}`, { headers: headers() });
    assert.equal(gone.status, 404);
  });

  it(flowName('plugin-payment-plan'), async () => {
    // clearent_util.php after an approved sale: customer (checks code "201" and
    // payload.customer.customer-key), token with that key (code "200"), then the plan.
    const billing = { 'first-name': 'Ada', 'last-name': 'Lovelace', company: 'Engines', street: '1 Main St', street2: '', city: 'Tempe',
      state: 'AZ', zip: '85284', country: 'US', phone: '5555550100' };
    const customer = await createCustomer({ 'billing-address': billing, email: 'ada@example.com', 'first-name': 'Ada', 'last-name': 'Lovelace',
      phone: '5555550100', 'shipping-address': billing });
    const token = await createToken(customer);
    const start = await sandboxDate(31);
    const plan = await createPlan({
      'customer-key': customer, 'customer-name': 'AdaLovelace', frequency: 'MONTHLY', 'frequency-month': '1',
      'frequency-day': String(Number(start.slice(8, 10))), 'payment-amount': '25.00', 'start-date': start, 'end-date': '2099-01-01',
      status: 'Active', 'token-id': token,
    });
    const got = await sb.send('GET', `/rest/v2/payment-plans/${plan}`, { headers: headers() });
    assert.equal(got.json.payload['payment-plan']['customer-name'], 'AdaLovelace');
    assert.equal(got.json.payload['payment-plan']['next-payment-date'], start);
  });

  it(flowName('shop-customer-profile'), async () => {
    // class.clearent.php: billing/shipping (not billing-address), software-type on the customer;
    // get by key; a token for the customer; delete the profile, success read from status.
    const key = await createCustomer({ 'client-ip': '198.51.100.4', 'software-type': 'coreware', 'software-type-version': '2024-01-01T00:00:00',
      'first-name': 'Kim', 'last-name': 'Lee', email: 'kim@example.com', phone: '5555550100',
      billing: { 'first-name': 'Kim', 'last-name': 'Lee', street: '1 Main St', city: 'Tempe', state: 'AZ', zip: '85284', country: 'US' } });
    const got = await sb.send('GET', `/rest/v2/customers/${key}`, { headers: headers() });
    assert.equal(got.json.payload.customer['customer-key'], key);
    assert.equal(got.json.payload.customer['billing-address'].street, '1 Main St');
    const token = await createToken(key, '5454545454545454', 'MASTERCARD');

    const tokens = await sb.send('GET', `/rest/v2/customers/${key}/tokens`, { headers: headers() });
    assert.equal(tokens.status, 200, tokens.text);
    assert.equal(tokens.json.payload.payloadType, 'customer-tokens');
    assert.deepEqual(tokens.json.payload.tokens.token.map((t: any) => t['token-id']), [token]);

    const deleted = await sb.send('DELETE', `/rest/v2/customers/${key}`, { headers: headers() });
    assert.equal(deleted.json.status, 'success', deleted.text);
  });

  it(flowName('recurring-plan-charges-on-clock'), async () => {
    const customer = await createCustomer();
    const token = await createToken(customer);
    const start = await sandboxDate(1);
    const approved = await createPlan(samplePlan(customer, token, start, '19.99'));
    const declined = await createPlan(samplePlan(customer, token, start, '0.21'));
    const before = await sb.send('GET', '/rest/v1/batches/open', { headers: headers() });
    const salesBefore = Number(before.json.payload.batch['sales-count']);

    await sb.control('POST', 'clock/advance', { ms: 2 * 86_400_000 });

    const plan = (await sb.send('GET', `/rest/v2/payment-plans/${approved}`, { headers: headers() })).json.payload['payment-plan'];
    assert.equal(plan['last-payment-date'], start);
    assert.equal(plan['last-payment-result'], 'APPROVED');
    assert.ok(plan['next-payment-date'] > start, plan['next-payment-date']);
    const sale = await sb.send('GET', `/rest/v2/transactions?id=${plan['last-payment-transaction-id']}`, { headers: headers() });
    const tx = sale.json.payload.transactions.transaction[0];
    assert.equal(tx.type, 'SALE');
    assert.equal(tx.amount, '19.99');

    const failed = (await sb.send('GET', `/rest/v2/payment-plans/${declined}`, { headers: headers() })).json.payload['payment-plan'];
    assert.equal(failed['last-payment-result'], 'DECLINED');
    assert.equal(failed['last-payment-result-code'], '012');

    const after = await sb.send('GET', '/rest/v1/batches/open', { headers: headers() });
    assert.equal(Number(after.json.payload.batch['sales-count']), salesBefore + 1, 'the approved charge is in the open batch, the decline is not');
  });

  it(flowName('recurring-delete-in-use'), async () => {
    // The gateway deletes only customers without plans (developer center, recurring payments);
    // the sandbox refuses a token a plan charges the same way (docs/sandbox.md: a decision).
    const customer = await createCustomer();
    const token = await createToken(customer);
    const plan = await createPlan(samplePlan(customer, token, await sandboxDate(10)));
    for (const path of [`/rest/v2/customers/${customer}`, `/rest/v2/tokens/${token}`]) {
      const r = await sb.send('DELETE', path, { headers: headers() });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.json.status, 'fail');
      assert.match(r.json.payload.error['error-message'], new RegExp(plan));
    }
    assert.equal((await sb.send('DELETE', `/rest/v2/payment-plans/${plan}`, { headers: headers() })).status, 200);
    assert.equal((await sb.send('DELETE', `/rest/v2/customers/${customer}`, { headers: headers() })).status, 200);
  });

  it(flowName('recurring-bad-input'), async () => {
    const missing = await sb.send('POST', '/rest/v2/customers', { headers: headers(), json: { email: 'x@example.com' } });
    assert.equal(missing.status, 400, missing.text);
    assert.match(missing.json.payload.error['error-message'], /first-name/);
    const noKey = await sb.send('GET', '/rest/v2/customers', { headers: { Accept: 'application/json' } });
    assert.equal(noKey.status, 401);
    const unknown = await sb.send('GET', '/rest/v2/customers/cust_00000000-0000-0000-0000-000000000000', { headers: headers() });
    assert.equal(unknown.status, 404);
    const customer = await createCustomer();
    const badPlan = await sb.send('POST', '/rest/v2/payment-plans', { headers: headers(), json: {
      ...samplePlan(customer, '1100000000000000001', await sandboxDate(3)), frequency: 'HOURLY' } });
    assert.equal(badPlan.status, 400, badPlan.text);
    assert.match(badPlan.json.payload.error['error-message'], /frequency/);
    const noToken = await sb.send('POST', '/rest/v2/payment-plans', { headers: headers(), json: samplePlan(customer, '1100000000000000001', await sandboxDate(3)) });
    assert.equal(noToken.status, 404, noToken.text);
  });

  // The developer center says the gateway takes XML as well as JSON on every path; no public
  // client sends customers or plans in XML, so this holds the sandbox to its own rule.
  it('customers and payment plans in XML: created, listed and refused like the JSON ones', async () => {
    const xmlHeaders = { Accept: 'application/xml', 'api-key': sb.info.apiKey };
    const made = await sb.send('POST', '/rest/v2/customers', { headers: xmlHeaders, xml:
      '<customer><first-name>Xavier</first-name><last-name>Ml</last-name><email>x@example.com</email>'
      + '<billing-address><street>1 Main St</street><zip>63103</zip></billing-address></customer>' });
    assert.equal(made.status, 201, made.text);
    const customer = made.xml.response.payload.customer;
    assert.equal(made.xml.response.payload['@_type'], 'customer');
    assert.equal(customer['billing-address'].zip, '63103');
    const tokenId = await createToken(customer['customer-key']);
    const start = await sandboxDate(5);
    const plan = await sb.send('POST', '/rest/v2/payment-plans', { headers: xmlHeaders, xml: `<payment-plan>${
      Object.entries(samplePlan(customer['customer-key'], tokenId, start, '07.50')).map(([k, v]) => `<${k}>${v}</${k}>`).join('')}</payment-plan>` });
    assert.equal(plan.status, 201, plan.text);
    // An amount written "07.50" is text in XML, kept as written, not a number.
    assert.equal(plan.xml.response.payload['payment-plan']['payment-amount'], '07.50');
    assert.equal(plan.xml.response.payload['payment-plan']['next-payment-date'], start);
    const listed = await sb.send('GET', `/rest/v2/payment-plans?customer-key=${customer['customer-key']}`, { headers: xmlHeaders });
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.xml.response.payload['payment-plans']['payment-plan']['plan-key'], plan.xml.response.payload['payment-plan']['plan-key']);

    const malformed = await sb.send('POST', '/rest/v2/customers', { headers: xmlHeaders, xml: '<customer><first-name>X</customer>' });
    assert.equal(malformed.status, 400, malformed.text);
    assert.match(malformed.xml.response.payload.error['error-message'], /Malformed XML body at line 1, column \d+/);
    const noName = await sb.send('POST', '/rest/v2/customers', { headers: xmlHeaders, xml: '<customer><email>x@example.com</email></customer>' });
    assert.equal(noName.status, 400, noName.text);
    assert.match(noName.xml.response.payload.error['error-message'], /first-name/);
    // An entity bomb is refused before parsing, as on every XML path.
    const bomb = await sb.send('POST', '/rest/v2/customers', { headers: xmlHeaders, xml:
      '<!DOCTYPE c [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><customer><first-name>&b;</first-name></customer>' });
    assert.equal(bomb.status, 400, bomb.text);
  });
});
