// Outcome coverage (issue 34): the sandbox counts the outcomes it serves and says how to produce
// the others, from the same tables its special values run on. Real sockets, a real sandbox.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningSandbox } from '../../src/sandbox/server';
import type { CoverageReport } from '../../src/catalog/localSandbox/coverage';
import { DECLINE_TABLE } from '../../src/catalog/localSandbox/declineAmounts';
import { AVS_BY_ZIP, CSC_BY_VALUE } from '../../src/catalog/localSandbox/verificationValues';
import { ACH_RETURN_RULES } from '../../src/catalog/localSandbox/achReturns';
import { FAULT_KINDS } from '../../src/sandbox/http/faults';
import { call, sale, startTestSandbox } from './sandboxTestClient';

let sb: RunningSandbox;
before(async () => { sb = await startTestSandbox(); });
after(() => sb.close());
beforeEach(() => sb.control.reset());

async function coverage(headers: Record<string, string> = {}): Promise<{ status: number; body: CoverageReport }> {
  const res = await fetch(`${sb.gatewayUrl}/__sandbox/coverage`, { headers });
  return { status: res.status, body: await res.json() as CoverageReport };
}

const count = (r: CoverageReport, outcome: string): number => r.covered.find((c) => c.outcome === outcome)?.count ?? 0;
const trigger = (r: CoverageReport, outcome: string): string | undefined => r.uncovered.find((u) => u.outcome === outcome)?.trigger;

/** Each result code's amounts where the amount table's first mapping wins, as the sandbox reads it. */
function effectiveAmounts(): Map<string, string[]> {
  const seen = new Set<string>();
  const out = new Map<string, string[]>();
  for (const rule of DECLINE_TABLE) {
    for (const a of rule.amounts) {
      if (seen.has(a)) continue;
      seen.add(a);
      out.set(rule.resultCode, [...(out.get(rule.resultCode) ?? []), a]);
    }
  }
  return out;
}

