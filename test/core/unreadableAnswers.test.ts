// An answer that cannot be read is never a success. A loopback server answers 200
// with an HTML page, binary data, undeclared gzip, a cut-off body, broken JSON or XML, a
// non-HTTP reply or a header flood; the client says so in plain words, and the run engine
// fails a request whose file checks only the status.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { GatewayClient } from '../../src/core/http/client';
import { rejection } from './httpFixture';
import { parseRequestFile } from '../../src/core/requestFile';
import { runAll, type RunEnvironment } from '../../src/core/runner';
import { explainStatus } from '../../src/core/http/statusAdvice';
import { jsonReport } from '../../src/cli/run/jsonReport';
import { junitReport } from '../../src/cli/run/junitReport';
import { runFiles } from '../../src/cli/run/runFiles';
import { textReport } from '../../src/cli/run/textReport';

const SALE_JSON = JSON.stringify({ code: '200', status: 'success', 'exchange-id': 'ID-x-1', payload: { payloadType: 'transaction', transaction: { id: '1', result: 'APPROVED' } } });

/** What the raw TCP server writes for each path: whole HTTP answers, written as given. */
function answerFor(path: string, socket: Socket): void {
  const head = (headers: string[]) => ['HTTP/1.1 200 OK', ...headers, '', ''].join('\r\n');
  const json = Buffer.from(SALE_JSON);
  switch (path) {
    case '/html':
      socket.end(head(['content-type: text/html', 'content-length: 46']) + '<!doctype html><html><body>Login</body></html>');
      return;
    case '/binary': {
      const bytes = Buffer.from([0, 1, 2, 3, 254, 255, 0, 7]);
      socket.end(Buffer.concat([Buffer.from(head(['content-type: application/octet-stream', `content-length: ${bytes.length}`])), bytes]));
      return;
    }
    case '/undeclared-gzip': {
      const zipped = gzipSync(json);
      socket.end(Buffer.concat([Buffer.from(head(['content-type: application/json', `content-length: ${zipped.length}`])), zipped]));
      return;
    }
    case '/declared-gzip': {
      const zipped = gzipSync(json);
      socket.end(Buffer.concat([Buffer.from(head(['content-type: application/json', 'content-encoding: gzip', `content-length: ${zipped.length}`])), zipped]));
      return;
    }
    case '/truncated':
      socket.write(head(['content-type: application/json', `content-length: ${json.length}`]) + SALE_JSON.slice(0, 20));
      setTimeout(() => socket.destroy(), 30);
      return;
    case '/stall':
      socket.write(head(['content-type: application/json', `content-length: ${json.length}`]) + SALE_JSON.slice(0, 10));
      setTimeout(() => socket.destroy(), 5000).unref();
      return;
    case '/bad-json':
      socket.end(head(['content-type: application/json', 'content-length: 13']) + '{"payload": [');
      return;
    case '/bad-xml':
      socket.end(head(['content-type: application/xml', 'content-length: 17']) + '<object><batch></');
      return;
    case '/not-http':
      socket.end('SSH-2.0-OpenSSH_9.6\r\n');
      return;
    case '/header-flood': {
      socket.write('HTTP/1.1 200 OK\r\n');
      const flood = Array.from({ length: 3000 }, (_v, i) => `x-flood-${i}: ${'a'.repeat(100)}\r\n`).join('');
      socket.end(flood + '\r\n', () => undefined);
      socket.on('error', () => undefined);
      return;
    }
    case '/ok':
    default:
      socket.end(head(['content-type: application/json', `content-length: ${json.length}`]) + SALE_JSON);
  }
}

let server: Server;
let base: string;
let client: GatewayClient;
const environment = () => ({ name: 'raw', kind: 'local' as const, gatewayUrl: base, boardingUrl: base });

