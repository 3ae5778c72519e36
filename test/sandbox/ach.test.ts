// The ACH module through its DomainModule contract: handlers called directly with a real
// controllable clock (fixed base time, offset advanced by the test) and the real id source.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requireOperation } from '../../src/catalog';
import { ControllableClock } from '../../src/sandbox/domain/clock';
import { ErrorAnswer, type DomainContext, type Answer } from '../../src/sandbox/domain/domain';
import { idSourceOver } from '../../src/sandbox/domain/state';
import { wallTimeOf } from '../../src/sandbox/domain/zonedTime';
import { achModule, ACH_RETURN_RULES, type AchSlice } from '../../src/sandbox/ach/achModule';
import { achWindowsBetween } from '../../src/sandbox/ach/achWindows';

const MERCHANT = { merchantId: '8582949932024942', terminalId: '10018001', terminalName: 'T', merchantName: 'M', hppPublicKey: '' };
const ROUTING = '081009813';
const ACCOUNT = '1234567890';

interface Call {
  params?: Record<string, string>;
  query?: string;
  body?: Record<string, unknown>;
}

/** A fresh ACH slice and a clock standing at `startIso` in `timeZone`. */
function harness(startIso: string, timeZone = 'America/Chicago') {
  const base = Date.parse(startIso);
  const clock = new ControllableClock(timeZone, 0, () => base);
  const slices: Record<string, unknown> = { ach: achModule.initial() };
  const peer = <T>(name: string): T => slices[name] as T;
  const ctx: DomainContext<AchSlice> = { slice: slices.ach as AchSlice, peer, mutatePeer: peer, clock, ids: idSourceOver({}) };
  const call = (opId: string, c: Call = {}): Answer =>
    achModule.handlers[opId](
      {
        op: requireOperation(opId), params: c.params ?? {}, query: new URLSearchParams(c.query ?? ''), body: c.body,
        headers: {}, merchant: MERCHANT,
      },
      ctx,
    );
  const advanceTo = (iso: string): void => {
    const from = clock.now();
    clock.advanceTo(new Date(iso));
    achModule.onClockAdvance?.(from, clock.now(), ctx);
  };
  return { ctx, call, advanceTo, clock };
}

const txn = (answer: Answer): Record<string, string> => answer.payload?.['ach-transaction'] as Record<string, string>;
const token = (answer: Answer): Record<string, string> => answer.payload?.['ach-token'] as Record<string, string>;

function debitBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'routing-number': ROUTING, 'account-number': ACCOUNT, 'account-type': 'Checking',
    'standard-entry-class-code': 'PPD', amount: '25.00', 'individual-name': 'Jordan Smith', ...extra,
  };
}

function gatewayError(status: number, resultCode: string, message: RegExp) {
  return (e: unknown): boolean => {
    assert.ok(e instanceof ErrorAnswer, `expected an ErrorAnswer, got ${String(e)}`);
    assert.equal(e.status, status, e.message);
    assert.equal(e.resultCode, resultCode, e.message);
    assert.match(e.message, message);
    return true;
  };
}

// 2025-03-03 is a Monday in CST (UTC-6): 14:00 local = 20:00Z, 3 PM = 21:00Z, 6 PM = 00:00Z next day.
const MON_2PM = '2025-03-03T20:00:00Z';
const MON_3PM = '2025-03-03T21:00:00Z';
const MON_6PM = '2025-03-04T00:00:00Z';

