// The text a request-file run shows: Send All's summary, the marks beside requests and
// expectations, and the log lines — from real parsed expectations judged against responses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluateExpectation, parseRequestFile } from '../../src/core/requestFile';
import type { RequestOutcome } from '../../src/core/runner';
import { expectationLogLine, expectationText, outcomeLogLine, requestLineText, runSummary } from '../../src/extension/requestDocuments/runOutcomeText';

const file = parseRequestFile([
  '# @name sale1',
  '# @expect status 200',
  '# @expect payload.transaction.result == APPROVED',
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',
  '',
].join('\n'));
const expectations = file.requests[0].expectations;

function judged(status: number, result: string): RequestOutcome['expectations'] {
  const parsed = { payload: { transaction: { result, card: { number: '4111111111111111' } } } };
  return expectations.map((expectation) => ({ expectation, outcome: evaluateExpectation(expectation, { status, parsed }) }));
}

const passed: RequestOutcome = { index: 0, name: 'sale1', label: 'sale1', state: 'passed', status: 200, timingMs: 41.4, expectations: judged(200, 'APPROVED') };
const declined: RequestOutcome = {
  index: 1, label: 'decline', state: 'failed', status: 200, timingMs: 12, expectations: judged(200, 'DECLINED'),
  message: 'failed: payload.transaction.result == APPROVED (payload.transaction.result was "DECLINED")',
};
const skipped: RequestOutcome = { index: 2, label: 'refund', state: 'skipped', message: 'not run: "decline" above failed', expectations: [] };

describe('run outcome text', () => {
  it('Send All summary: "n passed", or the request it stopped at and why', () => {
    assert.equal(runSummary([passed, passed, passed, passed]), '4 passed');
    assert.equal(runSummary([passed, declined, skipped]), `1 passed, 1 failed: decline — ${declined.message} (1 not run)`);
    assert.equal(runSummary([passed, { ...skipped, state: 'error', message: 'not sent: {{x}} has no value' }]), '1 passed, 1 error: refund — not sent: {{x}} has no value');
    // A run carries on past a failure: every kind is counted, the first named.
    const error: RequestOutcome = { ...skipped, index: 3, label: 'read', state: 'error', message: 'socket closed' };
    assert.equal(runSummary([declined, passed, error, skipped]), `1 passed, 1 failed, 1 error: decline — ${declined.message} (and 1 more) (1 not run)`);
  });

  it('request line: ✓ status and time, ✗ with how many expectations failed, ○ when not run', () => {
    assert.deepEqual(requestLineText(passed), { verdict: 'passed', text: '✓ 200 41 ms' });
    assert.deepEqual(requestLineText(declined), { verdict: 'failed', text: '✗ 200 12 ms — 1 of 2 expectations failed' });
    assert.deepEqual(requestLineText(skipped), { verdict: 'neutral', text: '○ not run: "decline" above failed' });
  });

  it('request line: an unreadable answer says so, even when expectations on the body failed too', () => {
    const message = 'the answer could not be read: it is an HTML page, not a gateway answer — check with GET /rest/v2/transactions (Search transactions) whether it went through before retrying';
    const unreadable: RequestOutcome = { index: 3, label: 'sale2', state: 'failed', status: 200, timingMs: 5, expectations: judged(200, 'DECLINED'), unreadable: 'it is an HTML page', message };
    assert.deepEqual(requestLineText(unreadable), { verdict: 'failed', text: `✗ 200 5 ms — ${message}` });
  });

  it('expectation line: ✓ passed, or ✗ with the value that came back', () => {
    assert.deepEqual(expectationText(passed.expectations[1]), { verdict: 'passed', text: '✓ passed' });
    const failed = expectationText(declined.expectations[1]);
    assert.equal(failed.verdict, 'failed');
    assert.match(failed.text, /^✗ failed: .* was "DECLINED"\)$/);
  });

  it('log lines name environment, request, expectation, verdict and actual value, redacted', () => {
    assert.equal(expectationLogLine('Local sandbox', declined, declined.expectations[1]),
      '[Local sandbox] decline @expect payload.transaction.result == APPROVED → FAILED (actual "DECLINED")');
    assert.equal(expectationLogLine('Local sandbox', passed, passed.expectations[0]), '[Local sandbox] sale1 @expect status 200 → passed (actual "200")');
    const pan = { ...declined, message: 'failed: card was "4111111111111111"' };
    assert.ok(!outcomeLogLine('Local sandbox', pan).includes('4111111111111111'), outcomeLogLine('Local sandbox', pan));
    assert.ok(!runSummary([pan]).includes('4111111111111111'));
    assert.ok(!outcomeLogLine('x', { ...skipped, message: 'key sk_live_abc123' }, ['sk_live_abc123']).includes('sk_live_abc123'));
  });
});