describe('GET /__sandbox/coverage', () => {
  it('starts with everything uncovered, each outcome named once with a trigger', async () => {
    const { status, body } = await coverage();
    assert.equal(status, 200);
    assert.deepEqual(body.covered, []);
    assert.equal(body.summary.covered, 0);
    assert.equal(body.summary.total, body.uncovered.length);
    const names = body.uncovered.map((u) => u.outcome);
    assert.equal(new Set(names).size, names.length, 'no outcome listed twice');
    for (const u of body.uncovered) {
      assert.match(u.outcome, /^(result-code:\d{3}|avs:[A-Z]|csc:[A-Z]|ach-return:R\d\d|http:\d{3}|fault:[\w-]+)$/);
      assert.ok(u.trigger.length > 10 && u.description.length > 0, u.outcome);
    }
    // Every code of the sandbox's own tables is an outcome.
    for (const code of effectiveAmounts().keys()) assert.ok(names.includes(`result-code:${code}`), code);
    for (const r of Object.values(AVS_BY_ZIP)) assert.ok(names.includes(`avs:${r.code}`), r.code);
    for (const c of ['Y', 'X', 'W']) assert.ok(names.includes(`avs:${c}`), c);
    for (const r of [...Object.values(CSC_BY_VALUE), { code: 'M' }]) assert.ok(names.includes(`csc:${r.code}`), r.code);
    for (const r of ACH_RETURN_RULES) assert.ok(names.includes(`ach-return:${r.code}`), r.code);
    for (const k of FAULT_KINDS) assert.ok(names.includes(`fault:${k}`), k);
    for (const s of ['401', '403', '404', '429', '500', '503']) assert.ok(names.includes(`http:${s}`), s);
    for (const c of ['045', '046', '047', '048']) assert.ok(names.includes(`result-code:${c}`), c);
  });

  it('each amount of the amounts table produces the result code its trigger names, once per sale', async () => {
    const before = (await coverage()).body;
    for (const [code, amounts] of effectiveAmounts()) {
      const told = trigger(before, `result-code:${code}`) ?? '';
      assert.ok(amounts.every((a) => told.includes(a)), `the trigger of ${code} names ${amounts.join(', ')}: "${told}"`);
      const r = await sale(sb, amounts[0]);
      assert.equal(r.status, code === '000' ? 200 : 402, `${amounts[0]} → ${code}`);
    }
    const after = (await coverage()).body;
    for (const code of effectiveAmounts().keys()) {
      // The approved sale of 0.49, and the other sales' CSC 999 (a match) in csc:M.
      assert.equal(count(after, `result-code:${code}`), 1, code);
    }
    assert.equal(count(after, 'csc:M'), effectiveAmounts().size - 1, 'every sale but 0.48 (Invalid CSC: N) matches');
    assert.equal(count(after, 'csc:N'), 1);
    assert.equal(count(after, 'http:402'), effectiveAmounts().size - 1);
  });

  it('each AVS zip and CSC value produces its code, as the trigger says', async () => {
    const before = (await coverage()).body;
    for (const [zip, r] of Object.entries(AVS_BY_ZIP)) {
      assert.match(trigger(before, `avs:${r.code}`) ?? '', new RegExp(`billing\\.zip ${zip}`));
      assert.equal((await sale(sb, '1.00', { billing: { zip } })).body.payload.transaction['avs-result-code'], r.code);
    }
    for (const [csc, r] of Object.entries(CSC_BY_VALUE)) {
      assert.match(trigger(before, `csc:${r.code}`) ?? '', new RegExp(`csc ${csc}`));
      await sale(sb, '2.00', { csc });
    }
    // The computed ones: their triggers' values work too.
    for (const code of ['Y', 'X', 'W']) {
      const zip = /billing\.zip (\d+)/.exec(trigger(before, `avs:${code}`) ?? '')?.[1];
      assert.ok(zip, code);
      assert.equal((await sale(sb, '3.00', { billing: { zip } })).body.payload.transaction['avs-result-code'], code);
    }
    const after = (await coverage()).body;
    for (const code of ['A', 'Z', 'N', 'U', 'R', 'S', 'G', 'Y', 'X', 'W']) assert.equal(count(after, `avs:${code}`), 1, code);
    for (const code of ['N', 'P', 'S', 'U', 'X']) assert.equal(count(after, `csc:${code}`), 1, code);
  });

  it('counts ACH returns when the returned transaction is read', async () => {
    const rule = ACH_RETURN_RULES[0];
    const debit = await call(sb, 'POST', '/rest/v2/ach/transactions/debit', { json: {
      'routing-number': '081009813', 'account-number': `12345${rule.accountEndsWith}`, 'account-type': 'Checking',
      'standard-entry-class-code': 'PPD', amount: '25.00', 'individual-name': 'Jordan Smith' } });
    assert.equal(debit.status, 200, debit.text);
    sb.control.advanceToNextAchWindow();
    sb.control.advanceToNextAchWindow();
    assert.equal(count((await coverage()).body, `ach-return:${rule.code}`), 0, 'not served until read');
    const read = await call(sb, 'GET', `/rest/v2/ach/transactions/${debit.body.payload['ach-transaction'].id}`);
    assert.equal(read.body.payload['ach-transaction']['returned-code'], rule.code);
    await call(sb, 'GET', '/rest/v2/ach/transactions?page=1');
    assert.equal(count((await coverage()).body, `ach-return:${rule.code}`), 2, 'a read and a search each serve it');
  });

  it('counts faults with their HTTP status and result code, 401s and settings refusals', async () => {
    sb.control.injectFaults([{ fault: '500' }, { fault: '503' }, { fault: 'delay', delayMs: 1 }]);
    for (let i = 0; i < 3; i++) await call(sb, 'GET', '/rest/v2/transactions');
    await call(sb, 'GET', '/rest/v2/transactions', { apiKey: null });
    await call(sb, 'GET', '/api/launchIntegratorSetup/v1.0/integrateMerchant/merchants/123', { apiKey: null });
    await call(sb, 'PUT', '/rest/v2/settings/transaction/duplicates', { json: { enabled: true, 'time-range-in-minutes': 10 } });
    await sale(sb, '7.00');
    await sale(sb, '7.00');
    await sale(sb, '8.00', { csc: '001' });
    const r = (await coverage()).body;
    assert.deepEqual(['fault:500', 'fault:503', 'fault:delay', 'http:500', 'http:503', 'result-code:050', 'result-code:045', 'result-code:048'].map((o) => count(r, o)), [1, 1, 1, 1, 1, 2, 1, 1]);
    assert.equal(count(r, 'http:401'), 2);
    assert.equal(count(r, 'result-code:042'), 1, 'the boarding 401 has no gateway result code');
    assert.ok(!r.covered.some((c) => c.outcome === 'result-code:401'));
    assert.equal(r.summary.covered, r.covered.filter((c) => c.listed !== false).length);
  });

  it('lists an outcome outside its list as covered but not listed, without counting it in N', async () => {
    await call(sb, 'POST', '/rest/v2/transactions/sale', { raw: { contentType: 'application/json', text: '{"amount":' + '"1"'.padEnd(1_100_000, ' ') + '}' } });
    const r = (await coverage()).body;
    assert.deepEqual(r.covered.find((c) => c.outcome === 'http:413'), { outcome: 'http:413', description: 'not in the sandbox\'s list of outcomes', count: 1, listed: false });
    assert.equal(r.summary.covered, 1, 'result-code:041 only');
  });

  it('a reset starts the counts again; a restart too (nothing is saved)', async () => {
    await sale(sb, '1.00');
    assert.equal((await coverage()).body.summary.covered, 2);
    await fetch(`${sb.gatewayUrl}/__sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    assert.deepEqual((await coverage()).body.covered, []);
  });

  it('answers loopback tools only, like every control action, and never lists a key or a card', async () => {
    await sale(sb, '1.00');
    assert.equal((await coverage({ origin: 'https://evil.example' })).status, 403);
    const wrongMethod = await fetch(`${sb.gatewayUrl}/__sandbox/coverage`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    assert.equal(wrongMethod.status, 404);
    const text = JSON.stringify((await coverage()).body);
    assert.ok(!text.includes(sb.apiKey) && !text.includes('4111111111111111'));
  });
});