describe('ACH providers', () => {
  it('lists the providers, one of them alpha, each with an account id and SEC codes', () => {
    const { call } = harness(MON_2PM);
    const answer = call('achProviders.list');
    assert.equal(answer.payloadType, 'ach-providers');
    const providers = (answer.payload?.['ach-providers'] as { 'ach-provider': Record<string, unknown>[] })['ach-provider'];
    assert.ok(providers.length >= 2);
    assert.equal(providers.filter((p) => p['is-alpha'] === 'true').length, 1);
    for (const p of providers) {
      assert.match(String(p['account-id']), /^\d+$/);
      assert.ok((p['sec-codes'] as { 'sec-code': string[] })['sec-code'].length > 0);
    }
  });

  it('finds the alpha provider by SEC code; 404 for a code it does not take, 400 for a non-code', () => {
    const { call } = harness(MON_2PM);
    const ppd = call('achProviders.getBySecCode', { params: { secCode: 'PPD' } });
    assert.equal((ppd.payload?.['ach-provider'] as Record<string, string>)['is-alpha'], 'true');
    assert.throws(() => call('achProviders.getBySecCode', { params: { secCode: 'TEL' } }), gatewayError(404, '404', /does not process TEL/));
    assert.throws(() => call('achProviders.getBySecCode', { params: { secCode: 'XYZ' } }), gatewayError(400, '041', /PPD, CCD, WEB, TEL/));
  });

  it('answers the legacy lookup and marks it deprecated with a successor link', () => {
    const { call } = harness(MON_2PM);
    const answer = call('achProviders.legacyLookup');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers?.Deprecation, 'true');
    assert.equal(answer.headers?.Link, '</rest/v2/ach/providers>; rel="successor-version"');
    const tel = call('achProviders.legacyLookup', { query: 'sec-code=TEL' });
    assert.equal((tel.payload?.['ach-provider'] as Record<string, string>)['is-alpha'], 'false');
  });
});

