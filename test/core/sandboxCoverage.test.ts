// Reading a sandbox's outcome coverage and the part of it one run made (what the Testing view
// shows after a run on a Local sandbox that served other requests before): a real sandbox.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { checkedCoverage, coverageLines, coverageSince, fetchCoverage } from '../../src/core/localSandbox/sandboxCoverage';

let sb: RunningSandbox;
before(async () => { sb = await startSandbox({ port: 0, rate: 10_000 }); });
after(() => sb.close());

const sale = (amount: string) => fetch(`${sb.gatewayUrl}/rest/v2/transactions/sale`, {
  method: 'POST', headers: { 'api-key': sb.apiKey, 'content-type': 'application/json' },
  body: JSON.stringify({ amount, card: '4111111111111111', 'exp-date': '1230' }),
});

describe('sandbox coverage, read by a client', () => {
  it('a run\'s own outcomes: counted in between, the ones served only before listed as left with their triggers', async () => {
    await sale('1.00');
    await sale('0.23');
    const first = await fetchCoverage(sb.gatewayUrl);
    await sale('2.00');
    await sale('0.21');
    const run = coverageSince(first, await fetchCoverage(sb.gatewayUrl));
    assert.deepEqual(run.covered.map((c) => [c.outcome, c.count]), [['result-code:000', 1], ['result-code:012', 1], ['http:402', 1]]);
    assert.equal(run.summary.covered, 3);
    assert.equal(run.summary.total, first.summary.total);
    const left = run.uncovered.find((u) => u.outcome === 'result-code:014');
    assert.match(left?.trigger ?? '', /0\.23/, 'served before the run, not in it: left, with its trigger');
    assert.equal(coverageLines(run)[0], `Outcomes covered 3 of ${first.summary.total} (${Math.floor(300 / first.summary.total)} %)`);
  });

  it('a reset between the two reads shows the whole of the second', async () => {
    await sale('0.23');
    const first = await fetchCoverage(sb.gatewayUrl);
    sb.control.reset();
    await sale('3.00');
    const second = await fetchCoverage(sb.gatewayUrl);
    assert.deepEqual(coverageSince(first, second), second);
  });

  it('checks the shape of an answer it did not make', () => {
    assert.throws(() => checkedCoverage([]), /"covered" and "uncovered" must be lists/);
    assert.throws(() => checkedCoverage({ covered: [{ outcome: 'a', description: 'b', count: 1.5 }], uncovered: [] }), /covered\[0\]/);
    assert.throws(() => checkedCoverage({ covered: [], uncovered: [{ outcome: 'a', description: 'b', trigger: 'x'.repeat(5000) }] }), /uncovered\[0\]/);
    const ok = checkedCoverage({ covered: [{ outcome: 'a', description: 'b', count: 2, extra: 'dropped' }], uncovered: [{ outcome: 'c', description: 'd', trigger: 'e' }], summary: { covered: 99, total: 1 } });
    assert.deepEqual(ok.summary, { covered: 1, total: 2, percent: 50 }, 'the summary is computed, not believed');
    assert.equal(JSON.stringify(ok).includes('dropped'), false);
  });
});
