// The sandbox's request path as it is written for speed (bench/sandboxThroughput.ts): bodies read
// by a callback (whole, however they are split; refused past 1 MB; a client that gives up
// harms no one), answers sent without promises unless they wait, the body-cost check skipped
// where it cannot fail, and JSON envelopes built without spread literals. Each must answer
// exactly as the plain way did.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { renderError, renderAnswer } from '../../src/sandbox/http/envelopes';
import type { Answer } from '../../src/sandbox/domain/domain';
import { call, sale, startTestSandbox, VISA } from './sandboxTestClient';
import type { RunningSandbox } from '../../src/sandbox/server';

/** A POST whose body goes out in `parts`, each written after a pause, chunked (no length). */
function chunkedPost(sb: RunningSandbox, pathname: string, parts: string[]): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1', port: sb.port, method: 'POST', path: pathname,
      headers: { 'api-key': sb.apiKey, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    }, res => {
      let text = '';
      res.on('data', (d: Buffer) => { text += d.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    void (async () => {
      for (const part of parts) {
        req.write(part);
        await sleep(20);
      }
      req.end();
    })();
  });
}

describe('request path', () => {
  it('reads a body sent in several pieces whole', async () => {
    const sb = await startTestSandbox();
    try {
      const body = JSON.stringify({ amount: '12.34', card: VISA, 'exp-date': '1230', 'order-id': 'PIECES-1' });
      const parts = [body.slice(0, 7), body.slice(7, 30), body.slice(30)];
      const got = await chunkedPost(sb, '/rest/v2/transactions/sale', parts);
      assert.equal(got.status, 200, got.text);
      const tx = JSON.parse(got.text).payload.transaction;
      assert.equal(tx.amount, '12.34');
      assert.equal(tx['order-id'], 'PIECES-1');
    } finally {
      await sb.close();
    }
  });

  it('refuses a body that grows past 1 MB without a declared length (413), then serves the next request', async () => {
    const sb = await startTestSandbox();
    try {
      const piece = 'a'.repeat(256 * 1024);
      const got = await chunkedPost(sb, '/rest/v2/transactions/sale', ['{"x":"', piece, piece, piece, piece, piece, '"}']).catch((e: Error) => e);
      // The sandbox answers 413 and closes; a client still writing may instead see the reset.
      if (!(got instanceof Error)) {
        assert.equal(got.status, 413, got.text);
        assert.match(got.text, /larger than 1 MB/);
      }
      const next = await sale(sb, '1.00');
      assert.equal(next.status, 200, next.text);
    } finally {
      await sb.close();
    }
  });

  it('survives a client that gives up halfway through its body', async () => {
    const sb = await startTestSandbox();
    try {
      await new Promise<void>(resolve => {
        const req = httpRequest({
          host: '127.0.0.1', port: sb.port, method: 'POST', path: '/rest/v2/transactions/sale',
          headers: { 'api-key': sb.apiKey, 'content-type': 'application/json', 'content-length': '500' },
        });
        req.on('error', () => resolve());
        req.write('{"amount":"1.00",');
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 50);
      });
      const next = await sale(sb, '2.00');
      assert.equal(next.status, 200, next.text);
      const all = await call(sb, 'GET', '/rest/v2/transactions');
      assert.equal(all.body.page['total-elements'], 1, 'only the second sale was made, not the abandoned one');
    } finally {
      await sb.close();
    }
  });

  it('refuses a short JSON body nested past 32 levels, and only that one', async () => {
    const sb = await startTestSandbox();
    try {
      const nested = (levels: number) => `{"amount":"1.00","card":"${VISA}","exp-date":"1230","x":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
      const deep = await call(sb, 'POST', '/rest/v2/transactions/sale', { raw: { contentType: 'application/json', text: nested(33) } });
      assert.equal(deep.status, 400, deep.text);
      assert.match(deep.text, /deeper than 32/);
      const deepest = await call(sb, 'POST', '/rest/v2/transactions/sale', { raw: { contentType: 'application/json', text: nested(32) } });
      assert.doesNotMatch(deepest.text, /deeper/);
      const brackets = await call(sb, 'POST', '/rest/v2/transactions/sale', { json: { amount: '1.00', card: VISA, 'exp-date': '1230', description: '{['.repeat(40) } });
      assert.equal(brackets.status, 200, `brackets inside strings are text, not nesting: ${brackets.text}`);
    } finally {
      await sb.close();
    }
  });

  it('answers after a delay fault and, with a data file, once the sale is saved', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gw-request-path-'));
    const sb = await startTestSandbox({ dataFile: path.join(dir, 'state.json') });
    try {
      sb.control.injectFaults({ fault: 'delay', delayMs: 150 });
      const t0 = performance.now();
      const delayed = await sale(sb, '3.00');
      assert.equal(delayed.status, 200, delayed.text);
      assert.ok(performance.now() - t0 >= 140, 'the delay was served');
      const declined = await sale(sb, '0.21');
      assert.equal(declined.status, 402, declined.text);
      assert.equal(declined.body.payload.transaction.result, 'DECLINED');
    } finally {
      await sb.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('JSON envelope', () => {
  const id = 'ID-clearent-cgw-1-1-0-1';
  /** The envelope as the interface describes it, stringified whole: what the sandbox must send. */
  function expected(answer: Answer): string {
    const body: Record<string, unknown> = { code: String(answer.status), status: answer.status < 400 ? 'success' : 'fail', 'exchange-id': id, links: answer.links ?? [] };
    if (answer.page) body.page = answer.page;
    body.payload = Object.assign({ payloadType: answer.payloadType ?? 'none' }, answer.payload ?? {});
    return JSON.stringify(body);
  }

  const replies: Array<[string, Answer]> = [
    ['a transaction', { status: 200, payloadType: 'transaction', payload: { transaction: { id: '1', amount: '1.00', note: 'quote " backslash \\ newline \n' } }, links: [{ rel: 'transaction', href: '/rest/v2/transactions?id=1', id: '1' }] }],
    ['a page', { status: 200, payloadType: 'transactions', payload: { transactions: { transaction: [] } }, page: { number: 1, size: 10, 'total-elements': 0, 'total-pages': 0, first: true, last: true } as never }],
    ['an empty payload', { status: 200 }],
    ['a payload that names its own payloadType', { status: 200, payloadType: 'x', payload: { payloadType: 'y', other: 1 } }],
    ['undefined fields', { status: 200, payloadType: 'x', payload: { kept: 'k', dropped: undefined } }],
  ];
  for (const [name, answer] of replies) {
    it(`writes ${name} exactly as JSON.stringify of the whole envelope`, () => {
      const rendered = renderAnswer('gateway-json', id, answer, 'http://127.0.0.1:1');
      assert.equal(rendered.body, expected(answer));
      assert.deepEqual(Object.keys(rendered.headers), ['exchange-id', 'content-type']);
    });
  }

  it('keeps a answer\'s own headers first, and errors in the same envelope', () => {
    const rendered = renderAnswer('gateway-json', id, { status: 200, payloadType: 'x', headers: { 'retry-after': '1' } }, '');
    assert.deepEqual(Object.keys(rendered.headers), ['retry-after', 'exchange-id', 'content-type']);
    const error = renderError('gateway-json', id, { status: 400, resultCode: '041', message: 'bad "amount"' }, new Date(0));
    assert.deepEqual(JSON.parse(error.body as string), {
      code: '400', status: 'fail', 'exchange-id': id, links: [],
      payload: { payloadType: 'error', error: { 'error-message': 'bad "amount"', 'result-code': '041' } },
    });
  });
});