describe('ACH transactions: create, credit, debit', () => {
  it('answers Pending with a unique id, the last four only, and keeps no full account number', () => {
    const { call, ctx } = harness(MON_2PM);
    const a = txn(call('achTransactions.debit', { body: debitBody() }));
    const b = txn(call('achTransactions.create', { body: debitBody({ type: 'Credit' }) }));
    const c = txn(call('achTransactions.credit', { body: debitBody() }));
    assert.equal(a.status, 'Pending');
    assert.equal(a.type, 'Debit');
    assert.equal(b.type, 'Credit');
    assert.equal(c.type, 'Credit');
    assert.equal(new Set([a.id, b.id, c.id]).size, 3);
    assert.equal(a['account-number'], '7890');
    assert.equal(a['merchant-id'], MERCHANT.merchantId);
    assert.equal(a.amount, '25.00');
    assert.equal(a.provider, 'Paya');
    assert.match(a['status-change-date'], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    assert.ok(!JSON.stringify(ctx.slice).includes(ACCOUNT));
    assert.ok(!JSON.stringify(a).includes(ACCOUNT));
  });

  it('refuses a bad routing checksum with result code 041 naming the field', () => {
    const { call } = harness(MON_2PM);
    assert.throws(
      () => call('achTransactions.debit', { body: debitBody({ 'routing-number': '081009814' }) }),
      gatewayError(400, '041', /routing-number: .*checksum/),
    );
  });

  it('names every invalid field at once', () => {
    const { call } = harness(MON_2PM);
    const body = debitBody({ 'account-number': '123456789012345678', 'account-type': 'Brokerage', 'standard-entry-class-code': 'ARC', amount: '25' });
    assert.throws(() => call('achTransactions.debit', { body }), (e: unknown) => {
      assert.ok(e instanceof ErrorAnswer);
      for (const field of ['account-number', 'account-type', 'standard-entry-class-code', 'amount']) assert.match(e.message, new RegExp(field));
      return true;
    });
    assert.throws(() => call('achTransactions.create', { body: debitBody() }), gatewayError(400, '041', /type is required/));
    assert.throws(() => call('achTransactions.credit', { body: debitBody({ type: 'Debit' }) }), gatewayError(400, '041', /contradicts/));
    assert.throws(() => call('achTransactions.debit', { body: debitBody({ amount: '0.00' }) }), gatewayError(400, '041', /amount/));
  });

  it('decides the return rule at creation and stores it, not the account number', () => {
    const { call, ctx } = harness(MON_2PM);
    const t = txn(call('achTransactions.debit', { body: debitBody({ 'account-number': '5550001' }) }));
    assert.deepEqual(ctx.slice.transactions[t.id].account.outcome, { code: 'R01', message: 'Insufficient Funds' });
    assert.ok(!JSON.stringify(ctx.slice).includes('5550001'));
  });
});

describe('ACH lifecycle over the 3 PM and 6 PM windows', () => {
  it('moves Pending to Settling at 3 PM and Settling to Settled at 6 PM with trace number and date', () => {
    const { call, advanceTo } = harness(MON_2PM);
    const id = txn(call('achTransactions.debit', { body: debitBody() })).id;
    advanceTo('2025-03-03T20:59:59Z');
    assert.equal(txn(call('achTransactions.get', { params: { id } })).status, 'Pending');
    advanceTo(MON_3PM);
    assert.equal(txn(call('achTransactions.get', { params: { id } })).status, 'Settling');
    advanceTo(MON_6PM);
    const settled = txn(call('achTransactions.get', { params: { id } }));
    assert.equal(settled.status, 'Settled');
    assert.match(settled['trace-number'], /^\d{15}$/);
    assert.equal(settled['settled-date'], '2025-03-03');
    assert.equal(settled['status-change-date'], '2025-03-04 00:00:00.000');
    assert.equal(settled['returned-code'], undefined);
  });

  for (const rule of ACH_RETURN_RULES) {
    it(`returns an account ending ${rule.accountEndsWith} with ${rule.code} ${rule.message}`, () => {
      const { call, advanceTo } = harness(MON_2PM);
      const id = txn(call('achTransactions.debit', { body: debitBody({ 'account-number': `98765${rule.accountEndsWith}` }) })).id;
      advanceTo(MON_6PM);
      const t = txn(call('achTransactions.get', { params: { id } }));
      assert.equal(t.status, 'Returned');
      assert.equal(t['returned-code'], rule.code);
      assert.equal(t['returned-message'], rule.message);
      assert.equal(t['returned-date'], '2025-03-03');
      assert.match(t['trace-number'], /^\d{15}$/);
      assert.equal(t['settled-date'], undefined);
    });
  }

  it('needs two windows even when one advance crosses both, and picks up late transactions next day', () => {
    const { call, advanceTo } = harness(MON_2PM);
    const early = txn(call('achTransactions.debit', { body: debitBody() })).id;
    advanceTo('2025-03-03T21:30:00Z'); // 3:30 PM: early is Settling
    const late = txn(call('achTransactions.debit', { body: debitBody() })).id;
    advanceTo('2025-03-04T22:00:00Z'); // crosses Mon 6 PM and Tue 3 PM
    const e = txn(call('achTransactions.get', { params: { id: early } }));
    const l = txn(call('achTransactions.get', { params: { id: late } }));
    assert.equal(e.status, 'Settled');
    assert.equal(e['settled-date'], '2025-03-03');
    assert.equal(l.status, 'Settled');
    assert.equal(l['settled-date'], '2025-03-04');
  });

  it('finds each window at 3 PM and 6 PM local time across both DST changes', () => {
    const zone = 'America/Chicago';
    // Spring forward on Sunday 2025-03-09: offset -6 h before, -5 h after.
    const spring = [...achWindowsBetween(new Date('2025-03-08T12:00:00Z'), new Date('2025-03-10T12:00:00Z'), zone)];
    assert.deepEqual(spring.map((d) => d.toISOString()), [
      '2025-03-08T21:00:00.000Z', '2025-03-09T00:00:00.000Z', '2025-03-09T20:00:00.000Z', '2025-03-09T23:00:00.000Z',
    ]);
    // Fall back on Sunday 2025-11-02: offset -5 h before, -6 h after.
    const fall = [...achWindowsBetween(new Date('2025-11-01T12:00:00Z'), new Date('2025-11-03T12:00:00Z'), zone)];
    assert.deepEqual(fall.map((d) => d.toISOString()), [
      '2025-11-01T20:00:00.000Z', '2025-11-01T23:00:00.000Z', '2025-11-02T21:00:00.000Z', '2025-11-03T00:00:00.000Z',
    ]);
    for (const w of [...spring, ...fall]) assert.ok([15, 18].includes(wallTimeOf(w, zone).hour));
    // Half-open (from, to]: a window exactly at `from` is excluded, exactly at `to` included.
    const edge = [...achWindowsBetween(new Date('2025-03-08T21:00:00Z'), new Date('2025-03-09T00:00:00Z'), zone)];
    assert.deepEqual(edge.map((d) => d.toISOString()), ['2025-03-09T00:00:00.000Z']);
  });

  it('settles across the spring-forward night on the local calendar', () => {
    const { call, advanceTo } = harness('2025-03-09T00:30:00Z'); // Sat 6:30 PM CST
    const id = txn(call('achTransactions.debit', { body: debitBody() })).id;
    advanceTo('2025-03-09T19:59:00Z'); // Sun 2:59 PM CDT: no window yet
    assert.equal(txn(call('achTransactions.get', { params: { id } })).status, 'Pending');
    advanceTo('2025-03-09T20:00:00Z'); // Sun 3 PM CDT
    assert.equal(txn(call('achTransactions.get', { params: { id } })).status, 'Settling');
    advanceTo('2025-03-09T23:00:00Z'); // Sun 6 PM CDT
    const t = txn(call('achTransactions.get', { params: { id } }));
    assert.equal(t.status, 'Settled');
    assert.equal(t['settled-date'], '2025-03-09');
  });
});

describe('ACH void', () => {
  it('voids a Pending transaction, which then never settles', () => {
    const { call, advanceTo } = harness(MON_2PM);
    const id = txn(call('achTransactions.debit', { body: debitBody() })).id;
    const voided = call('achTransactions.void', { params: { id } });
    assert.equal(voided.status, 200);
    assert.equal(txn(voided).status, 'Void');
    advanceTo(MON_6PM);
    assert.equal(txn(call('achTransactions.get', { params: { id } })).status, 'Void');
    assert.throws(() => call('achTransactions.void', { params: { id } }), gatewayError(400, '002', /is Void; only a Pending/));
  });

  it('refuses to void once Settling or Settled, saying the current status; 404 for an unknown id', () => {
    const { call, advanceTo } = harness(MON_2PM);
    const id = txn(call('achTransactions.debit', { body: debitBody() })).id;
    advanceTo(MON_3PM);
    assert.throws(() => call('achTransactions.void', { params: { id } }), gatewayError(400, '002', /is Settling/));
    advanceTo(MON_6PM);
    assert.throws(() => call('achTransactions.void', { params: { id } }), gatewayError(400, '002', /is Settled.*reversal/));
    assert.throws(() => call('achTransactions.void', { params: { id: '42' } }), gatewayError(404, '404', /No ACH transaction with id "42"/));
    assert.throws(() => call('achTransactions.get', { params: { id: '42' } }), gatewayError(404, '404', /42/));
  });
});

describe('ACH reversal', () => {
  it('reverses a Settled alpha transaction into a linked Pending one of the opposite type, once', () => {
    const { call, advanceTo } = harness(MON_2PM);
    const id = txn(call('achTransactions.debit', { body: debitBody({ amount: '40.10' }) })).id;
    advanceTo(MON_6PM);
    const reversal = txn(call('achTransactions.reversal', { body: { id } }));
    assert.equal(reversal.status, 'Pending');
    assert.equal(reversal.type, 'Credit');
    assert.equal(reversal.amount, '40.10');
    assert.equal(reversal['original-id'], id);
    assert.notEqual(reversal.id, id);
    assert.equal(txn(call('achTransactions.get', { params: { id } }))['reversal-id'], reversal.id);
    assert.throws(() => call('achTransactions.reversal', { body: { id } }), gatewayError(400, '002', /already reversed/));
    advanceTo('2025-03-05T00:00:00Z');
    assert.equal(txn(call('achTransactions.get', { params: { id: reversal.id } })).status, 'Settled');
  });

  it('refuses Pending, Returned and non-alpha transactions, and a missing or unknown id', () => {
    const { call, advanceTo } = harness(MON_2PM);
    const pending = txn(call('achTransactions.debit', { body: debitBody() })).id;
    assert.throws(() => call('achTransactions.reversal', { body: { id: pending } }), gatewayError(400, '002', /is Pending; only a Settled/));
    const returned = txn(call('achTransactions.debit', { body: debitBody({ 'account-number': '40002' }) })).id;
    const tel = txn(call('achTransactions.debit', { body: debitBody({ 'standard-entry-class-code': 'TEL' }) }));
    assert.equal(tel.provider, 'DCS');
    advanceTo(MON_6PM);
    assert.throws(() => call('achTransactions.reversal', { body: { id: returned } }), gatewayError(400, '002', /is Returned/));
    assert.throws(() => call('achTransactions.reversal', { body: { id: tel.id } }), gatewayError(400, '002', /only transactions of the alpha provider/));
    assert.throws(() => call('achTransactions.reversal', { body: {} }), gatewayError(400, '003', /id is required/));
    assert.throws(() => call('achTransactions.reversal', { body: { id: '999' } }), gatewayError(404, '404', /999/));
  });
});

describe('ACH account validation', () => {
  it('answers valid for a good account and lists reasons for a bad one', () => {
    const { call } = harness(MON_2PM);
    const good = call('achTransactions.validate', { body: { 'routing-number': ROUTING, 'account-number': ACCOUNT, 'account-type': 'Savings' } });
    assert.equal(good.status, 200);
    assert.equal(good.payloadType, 'ach-validation');
    const g = good.payload?.['ach-validation'] as Record<string, unknown>;
    assert.equal(g.valid, 'true');
    assert.equal(g['account-number'], '7890');
    const bad = call('achTransactions.validate', { body: { 'routing-number': '123456789', 'account-number': '12ab' } });
    const b = bad.payload?.['ach-validation'] as { valid: string; reasons: { reason: string[] } };
    assert.equal(b.valid, 'false');
    assert.equal(b.reasons.reason.length, 3);
    assert.match(b.reasons.reason.join(' '), /routing-number.*account-number.*account-type/);
  });
});

describe('ACH search', () => {
  it('filters by status, type, id and creation date, and pages newest first', () => {
    const { call, advanceTo } = harness(MON_2PM);
    const ids = [1, 2, 3, 4, 5].map((n) => txn(call(n % 2 ? 'achTransactions.debit' : 'achTransactions.credit', { body: debitBody() })).id);
    advanceTo(MON_3PM);
    advanceTo('2025-03-04T16:00:00Z'); // Tuesday
    const tuesday = txn(call('achTransactions.debit', { body: debitBody() })).id;
    const list = (query: string): string[] => {
      const answer = call('achTransactions.search', { query });
      return (answer.payload?.['ach-transactions'] as { 'ach-transaction': { id: string }[] })['ach-transaction'].map((t) => t.id);
    };
    assert.deepEqual(list('status=settled'), ids.slice().reverse());
    assert.deepEqual(list('status=Pending'), [tuesday]);
    assert.deepEqual(list('type=Credit&isDescending=false'), [ids[1], ids[3]]);
    assert.deepEqual(list(`id=${ids[2]}`), [ids[2]]);
    assert.deepEqual(list('start-date=2025-03-04'), [tuesday]);
    assert.deepEqual(list('end-date=2025-03-03').length, 5);
    const page = call('achTransactions.search', { query: 'page=2&page-size=4' });
    assert.equal(page.payloadType, 'ach-transactions');
    assert.deepEqual(page.page, {
      first: false, last: true, number: 2, 'number-of-elements': 2, size: 4, sort: { id: 'DESC' }, 'total-elements': 6, 'total-pages': 2,
    });
    assert.throws(() => call('achTransactions.search', { query: 'status=Lost&start-date=2025-02-30' }), gatewayError(400, '041', /status.*start-date/));
  });
});

describe('ACH tokens', () => {
  const tokenBody = (extra: Record<string, unknown> = {}) => ({
    'routing-number': ROUTING, 'account-number': ACCOUNT, 'account-type': 'Checking', 'individual-name': 'Jordan Smith',
    'software-type': 'Workbench', 'software-type-version': '1.0', ...extra,
  });

  it('creates, reads, updates and deletes a token that shows only the last four', () => {
    const { call, advanceTo, ctx } = harness(MON_2PM);
    const created = token(call('achTokens.create', { body: tokenBody({ 'customer-key': 'C-1', default: 'true' }) }));
    assert.match(created['token-id'], /^ach-1\d{16}$/, '"ach" tells it from a card token (docs/sandbox.md, Typed clients)');
    assert.equal(created['account-number'], '7890');
    assert.equal(created['routing-number'], ROUTING);
    assert.equal(created.default, 'true');
    assert.equal(created['times-used'], '0');
    assert.equal(created['last-used'], undefined);
    assert.ok(!JSON.stringify(ctx.slice).includes(ACCOUNT));
    const tokenId = created['token-id'];
    assert.deepEqual(token(call('achTokens.get', { params: { tokenId } })), created);
    advanceTo('2025-03-03T20:10:00Z');
    const updated = token(call('achTokens.update', { params: { tokenId }, body: { 'token-description': 'Payroll', 'individual-name': 'J. Smith', default: false } }));
    assert.equal(updated['token-description'], 'Payroll');
    assert.equal(updated['individual-name'], 'J. Smith');
    assert.equal(updated.default, 'false');
    assert.notEqual(updated.updated, created.updated);
    assert.throws(() => call('achTokens.update', { params: { tokenId }, body: { 'account-number': '1111' } }), gatewayError(400, '041', /account-number cannot change/));
    call('achTokens.delete', { params: { tokenId } });
    assert.throws(() => call('achTokens.get', { params: { tokenId } }), gatewayError(404, '404', new RegExp(tokenId)));
    assert.throws(() => call('achTokens.delete', { params: { tokenId } }), gatewayError(404, '404', /ACH token/));
  });

  it('requires the account, holder name and software fields, naming each missing one', () => {
    const { call } = harness(MON_2PM);
    assert.throws(() => call('achTokens.create', { body: { 'routing-number': ROUTING } }), (e: unknown) => {
      assert.ok(e instanceof ErrorAnswer && e.status === 400);
      for (const f of ['account-number', 'account-type', 'individual-name', 'software-type is', 'software-type-version']) assert.ok(e.message.includes(f), f);
      assert.ok(!e.message.includes('routing-number'));
      return true;
    });
  });

  it('charges a token with its stored account and return rule, and counts its use', () => {
    const { call, advanceTo } = harness(MON_2PM);
    const tokenId = token(call('achTokens.create', { body: tokenBody({ 'account-number': '77770002' }) }))['token-id'];
    const debit = txn(call('achTransactions.debit', { body: { 'token-id': tokenId, 'standard-entry-class-code': 'WEB', amount: '12.00' } }));
    assert.equal(debit['account-number'], '0002');
    assert.equal(debit['routing-number'], ROUTING);
    assert.equal(debit['token-id'], tokenId);
    const used = token(call('achTokens.get', { params: { tokenId } }));
    assert.equal(used['times-used'], '1');
    assert.equal(used['last-used'], '2025-03-03 20:00:00.000');
    advanceTo(MON_6PM);
    assert.equal(txn(call('achTransactions.get', { params: { id: debit.id } }))['returned-code'], 'R02');
    assert.throws(
      () => call('achTransactions.debit', { body: { 'token-id': '1999', 'standard-entry-class-code': 'WEB', amount: '1.00' } }),
      gatewayError(400, '041', /no ACH token "1999"/),
    );
    assert.throws(
      () => call('achTransactions.debit', { body: { ...debitBody(), 'token-id': tokenId } }),
      gatewayError(400, '041', /either token-id or the account fields/),
    );
  });

  it('creates a token along with a transaction when create-token is "true"', () => {
    const { call } = harness(MON_2PM);
    const debit = txn(call('achTransactions.debit', { body: debitBody({ 'create-token': 'true', 'token-description': 'From debit' }) }));
    const made = token(call('achTokens.get', { params: { tokenId: debit['token-id'] } }));
    assert.equal(made['token-description'], 'From debit');
    assert.equal(made['account-number'], '7890');
  });
});
