import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HandlerTable, assertEveryOperationHasHandler } from '../../src/sandbox/http/router';
import { sandboxModules } from '../../src/sandbox/domain/moduleTable';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, sale, startTestSandbox } from './sandboxTestClient';

let sb: RunningSandbox;
before(async () => { sb = await startTestSandbox(); });
after(() => sb.close());

describe('routing', () => {
  it('has exactly one handler for every catalog operation', () => {
    assert.doesNotThrow(() => assertEveryOperationHasHandler(new HandlerTable(sandboxModules)));
  });

  it('reports the operations of a missing module', () => {
    const withoutCards = new HandlerTable(sandboxModules.filter(m => m.name !== 'cards'));
    assert.throws(() => assertEveryOperationHasHandler(withoutCards), /no handler for transactions\.search/);
  });

  it('answers 404 for an unknown path and 405 with Allow for a wrong method', async () => {
    const missing = await call(sb, 'GET', '/rest/v2/nothing-here');
    assert.equal(missing.status, 404);
    assert.match(missing.body.payload.error['error-message'], /No gateway operation/);
    assert.equal(missing.body.payload.error['result-code'], '011', 'a code of the published table (Invalid Request), not the HTTP status');
    const wrong = await call(sb, 'PATCH', '/rest/v2/transactions/sale');
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'POST');
    assert.equal(wrong.body.payload.error['result-code'], '011');
  });
});

describe('auth', () => {
  it('answers 401 with result-code 042 for a missing or wrong api-key', async () => {
    const none = await call(sb, 'GET', '/rest/v2/transactions', { apiKey: null });
    assert.equal(none.status, 401);
    assert.equal(none.body.payload.error['result-code'], '042');
    const wrong = await call(sb, 'GET', '/rest/v1/batches/open', { apiKey: 'not-the-key' });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.object.error['result-code'], '042');
    assert.ok(!wrong.text.includes(sb.apiKey));
  });

  it('lets a minted read-only key GET but answers 403 to anything else', async () => {
    const readKey = sb.control.mintKey('read');
    assert.equal((await call(sb, 'GET', '/rest/v2/transactions', { apiKey: readKey })).status, 200);
    const post = await call(sb, 'POST', '/rest/v2/transactions/sale', { apiKey: readKey, json: { amount: '1.00' } });
    assert.equal(post.status, 403);
    assert.match(post.body.payload.error['error-message'], /read-only/);
    const fullKey = sb.control.mintKey('full');
    assert.equal((await call(sb, 'POST', '/rest/v2/transactions/sale', { apiKey: fullKey, json: { amount: '1.05', card: '4111111111111111', 'exp-date': '1230' } })).status, 200);
  });

  it('mints a key over the HTTP control surface', async () => {
    const res = await fetch(`${sb.gatewayUrl}/__sandbox/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scope: 'read' }) });
    const { apiKey } = await res.json() as { apiKey: string };
    assert.equal((await call(sb, 'PUT', '/rest/v2/settings/terminal/rps', { apiKey, xml: '<rps-settings><enabled>true</enabled></rps-settings>' })).status, 403);
  });

  it('needs AccessKey and MerchantId on /api/ and a matching MerchantId on documents', async () => {
    const path = `/api/documents/v1.0/document/${sb.merchantId}/DocumentTypes`;
    const noKey = await fetch(sb.boardingUrl + path, { headers: { MerchantId: sb.merchantId } });
    assert.equal(noKey.status, 401);
    const body = await noKey.json() as any;
    assert.equal(body.statusCode, 401);
    assert.equal(typeof body.errors[0].resultCode, 'number');
    const ok = await fetch(sb.boardingUrl + path, { headers: { AccessKey: sb.accessKey, MerchantId: sb.merchantId } });
    assert.equal(ok.status, 200);
    const other = await fetch(sb.boardingUrl + path, { headers: { AccessKey: sb.accessKey, MerchantId: '1111222233334444' } });
    assert.equal(other.status, 403);
  });
});

describe('rate limit', () => {
  it('answers 429 with an integer Retry-After once a key exceeds its rate', async () => {
    const limited = await startTestSandbox({ rate: 3 });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 6; i++) {
        const r = await call(limited, 'GET', '/rest/v2/transactions');
        statuses.push(r.status);
        if (r.status === 429) {
          retryAfter = r.headers.get('retry-after');
          assert.equal(r.body.payload.error['result-code'], '429');
        }
      }
      assert.deepEqual(statuses.slice(0, 3), [200, 200, 200]);
      assert.ok(statuses.includes(429));
      assert.match(retryAfter ?? '', /^[1-9]\d*$/);
      // Another key has its own bucket.
      const other = limited.control.mintKey('full');
      assert.equal((await call(limited, 'GET', '/rest/v2/transactions', { apiKey: other })).status, 200);
    } finally {
      await limited.close();
    }
  });

  it('does not limit at the default rate for ordinary use', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await sale(sb, '2.00')).status, 200);
  });
});
