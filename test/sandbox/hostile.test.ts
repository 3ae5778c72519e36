// The sandbox refuses what is hostile before it changes anything: ids that name Object's own
// properties, a clock pushed out of range, amounts past the maximum, cross-site control calls,
// bodies that cost more to parse than any real request, slow senders, card numbers in text.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { operations } from '../../src/catalog';
import { call, sale, startTestSandbox, VISA } from './sandboxTestClient';
import type { RunningSandbox } from '../../src/sandbox/server';

const ROUTING = '081009813';
const HOSTILE_IDS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

function achTokenBody(extra: Record<string, unknown> = {}) {
  return {
    'routing-number': ROUTING, 'account-number': '1234567890', 'account-type': 'Checking', 'individual-name': 'Jordan Smith',
    'software-type': 'Workbench', 'software-type-version': '1.0', ...extra,
  };
}

/** A raw HTTP exchange, so Host and Origin are exactly what a browser or rebinding page would send. */
function raw(sb: RunningSandbox, method: string, pathname: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: sb.port, method, path: pathname, headers }, res => {
      let text = '';
      res.on('data', (d: Buffer) => { text += d.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };

describe('hostile input', () => {
  it('treats __proto__, constructor, toString… as unknown ids (404) everywhere, and pollutes nothing', async () => {
    const sb = await startTestSandbox();
    try {
      const put = await call(sb, 'PUT', '/rest/v2/ach/tokens/__proto__', { json: { 'customer-key': 'ATTACKER' } });
      assert.equal(put.status, 404, put.text);
      assert.equal(({} as Record<string, unknown>).customerKey, undefined, 'Object.prototype untouched');
      const fresh = await call(sb, 'POST', '/rest/v2/ach/tokens', { json: achTokenBody() });
      assert.equal(fresh.status, 200, fresh.text);
      assert.equal(fresh.body.payload['ach-token']['customer-key'], undefined, 'a new token carries no attacker field');

      const wrong: string[] = [];
      for (const op of operations) {
        const names = [...op.path.matchAll(/\{(\w+)\}/g)].map(m => m[1]);
        if (names.length === 0) continue;
        for (const id of HOSTILE_IDS) {
          const pathname = names.reduce((p, name) => p.replace(`{${name}}`, id), op.path);
          const headers = pathname.startsWith('/api/') ? { AccessKey: sb.accessKey, MerchantId: sb.merchantId } : undefined;
          const body = op.method === 'GET' || op.method === 'DELETE' ? {} : { json: { 'tip-amount': '1.00', amount: '1.00' } };
          const r = await call(sb, op.method, pathname, { headers, ...body });
          if (r.status < 400 || r.status >= 500) wrong.push(`${op.method} ${pathname} → ${r.status}`);
        }
      }
      assert.deepEqual(wrong, [], 'every operation given a hostile id answers 4xx, never 2xx or 5xx');
    } finally {
      await sb.close();
    }
  });

  it('refuses POST /__sandbox/clock/advance {"ms":1e20} (400) without moving the clock, also after a restart', async () => {
    const dataFile = path.join(await mkdtemp(path.join(tmpdir(), 'gw-hostile-')), 'state.json');
    const sb = await startTestSandbox({ dataFile });
    const before = (await (await fetch(`${sb.gatewayUrl}/__sandbox/clock`)).json() as { offsetMs: number }).offsetMs;
    for (const body of [{ ms: 1e20 }, { ms: 8.64e15 }, { to: '+275760-09-13T00:00:00.000Z' }, { ms: -5 }]) {
      const r = await raw(sb, 'POST', '/__sandbox/clock/advance', JSON_TYPE, JSON.stringify(body));
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
    }
    const clock = await (await fetch(`${sb.gatewayUrl}/__sandbox/clock`)).json() as { offsetMs: number; now: string };
    assert.equal(clock.offsetMs, before, 'the clock did not move');
    assert.equal((await sale(sb, '1.00')).status, 200);
    await sb.close();
    const again = await startTestSandbox({ dataFile });
    try {
      assert.equal((await sale(again, '1.00')).status, 200, 'still answers after a restart');
    } finally {
      await again.close();
    }
  });

  it('holds every amount to one maximum (400 044) in integer cents: sale, tip adjust, ACH', async () => {
    const sb = await startTestSandbox();
    try {
      const id = (await sale(sb, '10.00')).body.payload.transaction.id;
      const batchBefore = (await call(sb, 'GET', '/rest/v1/batches/open')).body.object.batch;
      for (const tip of ['99999999999999999999.99', '999999.99']) {
        const r = await call(sb, 'PUT', `/rest/v2/transactions/${id}`, { json: { 'tip-amount': tip } });
        assert.equal(r.status, 400, r.text);
        assert.equal(r.body.payload.error['result-code'], '044', r.text);
      }
      assert.deepEqual((await call(sb, 'GET', '/rest/v1/batches/open')).body.object.batch, batchBefore, 'the batch did not change');
      const ok = await call(sb, 'PUT', `/rest/v2/transactions/${id}`, { json: { 'tip-amount': '0.07' } });
      assert.equal(ok.body.payload.transaction.amount, '10.07');

      const tooBigSale = await sale(sb, '999999.99', { 'tip-amount': '0.01' });
      assert.equal(tooBigSale.status, 200, 'the maximum itself is allowed');
      const ach = await call(sb, 'POST', '/rest/v2/ach/transactions/debit', {
        json: { ...achTokenBody(), 'standard-entry-class-code': 'PPD', amount: '1000000.00' },
      });
      assert.equal(ach.status, 400, ach.text);
      assert.equal(ach.body.payload.error['result-code'], '044', ach.text);
      const achHuge = await call(sb, 'POST', '/rest/v2/ach/transactions/debit', {
        json: { ...achTokenBody(), 'standard-entry-class-code': 'PPD', amount: '123456789012345678901234.00' },
      });
      assert.equal(achHuge.status, 400, achHuge.text);
      assert.equal((await call(sb, 'GET', '/rest/v2/ach/transactions')).body.payload['ach-transactions']?.['ach-transaction']?.length ?? 0, 0, 'nothing stored');
    } finally {
      await sb.close();
    }
  });

  it('answers the control surface only for application/json from a loopback Host and no foreign Origin', async () => {
    const sb = await startTestSandbox();
    try {
      sb.control.injectFaults({ fault: '500', count: 3 });
      const host = `127.0.0.1:${sb.port}`;
      const refused: { name: string; headers: Record<string, string> }[] = [
        { name: 'text/plain from a page', headers: { host, 'content-type': 'text/plain' } },
        { name: 'no content type', headers: { host } },
        { name: 'form post', headers: { host, 'content-type': 'application/x-www-form-urlencoded' } },
        { name: 'DNS rebinding Host', headers: { host: `evil.example:${sb.port}`, ...JSON_TYPE } },
        { name: 'foreign Origin', headers: { host, origin: 'https://evil.example', ...JSON_TYPE } },
        { name: 'null Origin', headers: { host, origin: 'null', ...JSON_TYPE } },
      ];
      for (const { name, headers } of refused) {
        const r = await raw(sb, 'POST', '/__sandbox/reset', headers, '{}');
        assert.ok(r.status === 403 || r.status === 415, `${name}: ${r.status} ${r.text}`);
        const read = await raw(sb, 'GET', '/__sandbox/stats', headers);
        if (name === 'DNS rebinding Host' || name.includes('Origin')) assert.equal(read.status, 403, `${name} GET: ${read.text}`);
      }
      assert.equal(sb.control.stats().faultsLeft, 3, 'nothing was reset');
      for (const h of [host, `localhost:${sb.port}`]) {
        const ok = await raw(sb, 'POST', '/__sandbox/faults', { host: h, origin: `http://${h}`, ...JSON_TYPE }, JSON.stringify({ fault: '500', count: 1 }));
        assert.equal(ok.status, 200, ok.text);
      }
      const reset = await raw(sb, 'POST', '/__sandbox/reset', { host, ...JSON_TYPE });
      assert.equal(reset.status, 200, reset.text);
      assert.equal(sb.control.stats().faultsLeft, 0);
    } finally {
      await sb.close();
    }
  });

  it('refuses an XML body of 100k elements before parsing it, and deep JSON', async () => {
    const sb = await startTestSandbox();
    try {
      const elements = '<a>1</a>'.repeat(100_000);
      const body = `<transaction><amount>1.00</amount>${elements}</transaction>`;
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 8 }, () =>
        call(sb, 'POST', '/rest/v2/transactions/sale', { xml: body })));
      const elapsed = performance.now() - started;
      for (const r of answers) {
        assert.equal(r.status, 400, r.text.slice(0, 200));
        assert.match(r.text, /elements/);
      }
      // Parsing them took 0.5–0.8 s of CPU each (8 in parallel delayed others by 2.5 s).
      console.log(`# 8 × ${(body.length / 1e6).toFixed(1)} MB XML bodies of 100k elements refused in ${elapsed.toFixed(0)} ms`);
      assert.ok(elapsed < 1500, `${elapsed} ms`);
      const deep = `<transaction>${'<a>'.repeat(200)}1${'</a>'.repeat(200)}</transaction>`;
      assert.match((await call(sb, 'POST', '/rest/v2/transactions/sale', { xml: deep })).text, /deeper/);
      const deepJson = `{"amount":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      const dj = await call(sb, 'POST', '/rest/v2/transactions/sale', { raw: { contentType: 'application/json', text: deepJson } });
      assert.equal(dj.status, 400);
      assert.match(dj.text, /deeper/);
      const wideJson = `{"amount":[${Array.from({ length: 100_000 }, () => '1').join(',')}]}`;
      const wj = await call(sb, 'POST', '/rest/v2/transactions/sale', { raw: { contentType: 'application/json', text: wideJson } });
      assert.equal(wj.status, 400);
      assert.match(wj.text, /values/);
      assert.equal((await sale(sb, '1.00')).status, 200, 'an ordinary sale still goes through');
    } finally {
      await sb.close();
    }
  });

  it('closes a connection whose headers never finish (header timeout instead of Node\'s 60 s)', async () => {
    const sb = await startTestSandbox({ timeouts: { headersMs: 400, requestMs: 1000 } });
    try {
      const started = performance.now();
      const closed = await new Promise<string>((resolve, reject) => {
        const socket = connect(sb.port, '127.0.0.1', () => socket.write('POST /rest/v2/transactions/sale HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
        let text = '';
        socket.on('data', d => { text += d.toString(); });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        setTimeout(() => { socket.destroy(); reject(new Error('still open after 5 s')); }, 5000);
      });
      const elapsed = performance.now() - started;
      assert.match(closed, /^HTTP\/1\.1 408/);
      assert.ok(elapsed < 3000, `${elapsed} ms`);
    } finally {
      await sb.close();
    }
  });

  it('masks card numbers typed into free text before storing them (answer, search, data file)', async () => {
    const dataFile = path.join(await mkdtemp(path.join(tmpdir(), 'gw-hostile-')), 'state.json');
    const sb = await startTestSandbox({ dataFile });
    try {
      const r = await sale(sb, '5.00', { description: 'card 4111 1111 1111 1111 thanks', invoice: '5500-0000-0000-0004', 'order-id': 'ORD-12' });
      assert.equal(r.status, 200, r.text);
      const tx = r.body.payload.transaction;
      assert.equal(tx.description, 'card XXXXXXXXXXXX1111 thanks');
      assert.equal(tx.invoice, 'XXXXXXXXXXXX0004');
      assert.equal(tx['order-id'], 'ORD-12', 'other text untouched');
      const token = await call(sb, 'POST', '/rest/v2/tokens', { json: { card: VISA, 'exp-date': '1230', description: 'spare 4012888888881881' } });
      assert.equal(token.status, 200, token.text);
      const ach = await call(sb, 'POST', '/rest/v2/ach/tokens', { json: achTokenBody({ 'customer-key': '6011000990139424', 'token-description': 'acct 378282246310005' }) });
      assert.equal(ach.status, 200, ach.text);
      assert.equal(ach.body.payload['ach-token']['customer-key'], 'XXXXXXXXXXXX9424');
      const saved = await readFile(`${dataFile}.journal`, 'utf8');
      for (const pan of ['4111111111111111', '4111 1111 1111 1111', '5500-0000-0000-0004', '4012888888881881', '6011000990139424', '378282246310005']) {
        assert.ok(!saved.includes(pan), `${pan} is not stored`);
      }
      const search = await call(sb, 'GET', `/rest/v2/transactions?id=${tx.id}`);
      assert.equal(search.body.payload.transactions.transaction[0].description, 'card XXXXXXXXXXXX1111 thanks');
    } finally {
      await sb.close();
    }
  });

  it('masks the card numbers the checks accept in free text too: 12 digits (Maestro), written with dots', async () => {
    const dataFile = path.join(await mkdtemp(path.join(tmpdir(), 'gw-hostile-')), 'state.json');
    const sb = await startTestSandbox({ dataFile });
    try {
      const r = await sale(sb, '5.00', { description: 'maestro 501800000009 or 6011.1111.1111.1117', invoice: '5018-0000-0009' });
      assert.equal(r.status, 200, r.text);
      const tx = r.body.payload.transaction;
      assert.equal(tx.description, 'maestro XXXXXXXX0009 or XXXXXXXXXXXX1117');
      assert.equal(tx.invoice, 'XXXXXXXX0009');
      const saved = await readFile(`${dataFile}.journal`, 'utf8');
      for (const pan of ['501800000009', '6011.1111.1111.1117', '5018-0000-0009']) assert.ok(!saved.includes(pan), `${pan} is not stored`);
    } finally {
      await sb.close();
    }
  });
});
