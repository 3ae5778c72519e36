// After a request may have reached the gateway, nothing that changes state is sent
// again. A loopback proxy in front of a real sandbox loses the answer AFTER the sandbox did the
// work; the sandbox's own counters say how many times the work was done.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requireOperation } from '../../src/catalog';
import { GatewayClient } from '../../src/core/http/client';
import { rejection } from './httpFixture';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { junitReport } from '../../src/cli/run/junitReport';
import { runFiles } from '../../src/cli/run/runFiles';
import { startDroppingProxy, type DroppingProxy } from './droppingProxy';

let sb: RunningSandbox;
let proxy: DroppingProxy;
let direct: GatewayClient;
let viaProxy: GatewayClient;

before(async () => {
  sb = await startSandbox({ port: 0, rate: 10_000 });
  proxy = await startDroppingProxy(sb.gatewayUrl);
  const credentials = { apiKey: sb.apiKey, accessKey: sb.accessKey, merchantId: sb.merchantId };
  direct = new GatewayClient({ environment: { name: 'sb', kind: 'local', gatewayUrl: sb.gatewayUrl, boardingUrl: sb.boardingUrl }, credentials });
  viaProxy = new GatewayClient({
    environment: { name: 'proxied', kind: 'local', gatewayUrl: proxy.url, boardingUrl: proxy.url },
    credentials,
    retry: { baseDelayMs: 10 },
  });
});
after(async () => {
  await viaProxy.close();
  await direct.close();
  await proxy.close();
  await sb.close();
});

const count = (id: string): number => sb.control.stats().byOperation[id] ?? 0;

describe('no re-send after the answer was lost', () => {
  it('closes the batch once when the answer to PUT /rest/v1/batches/open is lost, and names the read that tells', async () => {
    const sale = await direct.send({ operation: 'transactions.sale', body: { ...JSON.parse(requireOperation('transactions.sale').sample ?? '{}'), amount: '33.00' } });
    assert.equal(sale.status, 200);
    const closesBefore = count('batches.closeOpen');
    proxy.dropNext((method, path) => method === 'PUT' && path === '/rest/v1/batches/open');
    const err = await rejection(viaProxy.send({ operation: 'batches.closeOpen', body: requireOperation('batches.closeOpen').sample }));
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(count('batches.closeOpen') - closesBefore, 1, 'the batch was closed more than once');
    assert.equal(err.kind, 'connection-lost');
    assert.match(err.message, /NOT sent again/);
    assert.match(err.message, /may have/);
    assert.match(err.message, /GET \/rest\/v1\/batches\/open/);
    assert.equal(err.attempts, 1);
    assert.equal(err.outcomeUnknown, true, 'nothing may offer a one-click retry');
  });

  it('voids an ACH transaction once when the answer to the DELETE is lost, and names the GET that tells', async () => {
    const created = await direct.send({ operation: 'achTransactions.create', body: requireOperation('achTransactions.create').sample });
    assert.equal(created.status, 200);
    const id = (created.parsed as { payload: { 'ach-transaction': { id: string } } }).payload['ach-transaction'].id;
    const voidsBefore = count('achTransactions.void');
    proxy.dropNext((method) => method === 'DELETE');
    const err = await rejection(viaProxy.send({ operation: 'achTransactions.void', params: { id } }));
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(count('achTransactions.void') - voidsBefore, 1, 'the void was sent more than once');
    assert.match(err.message, /NOT sent again/);
    assert.match(err.message, new RegExp(`GET /rest/v2/ach/transactions/${id}`));
    const after = await direct.send({ operation: 'achTransactions.get', params: { id } });
    assert.equal((after.parsed as { payload: { 'ach-transaction': { status: string } } }).payload['ach-transaction'].status, 'Void');
  });

  it('a batch close that times out waiting for its answer is not re-sent, and says which read tells', async () => {
    sb.control.injectFaults([{ fault: 'delay', operation: 'batches.closeOpen', delayMs: 3000 }]);
    const impatient = new GatewayClient({
      environment: { name: 'impatient', kind: 'local', gatewayUrl: sb.gatewayUrl, boardingUrl: sb.boardingUrl },
      credentials: { apiKey: sb.apiKey },
      timeouts: { headersMs: 200 },
      retry: { baseDelayMs: 10 },
    });
    const closesBefore = count('batches.closeOpen');
    const err = await rejection(impatient.send({ operation: 'batches.closeOpen', body: requireOperation('batches.closeOpen').sample }));
    await impatient.close();
    assert.equal(err.kind, 'timeout');
    assert.match(err.message, /headers timeout\). It was NOT sent again, because it may have happened already \(it moves money\): check with GET \/rest\/v1\/batches\/open \(Get open batch\) before retrying/);
    // The sandbox counts a request when it arrives (it then waits 3 s before closing the batch).
    assert.equal(count('batches.closeOpen') - closesBefore, 1, 'the close was sent again');
  });

  it('a refused connection is a known outcome: nothing happened', async () => {
    const closed = new GatewayClient({ environment: { name: 'gone', kind: 'local', gatewayUrl: 'http://127.0.0.1:1', boardingUrl: 'http://127.0.0.1:1' }, credentials: { apiKey: 'k-gone-000' }, retry: { maxRetries: 0 } });
    const err = await rejection(closed.send({ operation: 'batches.closeOpen', body: requireOperation('batches.closeOpen').sample }));
    await closed.close();
    assert.equal(err.kind, 'unreachable');
    assert.equal(err.outcomeUnknown, false);
  });

  it('a request file closing the batch whose answer is lost: error, outcome unknown, in the json and junit reports', async () => {
    proxy.dropNext((method, path) => method === 'PUT' && path === '/rest/v1/batches/open');
    const closesBefore = count('batches.closeOpen');
    const report = await runFiles([{ path: 'close.gwreq', text: ['### close the batch', '# @expect status 200', 'PUT {{gatewayUrl}}/rest/v1/batches/open', 'Content-Type: application/xml', '', '<batch><lastBatchClosedRequiredInResponse>true</lastBatchClosedRequiredInResponse></batch>', ''].join('\n') }], {
      environment: { name: 'proxied', kind: 'sandbox', gatewayUrl: proxy.url, boardingUrl: proxy.url },
      credentials: { apiKey: sb.apiKey },
      readOnly: false,
      close: async () => undefined,
    });
    assert.equal(count('batches.closeOpen') - closesBefore, 1);
    const request = report.files[0].requests[0];
    assert.equal(request.state, 'error');
    assert.equal(request.outcomeUnknown, true);
    assert.match(request.message ?? '', /NOT sent again.*check with GET \/rest\/v1\/batches\/open/);
    assert.match(junitReport(report), /<error message="[^"]*NOT sent again[^"]*" type="outcome-unknown">/);
  });

  it('still re-sends a read after a lost answer', async () => {
    const before = proxy.forwarded.length;
    proxy.dropNext((method, path) => method === 'GET' && path === '/rest/v1/batches/open');
    const result = await viaProxy.send({ operation: 'batches.getOpen' });
    assert.equal(result.status, 200);
    assert.equal(result.attempts, 2);
    assert.equal(proxy.forwarded.length - before, 2);
  });
});

