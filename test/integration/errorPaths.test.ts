// The error paths of the interface, through the core client against the Local sandbox:
// 401, 403, 404, 429 (honoured Retry-After), 400 on malformed bodies, and the rule that a
// payment is never sent twice when the connection drops.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayClient } from '../../src/core/http/client';
import { GatewayError } from '../../src/core/http/gatewayErrors';
import type { Credentials, Environment } from '../../src/core/environments/environment';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';

const SALE = { amount: '25.00', card: '4111111111111111', 'exp-date': '1230', csc: '999' };

describe('error paths against the Local sandbox', () => {
  let sandbox: RunningSandbox;
  let environment: Environment;
  const clients: GatewayClient[] = [];
  const clientWith = (credentials: Credentials, extra: Partial<ConstructorParameters<typeof GatewayClient>[0]> = {}) => {
    const c = new GatewayClient({ environment, credentials, ...extra });
    clients.push(c);
    return c;
  };

  before(async () => {
    sandbox = await startSandbox({ port: 0 });
    environment = { name: 'Local sandbox', kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl };
  });
  after(async () => {
    await Promise.all(clients.map(c => c.close()));
    await sandbox.close();
  });

  const full = () => ({ apiKey: sandbox.apiKey, accessKey: sandbox.accessKey, merchantId: sandbox.merchantId });

  it('401 when the api-key is wrong, and when the AccessKey is wrong', async () => {
    const bad = clientWith({ apiKey: 'not-the-key', accessKey: 'not-the-key', merchantId: sandbox.merchantId });
    assert.equal((await bad.send({ operation: 'batches.getOpen' })).status, 401);
    assert.equal((await bad.send({ operation: 'documents.types', params: { merchantNumber: sandbox.merchantId } })).status, 401);
  });

  it('403 when a read-only key writes, and when MerchantId does not match the path', async () => {
    const readOnly = clientWith({ apiKey: sandbox.control.mintKey('read') });
    assert.equal((await readOnly.send({ operation: 'settings.csc.get' })).status, 200);
    assert.equal((await readOnly.send({ operation: 'settings.csc.update', body: '<csc-settings><enabled>true</enabled></csc-settings>' })).status, 403);
    const c = clientWith(full());
    assert.equal((await c.send({ operation: 'documents.types', params: { merchantNumber: '9999999999999999' } })).status, 403);
  });

  it('404 for unknown ids, with a gateway error envelope', async () => {
    const c = clientWith(full());
    const r = await c.send({ operation: 'tokens.get', params: { tokenId: '1000000000000000001' } });
    assert.equal(r.status, 404);
    assert.equal(r.payloadType, 'error');
    assert.equal((await c.send({ operation: 'achTransactions.get', params: { id: '999999' } })).status, 404);
    assert.equal((await c.send({ operation: 'merchants.get', params: { merchantNumber: '1234567890123456' } })).status, 404);
  });

  it('400 with the position of the error for malformed JSON and XML', async () => {
    const c = clientWith(full());
    const json = await c.send({ operation: 'transactions.sale', body: '{"amount": "25.00",, }', bodyFormat: 'json' });
    assert.equal(json.status, 400);
    assert.match(json.bodyText ?? '', /line 1/i);
    const xml = await c.send({ operation: 'settings.rps.update', body: '<rps-settings><enabled>true</rps-settings>' });
    assert.equal(xml.status, 400);
    assert.match(xml.bodyText ?? '', /line/i);
  });

  it('429 Retry-After is honoured: the client waits, retries and succeeds', async () => {
    const c = clientWith(full());
    sandbox.control.injectFaults({ fault: '429', retryAfter: 1, operation: 'transactions.sale' });
    const before = sandbox.control.stats().byOperation['transactions.sale'] ?? 0;
    const t0 = Date.now();
    const r = await c.send({ operation: 'transactions.sale', body: SALE });
    const elapsed = Date.now() - t0;
    assert.equal(r.status, 200);
    assert.equal(r.attempts, 2);
    assert.ok(elapsed >= 950, `waited only ${elapsed} ms for Retry-After: 1`);
    assert.equal((sandbox.control.stats().byOperation['transactions.sale'] ?? 0) - before, 2);
  });

  it('429 from the rate limiter carries Retry-After and is returned once the retry budget is spent', async () => {
    const limited = await startSandbox({ port: 0, rate: 2 });
    const c = new GatewayClient({
      environment: { name: 'limited', kind: 'local', gatewayUrl: limited.gatewayUrl, boardingUrl: limited.boardingUrl },
      credentials: { apiKey: limited.apiKey },
      retry: { maxRetries: 0 },
    });
    try {
      const statuses: number[] = [];
      let retryAfterMs: number | undefined;
      for (let i = 0; i < 6; i++) {
        const r = await c.send({ operation: 'batches.getOpen' });
        statuses.push(r.status);
        if (r.status === 429) retryAfterMs = r.retryAfterMs;
      }
      assert.ok(statuses.includes(429), `statuses ${statuses.join(', ')}`);
      assert.ok(retryAfterMs !== undefined && retryAfterMs >= 1000, `retryAfterMs ${retryAfterMs}`);
    } finally {
      await c.close();
      await limited.close();
    }
  });

  it('a POST is sent exactly once when the connection resets (the sandbox counts it)', async () => {
    const c = clientWith(full());
    sandbox.control.injectFaults({ fault: 'reset', operation: 'transactions.sale' });
    const before = sandbox.control.stats().byOperation['transactions.sale'] ?? 0;
    await assert.rejects(c.send({ operation: 'transactions.sale', body: SALE }), (err: unknown) => {
      assert.ok(err instanceof GatewayError);
      assert.match(err.message, /not (be )?(re)?sent|check|search/i);
      return true;
    });
    assert.equal((sandbox.control.stats().byOperation['transactions.sale'] ?? 0) - before, 1);
  });

  it('a GET is retried after a reset and succeeds', async () => {
    const c = clientWith(full());
    sandbox.control.injectFaults({ fault: 'reset', operation: 'batches.getOpen' });
    const r = await c.send({ operation: 'batches.getOpen' });
    assert.equal(r.status, 200);
    assert.equal(r.attempts, 2);
  });

  it('a delayed answer past the headers timeout fails with a clear timeout error', async () => {
    const c = clientWith(full(), { timeouts: { headersMs: 200 } });
    sandbox.control.injectFaults({ fault: 'delay', delayMs: 1500, operation: 'achProviders.list' });
    await assert.rejects(c.send({ operation: 'achProviders.list' }), (err: unknown) => {
      assert.ok(err instanceof GatewayError);
      assert.equal(err.kind, 'timeout');
      return true;
    });
  });

  it('cancelling aborts the request', async () => {
    const c = clientWith(full());
    sandbox.control.injectFaults({ fault: 'delay', delayMs: 3000, operation: 'achProviders.list' });
    const controller = new AbortController();
    const t0 = Date.now();
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(c.send({ operation: 'achProviders.list', signal: controller.signal }), (err: unknown) => {
      assert.ok(err instanceof GatewayError);
      assert.equal(err.kind, 'aborted');
      return true;
    });
    assert.ok(Date.now() - t0 < 1500);
  });
});
