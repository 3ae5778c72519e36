// Customers and payment plans in the Local sandbox (issue 33): the schedule's dates, plans that
// charge across a restart (nothing lost under the journal), and the checks a plan's fields get.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { dueAfter, firstDueOnOrAfter, type Schedule } from '../../src/sandbox/customers/planSchedule';
import { call, startTestSandbox, VISA } from './sandboxTestClient';
import type { RunningSandbox } from '../../src/sandbox/server';

describe('payment plan schedule', () => {
  const monthly = (day: number | undefined, startDate: string, every = 1): Schedule =>
    ({ frequency: 'MONTHLY', every, startDate, endDate: '2031-12-31', ...(day ? { day } : {}) });

  it('monthly: the first frequency day from the start, the 31st as the month\'s last day', () => {
    assert.equal(firstDueOnOrAfter(monthly(3, '2030-09-17'), '2030-01-01'), '2030-10-03');
    assert.equal(firstDueOnOrAfter(monthly(undefined, '2030-01-31'), '2030-01-01'), '2030-01-31');
    assert.equal(dueAfter(monthly(31, '2030-01-31'), '2030-01-31'), '2030-02-28');
    assert.equal(dueAfter(monthly(31, '2030-01-31'), '2030-02-28'), '2030-03-31');
    assert.equal(dueAfter(monthly(15, '2030-01-15', 3), '2030-01-15'), '2030-04-15');
    assert.equal(firstDueOnOrAfter(monthly(15, '2030-01-15', 3), '2030-02-01'), '2030-04-15');
  });

  it('weekly: the weekday (1 = Monday) from the start, every n weeks, never past end-date', () => {
    // 2030-01-01 is a Tuesday.
    const weekly: Schedule = { frequency: 'WEEKLY', day: 5, every: 2, startDate: '2030-01-01', endDate: '2030-01-31' };
    assert.equal(firstDueOnOrAfter(weekly, '2029-12-01'), '2030-01-04');
    assert.equal(dueAfter(weekly, '2030-01-04'), '2030-01-18');
    assert.equal(dueAfter(weekly, '2030-01-18'), undefined);
  });
});

async function tempFile(): Promise<string> {
  return path.join(await mkdtemp(path.join(tmpdir(), 'gw-customers-')), 'state.json');
}

