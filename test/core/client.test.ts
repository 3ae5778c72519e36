import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requireOperation } from '../../src/catalog';
import { GatewayClient, type GatewayClientOptions } from '../../src/core/http/client';
import { explainStatus } from '../../src/core/http/statusAdvice';
import type { RetryWait } from '../../src/core/http/retryPolicy';
import { describeResult } from '../../src/core/answers/result';
import { json, operation, rejection, startServer, type Fixture, type Handler } from './httpFixture';

const CREDS = { apiKey: 'test-api-key-123', accessKey: 'test-access-key-456', merchantId: '8582949932024942' };

async function withServer(handler: Handler, run: (f: Fixture, client: (o?: Partial<GatewayClientOptions>) => GatewayClient) => Promise<void>): Promise<void> {
  const fixture = await startServer(handler);
  const clients: GatewayClient[] = [];
  try {
    await run(fixture, (o = {}) => {
      const c = new GatewayClient({ environment: fixture.environment, credentials: CREDS, ...o });
      clients.push(c);
      return c;
    });
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await fixture.close();
  }
}

const ok: Handler = (_req, res) => json(res, 200, { code: '200', status: 'success', 'exchange-id': 'ID-test-1', payload: { payloadType: 'transaction' } });

describe('client: auth and content negotiation', () => {
  let fixture: Fixture;
  let client: GatewayClient;
  before(async () => {
    fixture = await startServer((req, res) => {
      if (req.url?.includes('/settings/')) {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end('<object><payloadType>csc-settings</payloadType><exchange-id>ID-xml-1</exchange-id><csc-settings><enabled>true</enabled></csc-settings></object>');
        return;
      }
      ok(req, res, fixture.received[fixture.received.length - 1], 0);
    });
    client = new GatewayClient({ environment: fixture.environment, credentials: CREDS });
  });
  after(async () => {
    await client.close();
    await fixture.close();
  });

  it('sends api-key on /rest/ and AccessKey + MerchantId on /api/', async () => {
    await client.send({ operation: 'tokens.get', params: { tokenId: '1100005607145041111' } });
    await client.send({ operation: 'documents.types', params: { merchantNumber: CREDS.merchantId } });
    const [rest, api] = fixture.received.slice(-2);
    assert.equal(rest.url, '/rest/v2/tokens/1100005607145041111');
    assert.equal(rest.headers['api-key'], CREDS.apiKey);
    assert.equal(rest.headers.accesskey, undefined);
    assert.equal(api.headers.accesskey, CREDS.accessKey);
    assert.equal(api.headers.merchantid, CREDS.merchantId);
    assert.equal(api.headers['api-key'], undefined);
    assert.equal(api.headers.accept, 'application/json');
  });

  it('uses XML for settings, JSON by default for cards, XML when the card body is XML, PDF for downloads', async () => {
    const settings = await client.send({ operation: 'settings.csc.get' });
    assert.equal(fixture.received.at(-1)?.headers.accept, 'application/xml');
    assert.equal(settings.format, 'xml');
    assert.equal(settings.payloadType, 'csc-settings');
    assert.equal(settings.exchangeId, 'ID-xml-1');

    await client.send({ operation: 'transactions.sale', body: { type: 'SALE', amount: '25.00' } });
    let last = fixture.received.at(-1);
    assert.equal(last?.headers['content-type'], 'application/json');
    assert.equal(last?.headers.accept, 'application/json');
    assert.deepEqual(JSON.parse(last?.body ?? ''), { type: 'SALE', amount: '25.00' });

    await client.send({ operation: 'transactions.sale', body: { type: 'SALE', amount: '25.00' }, bodyFormat: 'xml' });
    last = fixture.received.at(-1);
    assert.equal(last?.headers['content-type'], 'application/xml');
    assert.equal(last?.headers.accept, 'application/xml');
    assert.match(last?.body ?? '', /^<transaction>\s*<type>SALE<\/type>/);

    await client.send({ operation: 'documents.get', params: { merchantNumber: '1', documentId: 'a b' } });
    last = fixture.received.at(-1);
    assert.equal(last?.url, '/api/documents/v1.0/document/1/a%20b');
    assert.equal(last?.headers.accept, 'application/pdf, application/json');
  });

  it('refuses a missing path parameter by name, before sending', async () => {
    const before = fixture.received.length;
    const err = await rejection(client.send({ operation: 'tokens.get' }));
    assert.equal(err.kind, 'bad-input');
    assert.match(err.message, /"tokenId" is missing/);
    assert.equal(fixture.received.length, before);
  });

  it('extracts exchange-id and payloadType and describes the result', async () => {
    const result = await client.send({ operation: 'transactions.search', query: { page: 1 } });
    assert.equal(fixture.received.at(-1)?.url, '/rest/v2/transactions?page=1');
    assert.equal(result.status, 200);
    assert.equal(result.exchangeId, 'ID-test-1');
    assert.equal(result.payloadType, 'transaction');
    assert.equal(result.operationId, 'transactions.search');
    assert.match(describeResult(result), /^200 OK · transaction · \d+ ms · exchange-id ID-test-1$/);
    assert.equal(explainStatus(result), undefined);
  });
});