before(async () => {
  server = createTcpServer((socket) => {
    socket.on('error', () => undefined);
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0 || socket.readableEnded) return;
      const lengthMatch = /content-length:\s*(\d+)/i.exec(head.slice(0, end));
      if (lengthMatch && head.length - end - 4 < Number(lengthMatch[1])) return;
      const target = head.split(' ')[1] ?? '/';
      head = '';
      answerFor(new URL(target, 'http://x').searchParams.get('as') ?? '/ok', socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = new GatewayClient({ environment: environment(), credentials: { apiKey: 'k-unreadable-test' }, retry: { baseDelayMs: 10 } });
});
after(async () => {
  await client.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const sale = (as: string) => client.sendRaw({ method: 'POST', url: `${base}/rest/v2/transactions/sale?as=${as}`, headers: { 'content-type': 'application/json' }, body: '{"amount":"1.00"}' });

describe('client: answers that cannot be read', () => {
  it('reads a good answer, and a declared gzip one, as readable', async () => {
    for (const as of ['/ok', '/declared-gzip']) {
      const result = await sale(as);
      assert.equal(result.unreadable, undefined, as);
      assert.equal(result.payloadType, 'transaction', as);
    }
  });

  const cases: Array<[string, RegExp]> = [
    ['/html', /an HTML page, not a gateway answer/],
    ['/binary', /binary data \(application\/octet-stream\)/],
    ['/undeclared-gzip', /gzip-compressed but does not say so/],
    ['/truncated', /cut off after 20 of \d+ bytes/],
    ['/bad-json', /does not parse: JSON is not valid: .*\(line 1, column \d+\)/],
    ['/bad-xml', /does not parse: XML is not well-formed/],
  ];
  for (const [as, reason] of cases) {
    it(`a 200 with ${as.slice(1)} is unreadable, with the reason`, async () => {
      const result = await sale(as);
      assert.equal(result.status, 200);
      assert.match(result.unreadable ?? '', reason);
      assert.equal(result.attempts, 1);
    });
  }

  it('a cut-off GET is not re-requested with a Range header (no "server does not support the range header")', async () => {
    const result = await client.sendRaw({ method: 'GET', url: `${base}/rest/v2/transactions?as=/truncated` });
    assert.match(result.unreadable ?? '', /cut off/);
    assert.equal(result.attempts, 1);
  });

  it('a body that stalls past the body timeout is unreadable, with how long it waited', async () => {
    const patient = new GatewayClient({ environment: environment(), credentials: { apiKey: 'k-unreadable-test' }, timeouts: { bodyMs: 300 } });
    try {
      const result = await patient.sendRaw({ method: 'GET', url: `${base}/rest/v2/transactions?as=/stall` });
      assert.match(result.unreadable ?? '', /stalled: nothing more arrived for 300 ms after 10 of \d+ bytes \(body timeout\)/);
    } finally {
      await patient.close();
    }
  });

  it('a non-HTTP answer and a header flood are explained in plain words, with what to check for a payment', async () => {
    const notHttp = await rejection(sale('/not-http'));
    assert.match(notHttp.message, /answered with something that is not HTTP/);
    assert.match(notHttp.message, /may have happened already \(it moves money\): check with GET \/rest\/v2\/transactions \(Search transactions\)/);
    assert.doesNotMatch(notHttp.message, /HPE_|Expected HTTP/);
    const flood = await rejection(sale('/header-flood'));
    assert.match(flood.message, /more header data than a gateway ever sends/);
    assert.doesNotMatch(flood.message, /UND_ERR|Overflow/);
  });
});

describe('run engine: an unreadable 200 fails even when only the status is checked', () => {
  const runEnvironment = (): RunEnvironment => ({ name: 'raw', gatewayUrl: base, boardingUrl: base });
  const send = (as: string) => runAll({
    file: parseRequestFile(['### sale', '# @expect status 200', `POST {{gatewayUrl}}/rest/v2/transactions/sale?as=${as}`, 'Content-Type: application/json', '', '{"amount": "1.00"}', ''].join('\n')),
    environment: runEnvironment(),
    namedResponses: new Map(),
    send: (prepared) => client.sendRaw({ method: prepared.method, url: prepared.url.href, headers: prepared.headers, body: prepared.body }),
  });

  for (const as of ['/html', '/binary', '/undeclared-gzip', '/truncated', '/bad-json']) {
    it(`fails a sale answered 200 with ${as.slice(1)}, telling to check whether it went through`, async () => {
      const [outcome] = await send(as);
      assert.equal(outcome?.state, 'failed');
      assert.match(outcome?.message ?? '', /^the answer could not be read: /);
      assert.match(outcome?.message ?? '', /check with GET \/rest\/v2\/transactions \(Search transactions\) whether it went through before retrying/);
    });
  }

  it('passes the same file when the answer is readable', async () => {
    const [outcome] = await send('/ok');
    assert.equal(outcome?.state, 'passed');
  });
});

describe('CLI reports: an unreadable 200 is a failure in every format', () => {
  it('text, json and junit all say the answer could not be read, and why', async () => {
    const report = await runFiles([{ path: 'sale.gwreq', text: ['### sale', '# @expect status 200', 'POST {{gatewayUrl}}/rest/v2/transactions/sale?as=/html', 'Content-Type: application/json', '', '{"amount": "1.00"}', ''].join('\n') }], {
      environment: { name: 'raw', kind: 'sandbox', gatewayUrl: base, boardingUrl: base },
      credentials: { apiKey: 'k-unreadable-report' },
      readOnly: false,
      close: async () => undefined,
    });
    assert.equal(report.passed, false);
    assert.equal(report.totals.failed, 1);
    const json = JSON.parse(jsonReport(report)) as { files: Array<{ requests: Array<{ state: string; unreadable?: string; message?: string }> }> };
    const request = json.files[0].requests[0];
    assert.equal(request.state, 'failed');
    assert.equal((request as { outcomeUnknown?: boolean }).outcomeUnknown, true, 'a sale nobody can read the answer to');
    assert.match(request.unreadable ?? '', /an HTML page/);
    assert.match(request.message ?? '', /^the answer could not be read: .* check with GET \/rest\/v2\/transactions/);
    assert.match(textReport(report, { colour: false }), /✗ 200 .* sale — the answer could not be read: it is an HTML page/);
    assert.match(junitReport(report), /<failure message="the answer could not be read: [^"]*" type="unreadable-answer">/);
  });
});

describe('status advice', () => {
  it('a 5xx on a payment says the outcome is unknown; a 429 over the wait budget says how long', async () => {
    const base500 = { method: 'POST', url: `${base}/rest/v2/transactions/sale`, statusText: '', headers: {}, timingMs: 1, attempts: 1, contentType: '', format: 'json' as const, rawBody: Buffer.alloc(0), operationId: 'transactions.sale' };
    assert.match(explainStatus({ ...base500, status: 500 }) ?? '', /outcome is unknown.*check with GET \/rest\/v2\/transactions/);
    assert.match(explainStatus({ ...base500, status: 502 }) ?? '', /outcome is unknown/);
    assert.doesNotMatch(explainStatus({ ...base500, method: 'GET', operationId: 'transactions.search', url: `${base}/rest/v2/transactions`, status: 500 }) ?? '', /outcome is unknown/);
    const limited = explainStatus({ ...base500, status: 429, retryAfterMs: 90_000, retryWaitBudgetMs: 30_000 }) ?? '';
    assert.match(limited, /asked to wait 90 s, longer than the 30 s the client waits/);
  });
});
