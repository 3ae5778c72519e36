// The Local sandbox tells its host of every exchange it serves, whoever the client is (the
// Traffic view's source): method, path, both bodies, status and time; a dropped connection has
// no status; the control surface is not traffic; a failing observer changes nothing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningSandbox } from '../../src/sandbox/server';
import type { SandboxExchange } from '../../src/sandbox/http/exchangeTap';
import { call, sale, startTestSandbox } from './sandboxTestClient';

describe('the sandbox\'s exchange tap', () => {
  let sandbox: RunningSandbox;
  const seen: SandboxExchange[] = [];
  let throwing = false;

  before(async () => {
    sandbox = await startTestSandbox({
      onExchange: (exchange) => {
        seen.push(exchange);
        if (throwing) throw new Error('observer failure');
      },
    });
  });

  after(() => sandbox.close());

  it('reports a sale with both bodies, its status and its time', async () => {
    seen.length = 0;
    const answer = await sale(sandbox, '12.00', { invoice: 'TAP-1' });
    assert.equal(answer.status, 200);
    await new Promise((r) => setImmediate(r));
    assert.equal(seen.length, 1);
    const [exchange] = seen;
    assert.equal(exchange?.method, 'POST');
    assert.equal(exchange?.path, '/rest/v2/transactions/sale');
    assert.equal(exchange?.status, 200);
    assert.match(exchange?.requestBody?.toString() ?? '', /"invoice":"TAP-1"/);
    assert.equal(exchange?.responseBody?.toString(), answer.text);
    assert.equal(exchange?.requestHeaders['api-key'], sandbox.apiKey, 'raw: the observer must redact');
    assert.ok((exchange?.timeMs ?? -1) >= 0);
  });

  it('a dropped connection is reported without a status; control requests are not traffic', async () => {
    seen.length = 0;
    sandbox.control.injectFaults({ fault: 'reset', operation: 'transactions.search' });
    await assert.rejects(call(sandbox, 'GET', '/rest/v2/transactions'));
    const reset = await fetch(`${sandbox.gatewayUrl}/__sandbox/stats`);
    assert.equal(reset.status, 200);
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(seen.map((e) => [e.path, e.status]), [['/rest/v2/transactions', undefined]]);
  });

  it('an observer that throws does not change the answer', async () => {
    throwing = true;
    try {
      const answer = await sale(sandbox, '13.00');
      assert.equal(answer.status, 200);
    } finally {
      throwing = false;
    }
  });
});