describe('client: origin binding', () => {
  it('refuses a foreign origin whatever the request says, and sends nothing', async () => {
    await withServer(ok, async (fixture, client) => {
      const foreign = await startServer(ok);
      try {
        const c = client();
        const err = await rejection(c.sendRaw({ method: 'GET', url: `${foreign.url}/rest/v2/tokens`, headers: { 'api-key': CREDS.apiKey } }));
        assert.equal(err.kind, 'origin-refused');
        assert.match(err.message, /Refusing to send to http:\/\/127\.0\.0\.1:\d+/);
        assert.ok(!err.message.includes(CREDS.apiKey));
        assert.equal(foreign.received.length, 0);
        const boarding = { ...fixture.environment, boardingUrl: foreign.url };
        const split = new GatewayClient({ environment: boarding, credentials: CREDS });
        const wrongFamily = await rejection(split.sendRaw({ method: 'GET', url: `${fixture.url}/api/documents/v1.0/document/1/DocumentTypes` }));
        assert.equal(wrongFamily.kind, 'origin-refused');
        await split.close();
        const good = await c.sendRaw({ method: 'get', url: `${fixture.url}/rest/v2/tokens`, headers: { 'api-key': 'file-key', 'X-Note': 'a' } });
        assert.equal(good.status, 200);
        assert.equal(fixture.received[0].headers['api-key'], CREDS.apiKey, 'the environment key replaces a key written in the file');
        assert.equal(fixture.received[0].headers['x-note'], 'a');
        assert.equal(good.operationId, 'tokens.search');
      } finally {
        await foreign.close();
      }
    });
  });
});

