// The JavaScript SDK stand-in as the sandbox serves it (issue 33 §3): the script where checkouts
// load the gateway's (GET /js-sdk/js/clearent-host.js, no key), and cross-origin access for the one
// call it makes from a page on another origin (POST /rest/v2/mobilejwt/manual with `public-key`),
// and for nothing else. What the script does in a browser is the e2e checkout phase's
// (test/vscode/e2eCheckout.ts). Real sockets on 127.0.0.1.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, startTestSandbox, VISA } from './sandboxTestClient';

const SCRIPT = '/js-sdk/js/clearent-host.js';
const MANUAL = '/rest/v2/mobilejwt/manual';
const PAGE = 'http://127.0.0.1:8080';
const source = readFileSync(path.join(__dirname, '../../src/sandbox/jsSdk/js-sdk/clearent-host.js'));

let sb: RunningSandbox;
let publicKey: string;
before(async () => {
  sb = await startTestSandbox();
  const hpp = await call(sb, 'GET', '/rest/v2/settings/terminal/hpp', { headers: { accept: 'application/json' } });
  publicKey = hpp.body.payload['hpp-settings']['hpp-public-key'];
});
after(() => sb.close());

const raw = (method: string, p: string, headers: Record<string, string> = {}, body?: string) => fetch(sb.gatewayUrl + p, { method, headers, body });

/** What a browser sends before the script's POST: its origin, the method and the non-safelisted headers. */
const preflight = (p: string, requestHeaders = 'content-type,public-key') =>
  raw('OPTIONS', p, { origin: PAGE, 'access-control-request-method': 'POST', 'access-control-request-headers': requestHeaders });

/** The script's own POST, as a page on another origin makes it. */
const tokenize = (key: string, body: unknown) =>
  call(sb, 'POST', MANUAL, { apiKey: null, headers: { origin: PAGE, accept: 'application/json', 'public-key': key }, json: body });

describe('the JavaScript SDK stand-in script', () => {
  it('GET serves it with no key as application/javascript, the bytes of the source, not cached stale, never sniffed', async () => {
    const requestsBefore = sb.control.stats().requests;
    const res = await raw('GET', SCRIPT);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/javascript; charset=utf-8');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    const body = Buffer.from(await res.arrayBuffer());
    assert.ok(body.equals(source), 'the script served is the source file');
    assert.equal(res.headers.get('content-length'), String(source.length));
    assert.match(body.toString('utf8'), /window\.ClearentSDK = \{/);
    assert.equal(sb.control.stats().requests, requestsBefore, 'loading the script is not a gateway request');
  });

  it('a wrong api-key does not matter (a page sends none); HEAD answers the headers alone', async () => {
    assert.equal((await raw('GET', SCRIPT, { 'api-key': 'not-the-key' })).status, 200);
    const head = await raw('HEAD', SCRIPT);
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), String(source.length));
    assert.equal((await head.arrayBuffer()).byteLength, 0);
  });

  it('other methods are 405 naming GET', async () => {
    const post = await raw('POST', SCRIPT, { 'content-type': 'application/json' }, '{}');
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
    assert.match(await post.text(), /use GET/);
  });

  it('the path is exact: a look-alike is a 404 of the gateway, not the script', async () => {
    for (const p of ['/js-sdk/js/clearent-host.js/', '/js-sdk/js/clearent-host.jsx', '/js-sdk/js/../js/clearent-host.js%00']) {
      const res = await raw('GET', p);
      assert.equal(res.status, 404, p);
      assert.doesNotMatch(res.headers.get('content-type') ?? '', /javascript/, p);
    }
  });
});

describe('cross-origin access for the stand-in\'s one call', () => {
  it('answers the preflight of POST /rest/v2/mobilejwt/manual from any page: POST with content-type and public-key', async () => {
    const requestsBefore = sb.control.stats().requests;
    const res = await preflight(MANUAL);
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('access-control-allow-methods'), 'POST');
    assert.deepEqual(res.headers.get('access-control-allow-headers')?.split(/,\s*/).sort(), ['content-type', 'public-key']);
    assert.equal(res.headers.get('access-control-max-age'), '600');
    assert.equal(res.headers.get('access-control-allow-credentials'), null, 'no cookies or credentials');
    assert.equal(res.headers.get('access-control-allow-private-network'), null, 'public web sites are not let in');
    assert.equal(sb.control.stats().requests, requestsBefore, 'a preflight is not a gateway request');
  });

  it('never allows the api-key header from a page: a preflight asking for it is not granted it', async () => {
    const res = await preflight(MANUAL, 'content-type,public-key,api-key');
    assert.doesNotMatch(res.headers.get('access-control-allow-headers') ?? '', /api-key/);
  });

  it('lets the page read every answer of that call: the token, and the refusals with their message', async () => {
    const ok = await tokenize(publicKey, { card: VISA, 'exp-date': '1230', csc: '999' });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.headers.get('access-control-allow-origin'), '*');
    assert.equal(typeof ok.body.payload['mobile-jwt'].jwt, 'string');
    const wrongKey = await tokenize('"</script><img src=x onerror=alert(1)>', { card: VISA, 'exp-date': '1230' });
    assert.equal(wrongKey.status, 401, wrongKey.text);
    assert.equal(wrongKey.headers.get('access-control-allow-origin'), '*');
    assert.doesNotMatch(wrongKey.text, /<script|onerror/, 'the answer does not echo the key');
    const badCard = await tokenize(publicKey, { card: '4111111111111112', 'exp-date': '1230' });
    assert.equal(badCard.status, 400, badCard.text);
    assert.equal(badCard.headers.get('access-control-allow-origin'), '*');
    assert.match(badCard.body.payload.error['error-message'], /card/);
    // Refused before the handler too (rate limit, injected faults): the page still reads why.
    sb.control.injectFaults([{ fault: '429', operation: 'mobile.manualToken', retryAfter: 2 }, { fault: '503', operation: 'mobile.manualToken' }]);
    for (const status of [429, 503]) {
      const faulted = await tokenize(publicKey, { card: VISA, 'exp-date': '1230' });
      assert.equal(faulted.status, status, faulted.text);
      assert.equal(faulted.headers.get('access-control-allow-origin'), '*', String(status));
    }
  });

  it('gives no other path cross-origin access: a page cannot read what the api-key calls answer', async () => {
    for (const p of ['/rest/v2/mobile/transactions/sale', '/rest/v2/transactions/sale']) {
      const res = await preflight(p);
      assert.equal(res.status, 405, p);
      assert.equal(res.headers.get('access-control-allow-origin'), null, p);
    }
    const hpp = await call(sb, 'GET', '/rest/v2/settings/terminal/hpp', { headers: { origin: PAGE, accept: 'application/json' } });
    assert.equal(hpp.status, 200);
    assert.equal(hpp.headers.get('access-control-allow-origin'), null, 'the HPP settings answer stays unreadable to pages');
    const sale = await call(sb, 'POST', '/rest/v2/transactions/sale', { headers: { origin: PAGE }, json: { amount: '1.00', card: VISA, 'exp-date': '1230' } });
    assert.equal(sale.headers.get('access-control-allow-origin'), null);
  });

  it('leaves the control surface as it was: a page\'s origin is still refused', async () => {
    const res = await raw('GET', '/__sandbox/stats', { origin: PAGE.replace('127.0.0.1', 'example.com') });
    assert.equal(res.status, 403);
    assert.equal(res.headers.get('access-control-allow-origin'), null);
  });
});