/** The sandbox's date `days` from its now, in its zone. */
function sandboxDate(sb: RunningSandbox, days: number): string {
  const at = new Date(sb.control.now().getTime() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

async function customerWithPlan(sb: RunningSandbox, start: string, amount = '12.34') {
  const customerKey = (await call(sb, 'POST', '/rest/v2/customers', { json: { 'first-name': 'Ada', 'last-name': 'Lovelace' } })).body.payload.customer['customer-key'];
  const tokenId = (await call(sb, 'POST', '/rest/v2/tokens', { json: { card: VISA, 'exp-date': '1230', 'customer-key': customerKey } })).body.payload.tokenResponse['token-id'];
  const plan = await call(sb, 'POST', '/rest/v2/payment-plans', { json: {
    'customer-key': customerKey, 'token-id': tokenId, 'payment-amount': amount, frequency: 'WEEKLY', 'start-date': start, 'end-date': '2099-01-01',
  } });
  assert.equal(plan.status, 201, JSON.stringify(plan.body));
  return { customerKey, tokenId, planKey: plan.body.payload['payment-plan']['plan-key'] as string };
}

describe('customers and payment plans in the sandbox', () => {
  it('keeps customers and plans across a restart, and charges a plan whose date passed while it was stopped', async () => {
    const file = await tempFile();
    const first = await startTestSandbox({ dataFile: file, timeZone: 'America/Chicago' });
    const start = sandboxDate(first, 3);
    const { customerKey, planKey } = await customerWithPlan(first, start);
    const clock = first.control.now().getTime();
    await first.close();

    const second = await startTestSandbox({ dataFile: file, timeZone: 'America/Chicago' });
    try {
      assert.ok(second.control.now().getTime() >= clock);
      assert.equal((await call(second, 'GET', `/rest/v2/customers/${customerKey}`)).status, 200);
      assert.equal((await call(second, 'GET', `/rest/v2/payment-plans/${planKey}`)).body.payload['payment-plan']['next-payment-date'], start);
      second.control.advanceClock(5 * 86_400_000);
    } finally {
      await second.close();
    }

    const third = await startTestSandbox({ dataFile: file, timeZone: 'America/Chicago' });
    try {
      const plan = (await call(third, 'GET', `/rest/v2/payment-plans/${planKey}`)).body.payload['payment-plan'];
      assert.equal(plan['last-payment-date'], start);
      assert.equal(plan['last-payment-result'], 'APPROVED');
      assert.equal(plan['payment-count'], '1');
      const found = await call(third, 'GET', `/rest/v2/transactions?id=${plan['last-payment-transaction-id']}`);
      assert.equal(found.body.payload.transactions.transaction[0].amount, '12.34');
    } finally {
      await third.close();
    }
  });

  it('charges each due date a clock jump passes, once', async () => {
    const sb = await startTestSandbox({ timeZone: 'America/Chicago' });
    try {
      const start = sandboxDate(sb, 1);
      const { planKey } = await customerWithPlan(sb, start, '3.00');
      sb.control.advanceClock(22 * 86_400_000);   // weekly: start, +7, +14, +21
      const plan = (await call(sb, 'GET', `/rest/v2/payment-plans/${planKey}`)).body.payload['payment-plan'];
      assert.equal(plan['payment-count'], '4');
      sb.control.advanceClock(60_000);
      assert.equal((await call(sb, 'GET', `/rest/v2/payment-plans/${planKey}`)).body.payload['payment-plan']['payment-count'], '4');
    } finally {
      await sb.close();
    }
  });

  it('refuses a plan on another customer\'s token, an end before the start, and an unknown plan', async () => {
    const sb = await startTestSandbox();
    try {
      const a = await customerWithPlan(sb, '2090-01-01');
      const b = await customerWithPlan(sb, '2090-01-01');
      const foreign = await call(sb, 'PUT', `/rest/v2/payment-plans/${a.planKey}`, { json: { 'token-id': b.tokenId } });
      assert.equal(foreign.status, 400);
      assert.match(foreign.body.payload.error['error-message'], /token-id belongs to customer/);
      const backwards = await call(sb, 'PUT', `/rest/v2/payment-plans/${a.planKey}`, { json: { 'end-date': '2080-01-01' } });
      assert.equal(backwards.status, 400);
      assert.match(backwards.body.payload.error['error-message'], /end-date/);
      assert.equal((await call(sb, 'GET', '/rest/v2/payment-plans/plan_nope')).status, 404);
      assert.equal((await call(sb, 'DELETE', '/rest/v2/payment-plans/plan_nope')).status, 404);
    } finally {
      await sb.close();
    }
  });

  // A stranger's request file can send anything: what a customer or plan keeps is what the
  // gateway's fields are, checked as the catalog types them, and nothing else comes back.
  it('hostile customer and plan bodies: an address keeps its known text fields only, and bad emails and dates are refused', async () => {
    const sb = await startTestSandbox();
    try {
      const customer = (extra: Record<string, unknown>) => call(sb, 'POST', '/rest/v2/customers', { json: { 'first-name': 'Eve', 'last-name': 'Hostile', ...extra } });
      const nested = await customer({ 'billing-address': { street: { x: 1 } } });
      assert.equal(nested.status, 400, JSON.stringify(nested.body));
      assert.match(nested.body.payload.error['error-message'], /billing-address\.street must be a string/);
      const listed = await customer({ 'shipping-address': { zip: ['63103'] } });
      assert.equal(listed.status, 400, JSON.stringify(listed.body));
      assert.match(listed.body.payload.error['error-message'], /shipping-address\.zip/);

      // A card number under a name the address does not have is neither kept nor echoed.
      const smuggled = await customer({ billing: { street: '1 Main St', card: VISA, csc: '999', ['__proto__']: { polluted: 'yes' } } });
      assert.equal(smuggled.status, 201, JSON.stringify(smuggled.body));
      assert.deepEqual(smuggled.body.payload.customer['billing-address'], { street: '1 Main St' });
      assert.ok(!JSON.stringify(smuggled.body).includes(VISA), 'the card number came back');
      const again = await call(sb, 'GET', `/rest/v2/customers/${smuggled.body.payload.customer['customer-key']}`);
      assert.ok(!JSON.stringify(again.body).includes(VISA), 'the card number was kept');
      assert.equal(({} as Record<string, unknown>).polluted, undefined);

      const email = await customer({ email: 'not an email' });
      assert.equal(email.status, 400, JSON.stringify(email.body));
      assert.match(email.body.payload.error['error-message'], /email/);

      const { customerKey, tokenId, planKey } = await customerWithPlan(sb, '2090-01-01');
      const plan = (extra: Record<string, unknown>) => call(sb, 'POST', '/rest/v2/payment-plans', { json: {
        'customer-key': customerKey, 'token-id': tokenId, 'payment-amount': '5.00', frequency: 'MONTHLY', 'start-date': '2090-01-15', 'end-date': '2091-01-15', ...extra,
      } });
      for (const [field, value] of [['start-date', '2090-02-30'], ['end-date', '2091-13-01'], ['email-address', 'plans@'], ['start-date', '2090-1-5']]) {
        const refused = await plan({ [field]: value });
        assert.equal(refused.status, 400, `${field} ${value}: ${JSON.stringify(refused.body)}`);
        assert.match(refused.body.payload.error['error-message'], new RegExp(field), field);
      }
      const update = await call(sb, 'PUT', `/rest/v2/payment-plans/${planKey}`, { json: { 'start-date': '2090-02-31' } });
      assert.equal(update.status, 400, JSON.stringify(update.body));
      assert.equal((await plan({ 'email-address': 'plans@example.com' })).status, 201);
    } finally {
      await sb.close();
    }
  });
});