describe('client: retries after 429 and 503', () => {
  it('honours Retry-After in seconds', async () => {
    await withServer((_q, res, _r, i) => (i === 0 ? json(res, 429, {}, { 'retry-after': '1' }) : ok(_q, res, _r, i)), async (fixture, client) => {
      const started = Date.now();
      const result = await client().send({ operation: 'transactions.sale', body: { amount: '1.00' } });
      const elapsed = Date.now() - started;
      assert.equal(result.status, 200);
      assert.equal(result.attempts, 2);
      assert.ok(elapsed >= 950, `waited only ${elapsed} ms`);
      assert.equal(fixture.received.length, 2);
      assert.equal(fixture.received[1].body, fixture.received[0].body, 'the POST body is sent again after a 429');
    });
  });

  it('honours Retry-After as an HTTP-date', async () => {
    await withServer(
      (_q, res, _r, i) => (i === 0 ? json(res, 429, {}, { 'retry-after': new Date(Date.now() + 2000).toUTCString() }) : ok(_q, res, _r, i)),
      async (_fixture, client) => {
        const started = Date.now();
        const result = await client().send({ operation: 'tokens.search' });
        const elapsed = Date.now() - started;
        assert.equal(result.status, 200);
        // An HTTP-date has whole seconds (1–2 s from now), and up to 1 s of jitter comes on top.
        assert.ok(elapsed >= 950 && elapsed < 3400, `waited ${elapsed} ms`);
      },
    );
  });

  it('backs off exponentially when Retry-After is absent, and bounds the attempts', async () => {
    await withServer((_q, res, _r, i) => (i < 2 ? json(res, 429, {}) : ok(_q, res, _r, i)), async (_f, client) => {
      const started = Date.now();
      const result = await client({ retry: { baseDelayMs: 100 } }).send({ operation: 'tokens.search' });
      assert.equal(result.status, 200);
      assert.equal(result.attempts, 3);
      assert.ok(Date.now() - started >= 150, 'waits 50-100 ms then 100-200 ms');
    });
    await withServer((_q, res) => json(res, 429, {}), async (fixture, client) => {
      const result = await client({ retry: { baseDelayMs: 10, maxRetries: 2 } }).send({ operation: 'tokens.search' });
      assert.equal(result.status, 429);
      assert.equal(result.attempts, 3);
      assert.equal(fixture.received.length, 3);
    });
  });

  it('returns the 429 with retryAfterMs when Retry-After exceeds the total wait left', async () => {
    await withServer((_q, res) => json(res, 429, { payload: { payloadType: 'error' } }, { 'retry-after': '60' }), async (fixture, client) => {
      const started = Date.now();
      const result = await client().send({ operation: 'transactions.sale', body: {} });
      assert.ok(Date.now() - started < 1000);
      assert.equal(result.status, 429);
      assert.equal(result.retryAfterMs, 60_000);
      assert.equal(result.attempts, 1);
      assert.equal(result.payloadType, 'error');
      assert.equal(fixture.received.length, 1);
      assert.equal(result.retryWaitBudgetMs, 30_000);
      assert.match(explainStatus(result) ?? '', /^429: rate limited — the gateway asked to wait 60 s, longer than the 30 s the client waits in all, so it was not retried/);
    });
  });

  it('tells every wait in order, the first attempt\'s and the later ones alike, and stops at the policy\'s bound', async () => {
    // The first attempt goes straight to the pool and later ones through undici's retry handler:
    // the waits must read as one sequence whichever path made them.
    await withServer((_q, res) => json(res, 429, {}, { 'retry-after': '0' }), async (fixture, client) => {
      const waits: RetryWait[] = [];
      const result = await client({ retry: { maxRetries: 3, retryAfterJitterMs: 0 } }).send({ operation: 'transactions.sale', body: {}, onRetryWait: (wait) => waits.push(wait) });
      assert.equal(result.status, 429, 'the last answer is returned when the retries are spent');
      assert.equal(result.attempts, 4);
      assert.equal(fixture.received.length, 4);
      assert.deepEqual(waits.map((wait) => [wait.status, wait.retry, wait.maxRetries, wait.delayMs]), [[429, 1, 3, 0], [429, 2, 3, 0], [429, 3, 3, 0]]);
    });
  });

  it('retries 503 for a GET but never for a POST', async () => {
    await withServer((_q, res, _r, i) => (i === 0 ? json(res, 503, {}) : ok(_q, res, _r, i)), async (fixture, client) => {
      const c = client({ retry: { baseDelayMs: 10 } });
      assert.equal((await c.send({ operation: 'tokens.search' })).status, 200);
      assert.equal(fixture.received.length, 2);
    });
    await withServer((_q, res) => json(res, 503, {}), async (fixture, client) => {
      const result = await client({ retry: { baseDelayMs: 10 } }).send({ operation: 'transactions.sale', body: {} });
      assert.equal(result.status, 503);
      assert.equal(fixture.received.length, 1);
    });
  });

  it('rejects fast when aborted during a Retry-After wait', async () => {
    await withServer((_q, res) => json(res, 429, {}, { 'retry-after': '5' }), async (_f, client) => {
      const controller = new AbortController();
      const pending = client().send({ operation: 'tokens.search', signal: controller.signal });
      await new Promise((r) => setTimeout(r, 150));
      const abortedAt = Date.now();
      controller.abort();
      const err = await rejection(pending);
      assert.ok(Date.now() - abortedAt < 300, `took ${Date.now() - abortedAt} ms to reject`);
      assert.equal(err.kind, 'aborted');
      assert.match(err.message, /cancelled/);
    });
  });
});

describe('client: network failures', () => {
  it('sends a POST exactly once when the connection is destroyed, and says so', async () => {
    await withServer((req) => req.socket.destroy(), async (fixture, client) => {
      const err = await rejection(client({ retry: { baseDelayMs: 10 } }).send({ operation: 'transactions.sale', body: { amount: '25.00' } }));
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(fixture.received.length, 1);
      assert.equal(err.kind, 'connection-lost');
      assert.match(err.message, /NOT sent again/);
    });
  });

  it('retries a GET after a connection reset and succeeds', async () => {
    await withServer((req, res, r, i) => (i === 0 ? req.socket.destroy() : ok(req, res, r, i)), async (fixture, client) => {
      const result = await client({ retry: { baseDelayMs: 10 } }).send({ operation: 'tokens.search' });
      assert.equal(result.status, 200);
      assert.equal(result.attempts, 2);
      assert.equal(fixture.received.length, 2);
    });
  });

  it('names the headers timeout and its length', async () => {
    await withServer(() => undefined, async (fixture, client) => {
      const err = await rejection(client({ timeouts: { headersMs: 200 } }).send({ operation: 'tokens.search' }));
      assert.equal(err.kind, 'timeout');
      assert.match(err.message, /within 200 ms \(headers timeout\)/);
      assert.equal(fixture.received.length, 1, 'a timeout is not retried');
    });
  });

  it('refuses a body over the limit, declared or streamed', async () => {
    const big = 'x'.repeat(5000);
    await withServer((_q, res, r) => {
      if (r.url.includes('chunked')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        for (let i = 0; i < 5; i++) res.write(big);
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': big.length });
        res.end(big);
      }
    }, async (fixture, client) => {
      const c = client({ maxBodyBytes: 1000 });
      const declared = await rejection(c.sendRaw({ method: 'GET', url: `${fixture.url}/rest/v2/tokens` }));
      assert.equal(declared.kind, 'body-too-large');
      assert.match(declared.message, /larger than 1000 bytes/);
      const streamed = await rejection(c.sendRaw({ method: 'GET', url: `${fixture.url}/rest/v2/tokens?chunked=1` }));
      assert.equal(streamed.kind, 'body-too-large');
    });
  });

  it('keeps a body above the parse limit raw and builds no tree; the answer still counts as readable', async () => {
    const items = Array.from({ length: 100 }, (_v, i) => ({ id: String(i), amount: '1.00' }));
    await withServer((_q, res) => json(res, 200, { 'exchange-id': 'ID-big', payload: { payloadType: 'transactions', transactions: items } }), async (_f, client) => {
      const result = await client({ maxParsedBodyBytes: 1000 }).send({ operation: 'transactions.search' });
      assert.ok(result.rawBody.length > 1000);
      assert.equal(result.parsed, undefined);
      assert.match(result.notParsed ?? '', /larger than 1000 bytes, so it was kept as received and not parsed/);
      assert.equal(result.unreadable, undefined);
      assert.equal(result.bodyText, result.rawBody.toString('utf8'));
      assert.equal(result.exchangeId, undefined, 'no tree, so nothing read from the body');
    });
  });

  it('explains a refused connection', async () => {
    const fixture = await startServer(ok);
    await fixture.close();
    const client = new GatewayClient({ environment: fixture.environment, credentials: CREDS });
    const err = await rejection(client.send({ operation: 'tokens.search' }));
    await client.close();
    assert.equal(err.kind, 'unreachable');
    assert.match(err.message, new RegExp(`Cannot connect to 127\\.0\\.0\\.1:${fixture.port} \\(connection refused, 4 attempts\\): is the gateway`));
    assert.match(err.message, /Nothing was sent, so it is safe to send again\./);
    assert.equal(err.outcomeUnknown, false);
  });
});

