// Issue 11 item 13, what the client tells a UI, against a real Local sandbox: the gateway's error
// message as it meant it (an XML answer's `&lt;terminal-settings&gt;` is `<terminal-settings>`),
// and each automatic retry's wait as it starts (a 429 with Retry-After: 2 says 2 s, then the
// request goes through).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayClient } from '../../src/core/http/client';
import type { RetryWait } from '../../src/core/http/retryPolicy';
import { explainStatus } from '../../src/core/http/statusAdvice';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';

describe('what the client tells a UI', () => {
  let sandbox: RunningSandbox;
  let client: GatewayClient;
  before(async () => {
    sandbox = await startSandbox({ port: 0 });
    client = new GatewayClient({
      environment: { name: 'Local sandbox', kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
      credentials: { apiKey: sandbox.apiKey, accessKey: sandbox.accessKey, merchantId: sandbox.merchantId },
    });
  });
  after(async () => {
    await client.close();
    await sandbox.close();
  });

  it('quotes an XML error message with its entities decoded', async () => {
    const result = await client.sendRaw({
      method: 'PUT', url: `${sandbox.gatewayUrl}/rest/v2/settings/terminal`,
      headers: { 'Content-Type': 'application/xml' }, body: '<terminal-settings></terminal-settings>',
    });
    assert.equal(result.status, 400);
    assert.match(result.bodyText ?? '', /&lt;terminal-settings&gt;/, 'the answer escapes the element name (the test would prove nothing otherwise)');
    const advice = explainStatus(result) ?? '';
    assert.match(advice, /The gateway says: "Field Validation: send a <terminal-settings> body with the fields to set \(/);
    assert.doesNotMatch(advice, /&lt;|&gt;|&apos;|&amp;/);
  });

  it('quotes a JSON error message as it is', async () => {
    const result = await client.sendRaw({
      method: 'POST', url: `${sandbox.gatewayUrl}/rest/v2/transactions/sale`,
      headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ type: 'SALE', amount: '1.00' }),
    });
    assert.equal(result.status, 400);
    assert.match(explainStatus(result) ?? '', /The gateway says: "Validation error: card is required\."/);
  });

  it('tells each retry wait as it starts: a 429 with Retry-After: 2 is a 2 s wait, then the sale is approved', async () => {
    sandbox.control.injectFaults({ fault: '429', count: 1, operation: 'transactions.sale', retryAfter: 2 });
    const waits: { wait: RetryWait; at: number }[] = [];
    const started = Date.now();
    const result = await client.send({
      operation: 'transactions.sale',
      body: { type: 'SALE', amount: '3.00', card: '4111111111111111', 'exp-date': '1230' },
      onRetryWait: wait => waits.push({ wait, at: Date.now() - started }),
    });
    assert.equal(result.status, 200);
    assert.equal(result.attempts, 2);
    assert.equal(waits.length, 1);
    const [{ wait, at }] = waits;
    assert.equal(wait.status, 429);
    assert.equal(wait.retryAfterMs, 2000);
    assert.ok(wait.delayMs >= 2000 && wait.delayMs <= 3000, `waited ${wait.delayMs} ms`);
    assert.deepEqual([wait.retry, wait.maxRetries], [1, 3]);
    assert.ok(at < wait.delayMs, 'told after the wait instead of before it');
  });
});

describe('retryWaitText', () => {
  it('says what the wait is for, how long and which retry follows', async () => {
    const { retryWaitText } = await import('../../src/core/http/statusAdvice');
    assert.equal(retryWaitText({ status: 429, retryAfterMs: 2000, delayMs: 2600, retry: 1, maxRetries: 3 }), 'waiting 2 s for the rate limit (429), then retry 1 of 3');
    assert.equal(retryWaitText({ status: 429, delayMs: 700, retry: 2, maxRetries: 3 }), 'waiting 1 s for the rate limit (429), then retry 2 of 3');
    assert.equal(retryWaitText({ status: 503, retryAfterMs: 5000, delayMs: 5000, retry: 1, maxRetries: 3 }), 'the gateway is unavailable (503): waiting 5 s, then retry 1 of 3');
    assert.equal(retryWaitText({ code: 'ECONNREFUSED', delayMs: 400, retry: 1, maxRetries: 3 }), 'could not connect (ECONNREFUSED): waiting 1 s, then retry 1 of 3');
  });
});
