// The run engine's send says what became of a request as a value (SendOutcome): a failure keeps
// its message and whether the outcome is unknown; "not sent" is a cancellation that stops the
// run; a send that throws anyway is recorded as that request's error, not the run's crash.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRequestFile } from '../../src/core/requestFile';
import { failedSend, runAll, sendOutcomeOf, type SendOutcome } from '../../src/core/runner';

const environment = { name: 'Staging', gatewayUrl: 'https://gw.example/', boardingUrl: 'https://boarding.example/' };
const file = parseRequestFile([
  '### sale', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '', '{"amount":"1.00"}',
  '### read', 'GET {{gatewayUrl}}/rest/v2/transactions', '',
].join('\n'));

async function runWith(first: () => Promise<SendOutcome>, bail = false) {
  let calls = 0;
  const outcomes = await runAll({ file, environment, namedResponses: new Map(), bail, send: () => (calls++ === 0 ? first() : Promise.resolve({ kind: 'not-sent' })) });
  return { outcomes, calls };
}

describe('the outcome a send returns', () => {
  it('failed, outcome unknown: an error that says to check before sending again; with bail the run stops there', async () => {
    const carriedOn = await runWith(async () => ({ kind: 'failed', message: 'the answer was lost', outcomeUnknown: true }));
    assert.equal(carriedOn.calls, 2, 'without bail, the independent read is still sent');
    const { outcomes, calls } = await runWith(async () => ({ kind: 'failed', message: 'the answer was lost', outcomeUnknown: true }), true);
    assert.equal(calls, 1);
    assert.deepEqual(outcomes.map((o) => [o.state, o.message, o.outcomeUnknown]), [
      ['error', 'the answer was lost', true],
      ['skipped', 'not run: "sale" above error', undefined],
    ]);
  });

  it('not sent: a cancellation, and the rest is not run', async () => {
    const { outcomes } = await runWith(async () => ({ kind: 'not-sent' }));
    assert.equal(outcomes[0].state, 'cancelled');
    assert.match(outcomes[0].message ?? '', /^not sent: stopped before sending/);
    assert.equal(outcomes[1].state, 'skipped');
  });

  it('a send that throws: that request errs with the message; nothing unknown is claimed', async () => {
    const { outcomes } = await runWith(() => Promise.reject(new Error('refused: production')));
    assert.deepEqual([outcomes[0].state, outcomes[0].message, outcomes[0].outcomeUnknown], ['error', 'refused: production', undefined]);
  });

  it('sendOutcomeOf and failedSend keep the client error\'s outcomeUnknown and message', async () => {
    const lost = Object.assign(new Error('socket closed'), { outcomeUnknown: true });
    assert.deepEqual(await sendOutcomeOf(Promise.reject(lost)), { kind: 'failed', message: 'socket closed', outcomeUnknown: true });
    assert.deepEqual(failedSend('plain'), { kind: 'failed', message: 'plain' });
    assert.deepEqual(failedSend(new Error('refused')), { kind: 'failed', message: 'refused' });
  });
});