describe('client: results and logging', () => {
  it('logs one redacted line per exchange and explains error statuses', async () => {
    await withServer((_q, res, r) => json(res, r.url.includes('tokens') ? 401 : 200, { 'exchange-id': 'ID-log-1' }), async (fixture, client) => {
      const lines: string[] = [];
      const c = client({ log: (line) => lines.push(line) });
      const unauthorized = await c.send({ operation: 'tokens.search', query: { 'api-key': 'a-key-from-elsewhere' } });
      assert.match(explainStatus(unauthorized) ?? '', /^401: the api-key was refused — set the environment's keys/);
      await c.send({ operation: operation({ id: 'custom.get', method: 'GET', path: '/rest/v2/custom' }) });
      assert.equal(lines.length, 2);
      assert.match(lines[0], /^tokens\.search GET \/rest\/v2\/tokens\?api-key=\[REDACTED\] 401 \d+ms exchange-id=ID-log-1 attempts=1$/);
      assert.match(lines[1], /^custom\.get GET \/rest\/v2\/custom 200 \d+ms exchange-id=ID-log-1 attempts=1$/);
      assert.equal(fixture.received.length, 2);
    });
  });

  it('hides a request\'s own secrets (a token typed unseen) in its line and its errors, and only in that request\'s', async () => {
    const typed = 'typed-token-7f3a9c';
    await withServer((_q, res) => json(res, 200, { 'exchange-id': 'ID-log-2' }), async (fixture, client) => {
      const lines: string[] = [];
      const c = client({ log: (line) => lines.push(line) });
      const url = `${fixture.environment.gatewayUrl}/rest/v2/custom?session=${typed}`;
      await c.sendRaw({ method: 'GET', url, secrets: [typed] });
      await assert.rejects(c.sendRaw({ method: 'GET', url: `/relative?session=${typed}`, secrets: [typed] }), (e: Error) => {
        assert.ok(!e.message.includes(typed), e.message);
        assert.match(e.message, /\[REDACTED\]/);
        return true;
      });
      await c.sendRaw({ method: 'GET', url: `${fixture.environment.gatewayUrl}/rest/v2/custom?session=shown-to-all` });
      assert.equal(lines.length, 2);
      assert.match(lines[0], /^GET \/rest\/v2\/custom\?session=\[REDACTED\] 200 /);
      assert.match(lines[1], /session=shown-to-all 200 /, 'a value nobody marked secret is shown');
      assert.equal(fixture.received[0].url, `/rest/v2/custom?session=${typed}`, 'what is sent is the value itself');
    });
  });
});

describe('client: operations by id', () => {
  it('reports an unknown operation id as bad input', async () => {
    await withServer(ok, async (_f, client) => {
      const err = await rejection(client().send({ operation: 'transactions.nope' }));
      assert.equal(err.kind, 'bad-input');
      assert.ok(requireOperation('transactions.sale'));
    });
  });
});