describe('what is still retried', () => {
  it('re-sends a POST whose connection was refused: it never left', async () => {
    const { createServer } = await import('node:net');
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const { json } = await import('./httpFixture');
    const client = new GatewayClient({
      environment: { name: 'late', kind: 'local', gatewayUrl: `http://127.0.0.1:${port}`, boardingUrl: `http://127.0.0.1:${port}` },
      credentials: { apiKey: 'k-refused-test' },
      retry: { baseDelayMs: 400 },
    });
    const { createServer: createHttp } = await import('node:http');
    const http = createHttp((_req, res) => json(res, 200, { payload: { payloadType: 'transaction' } }));
    setTimeout(() => http.listen(port, '127.0.0.1'), 100);
    try {
      const result = await client.send({ operation: 'transactions.sale', body: { amount: '1.00' } });
      assert.equal(result.status, 200);
      assert.ok(result.attempts >= 2, `attempts ${result.attempts}`);
    } finally {
      await client.close();
      http.closeAllConnections();
      await new Promise<void>((r) => http.close(() => r()));
    }
  });

  it('re-sends a PUT after a 429, never before Retry-After', async () => {
    sb.control.injectFaults([{ fault: '429', operation: 'batches.closeOpen', retryAfter: 1 }]);
    const closesBefore = count('batches.closeOpen');
    const started = Date.now();
    const result = await direct.send({ operation: 'batches.closeOpen', body: requireOperation('batches.closeOpen').sample });
    assert.equal(result.status, 200);
    assert.equal(result.attempts, 2);
    assert.ok(Date.now() - started >= 1000, `retried after ${Date.now() - started} ms`);
    assert.equal(count('batches.closeOpen') - closesBefore, 2, 'the 429 and the one close');
  });

  it('does not re-send a PUT after a 503: a proxy may answer it after the gateway did the work', async () => {
    sb.control.injectFaults([{ fault: '503', operation: 'batches.closeOpen' }]);
    const result = await direct.send({ operation: 'batches.closeOpen', body: requireOperation('batches.closeOpen').sample });
    assert.equal(result.status, 503);
    assert.equal(result.attempts, 1);
  });
});
