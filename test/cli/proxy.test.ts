// `gateway-workbench proxy`, as a user would run it in front of their own application: spawned,
// its ready line read, requests sent through it over real sockets to an environment (a Local
// sandbox standing in for a real one), the recording file read back — redacted, without the
// application's key, with the request-file checks' findings — and a recorded exchange turned
// into a request file that, once fixed, sends successfully.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { request as httpRequest } from 'undici';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { exchangeRequestText } from '../../src/core/traffic/requestText';
import type { TrafficExchange } from '../../src/core/traffic/exchange';
import type { RunningSandbox } from '../../src/sandbox/server';
import { startTestSandbox, VISA } from '../sandbox/sandboxTestClient';
import { runToEnd } from './processRun';

const ROOT = path.resolve(__dirname, '../..');
const CLI = ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts')];
const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_')));

interface Started { child: ChildProcessWithoutNullStreams; ready: { proxyUrl: string; recording: string }; stderr: string[] }

function startProxy(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [...CLI, 'proxy', ...args], { cwd: ROOT, env: CLEAN_ENV, stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve({ child, ready: JSON.parse(line), stderr }));
    child.once('exit', (code) => reject(new Error(`the proxy exited ${code} before it was ready: ${stderr.join('\n')}`)));
  });
}

function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runToEnd(process.execPath, [...CLI, ...args], { cwd: ROOT, env: { ...CLEAN_ENV, ...env } });
}

function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal as unknown as number));
    child.kill('SIGTERM');
  });
}

async function recorded(file: string): Promise<TrafficExchange[]> {
  return (await readFile(file, 'utf8')).trim().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as TrafficExchange);
}

describe('gateway-workbench proxy', () => {
  let sandbox: RunningSandbox;
  let dir: string;
  let config: string;

  before(async () => {
    sandbox = await startTestSandbox();
    dir = await mkdtemp(path.join(tmpdir(), 'proxy-'));
    config = path.join(dir, 'gateway-workbench.json');
    await writeFile(config, JSON.stringify({
      environments: [
        { name: 'Staging', kind: 'sandbox', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
        { name: 'Live', kind: 'production', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
      ],
    }));
  });

  after(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('forwards unchanged, records redacted without the key, and reports what the checks find', async () => {
    const recording = path.join(dir, 'traffic.jsonl');
    const { child, ready, stderr } = await startProxy(['--env', 'Staging', '--config', config, '--recording', recording]);
    try {
      assert.match(ready.proxyUrl, /^http:\/\/127\.0\.0\.1:\d+$/, 'loopback only');
      assert.equal(ready.recording, recording);
      const sales = sandbox.control.stats().byOperation['transactions.sale'] ?? 0;
      const sale = await fetch(`${ready.proxyUrl}/rest/v2/transactions/sale`, {
        method: 'POST',
        headers: { 'api-key': sandbox.apiKey, 'content-type': 'application/json', 'user-agent': 'shop-app/1.4 (node)' },
        body: JSON.stringify({ type: 'SALE', amount: '25.00', card: VISA, 'exp-date': '1230', csc: '999', invoce: 'INV-9' }),
      });
      assert.equal(sale.status, 200, 'the application gets the gateway\'s answer');
      const answer = await sale.json() as { payload: { transaction: { result: string } } };
      assert.equal(answer.payload.transaction.result, 'APPROVED');
      assert.equal(sandbox.control.stats().byOperation['transactions.sale'], sales + 1);

      const merchant = await fetch(`${ready.proxyUrl}/api/launchIntegratorSetup/v1.0/integrateMerchant/4788000000000009`, {
        method: 'POST',
        headers: { AccessKey: sandbox.accessKey, MerchantId: sandbox.merchantId, 'content-type': 'application/json' },
        body: JSON.stringify({ merchantInformation: { dbaName: 'Proxy Cafe', emailAddress: 'owner@example.com' }, salesProfile: { mccCode: '5814' } }),
      });
      assert.equal(merchant.status, 201, 'boarding paths go to the boarding URL');

      const unauthorised = await fetch(`${ready.proxyUrl}/rest/v2/transactions`, { headers: { 'api-key': 'not-the-key' } });
      assert.equal(unauthorised.status, 401, 'the application\'s own key is what the gateway judges');

      const exchanges = await recorded(recording);
      assert.deepEqual(exchanges.map((e) => [e.method, e.operationId, e.status]), [['POST', 'transactions.sale', 200], ['POST', 'merchants.create', 201], ['GET', 'transactions.search', 401]]);
      const text = await readFile(recording, 'utf8');
      for (const secret of [sandbox.apiKey, sandbox.accessKey, 'not-the-key', VISA]) assert.ok(!text.includes(secret), `the recording holds ${secret === VISA ? 'a full card number' : 'a key'}`);
      assert.ok(!('api-key' in exchanges[0].requestHeaders) && !('accesskey' in exchanges[1].requestHeaders));
      assert.match(exchanges[0].requestBody ?? '', /"card":"[X*•]*1111"|1111/);
      const finding = exchanges[0].findings.find((f) => f.code === 'unknown-field');
      assert.ok(finding, `the misspelt field is found: ${JSON.stringify(exchanges[0].findings)}`);
      assert.match(finding.message, /"invoce".*did you mean "invoice"/);
      // Which of the user's clients sent it, from its User-Agent: a proxy may sit in front of several.
      assert.ok(stderr.some((l) => /POST \/rest\/v2\/transactions\/sale → 200 \(transactions\.sale\) from shop-app\/1\.4 — warning unknown-field/.test(l)), stderr.join('\n'));

      // "Open as request file": the recorded request, its field fixed and the masked card and CSC filled in again, sends successfully.
      const first = exchanges[0];
      const requestFile = exchangeRequestText({ method: first.method, path: first.path, headers: first.requestHeaders, body: first.requestBody, title: 'Recorded sale' })
        .replace('"invoce"', '"invoice"').replace(/"card":"[^"]*"/, `"card":"${VISA}"`).replace('"csc":"***"', '"csc":"999"');
      assert.match(requestFile, /^### Recorded sale\nPOST \{\{gatewayUrl\}\}\/rest\/v2\/transactions\/sale\ncontent-type: application\/json\n(.+\n)*\n\{/);
      assert.ok(!/api-key|host:|content-length/i.test(requestFile), 'no key and no transport headers in the request file');
      const fileName = path.join(dir, 'recorded.gwreq');
      await writeFile(fileName, requestFile);
      const rerun = await runCli(['run', fileName, '--env', 'Staging', '--config', config], { GATEWAY_API_KEY: sandbox.apiKey });
      assert.equal(rerun.code, 0, rerun.stdout + rerun.stderr);
    } finally {
      assert.equal(await stop(child), 0);
    }
  });

  it('records the shared rule set\'s wrong-Content-Type and legacy-form findings', async () => {
    const recording = path.join(dir, 'legacy.jsonl');
    const { child, ready } = await startProxy(['--env', 'Staging', '--config', config, '--recording', recording]);
    try {
      const body = JSON.stringify({ type: 'sale', amount: '3.00', card: VISA, 'exp-date': '1230' });
      const plain = await fetch(`${ready.proxyUrl}/rest/v2/transactions/sale`, { method: 'POST', headers: { 'api-key': sandbox.apiKey, 'content-type': 'text/plain' }, body });
      assert.equal(plain.status, 415, 'the gateway refuses the media type');
      const generic = await fetch(`${ready.proxyUrl}/rest/v2/transactions`, { method: 'POST', headers: { api_key: sandbox.apiKey, 'content-type': 'application/json' }, body });
      assert.equal(generic.status, 200, 'the legacy forms still work');

      const [first, second] = await recorded(recording);
      assert.deepEqual(first!.findings.map((f) => [f.code, f.severity, f.line]), [['content-type-mismatch', 'error', 2]]);
      assert.match(first!.findings[0]!.message, /text\/plain.*415.*application\/json/);
      assert.deepEqual(second!.findings.map((f) => f.code), ['legacy-form', 'legacy-form']);
      assert.match(second!.findings[0]!.message, /generic endpoint.*\/rest\/v2\/transactions\/sale/);
      assert.match(second!.findings[1]!.message, /api_key header/);
      assert.ok(!(await readFile(recording, 'utf8')).includes(sandbox.apiKey), 'the legacy header\'s key is not recorded either');
    } finally {
      assert.equal(await stop(child), 0);
    }
  });

  it('refuses a production environment unless --allow-production', async () => {
    const refused = await runCli(['proxy', '--env', 'Live', '--config', config]);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /"Live" is a production environment: .* add --allow-production/);
    const { child, ready } = await startProxy(['--env', 'Live', '--config', config, '--allow-production', '--recording', path.join(dir, 'live.jsonl')]);
    assert.match(ready.proxyUrl, /^http:\/\/127\.0\.0\.1:/);
    const answer = await fetch(`${ready.proxyUrl}/rest/v2/transactions`, { headers: { 'api-key': sandbox.apiKey } });
    assert.equal(answer.status, 200, 'with --allow-production it forwards');
    assert.equal(await stop(child), 0);
  });

  it('names what is wrong with its arguments', async () => {
    const missing = await runCli(['proxy', '--config', config]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /missing --env NAME/);
    const unknown = await runCli(['proxy', '--env', 'Nope', '--config', config]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown environment "Nope": .* defines "Staging", "Live"/);
  });

  it('refuses to start with a recording it cannot write, before forwarding anything', { timeout: 30_000 }, async () => {
    const missing = path.join(dir, 'no-such-folder', 'traffic.jsonl');
    const refused = await runCli(['proxy', '--env', 'Staging', '--config', config, '--recording', missing]);
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.equal(refused.stdout, '', 'no ready line');
    assert.match(refused.stderr, /cannot record to .*traffic\.jsonl: its folder .*no-such-folder does not exist; create it first or choose another --recording/);
    const folder = await runCli(['proxy', '--env', 'Staging', '--config', config, '--recording', dir]);
    assert.equal(folder.code, 2);
    assert.match(folder.stderr, /cannot record to .*: it is a folder; name a file in it, such as .*traffic\.jsonl/);
  });

  it('hands the application the gateway\'s answer even when the exchange cannot be recorded, and says so', { timeout: 30_000 }, async () => {
    // The folder goes away while the proxy runs: the sale still happened at the gateway, so the
    // application must get its answer, not a 502 that invites it to charge again.
    const folder = await mkdtemp(path.join(tmpdir(), 'proxy-gone-'));
    const recording = path.join(folder, 'traffic.jsonl');
    const { child, ready, stderr } = await startProxy(['--env', 'Staging', '--config', config, '--recording', recording]);
    try {
      await rm(folder, { recursive: true, force: true });
      const sales = sandbox.control.stats().byOperation['transactions.sale'] ?? 0;
      const sale = await fetch(`${ready.proxyUrl}/rest/v2/transactions/sale`, {
        method: 'POST',
        headers: { 'api-key': sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'SALE', amount: '3.00', card: VISA, 'exp-date': '1230' }),
      });
      assert.equal(sale.status, 200, 'the gateway\'s answer, as it gave it');
      assert.equal(((await sale.json()) as { payload: { transaction: { result: string } } }).payload.transaction.result, 'APPROVED');
      assert.equal(sandbox.control.stats().byOperation['transactions.sale'], sales + 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.ok(stderr.some((l) => /POST \/rest\/v2\/transactions\/sale → 200 was answered but NOT recorded: .*traffic\.jsonl/.test(l)), stderr.join('\n'));
      assert.ok(!stderr.join('\n').includes(VISA), 'no card number on stderr');
    } finally {
      await stop(child);
    }
  });

  it('forwards a compressed answer as it came, and records it readable', { timeout: 30_000 }, async () => {
    // A gateway that compresses for a client that accepts it: what the application gets is untouched; the recording is text.
    const answer = JSON.stringify({ code: '200', status: 'success', payload: { payloadType: 'transaction', transaction: { id: '7001', result: 'APPROVED' } } });
    const upstream = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(answer));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const gzipConfig = path.join(dir, 'gzip-config.json');
    await writeFile(gzipConfig, JSON.stringify({ environments: [{ name: 'Compressing', kind: 'sandbox', gatewayUrl: origin, boardingUrl: origin }] }));
    const recording = path.join(dir, 'gzip.jsonl');
    const { child, ready } = await startProxy(['--env', 'Compressing', '--config', gzipConfig, '--recording', recording]);
    try {
      const res = await httpRequest(`${ready.proxyUrl}/rest/v2/transactions?page-size=1`, { headers: { 'api-key': 'k', 'accept-encoding': 'gzip' } });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-encoding'], 'gzip', 'the answer goes on as the gateway gave it');
      assert.equal(gunzipSync(Buffer.from(await res.body.arrayBuffer())).toString('utf8'), answer);
      const [exchange] = await recorded(recording);
      assert.equal(exchange.responseBody, answer, 'the recording holds the answer\'s text, not its compressed bytes');
    } finally {
      await stop(child);
      upstream.close();
    }
  });

  it('says whether a failed exchange may have happened: a sale whose connection dropped may have, a refused connection sent nothing', { timeout: 30_000 }, async () => {
    // A gateway that takes the sale and drops the connection before answering: the charge may have been made.
    const dropping = createHttpServer((req) => { req.resume(); req.once('end', () => req.socket.destroy()); });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
    const closed = createHttpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const refusing = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));   // nothing listens there now
    const failingConfig = path.join(dir, 'failing-config.json');
    await writeFile(failingConfig, JSON.stringify({ environments: [
      { name: 'Dropping', kind: 'sandbox', gatewayUrl: origin, boardingUrl: origin },
      { name: 'Refusing', kind: 'sandbox', gatewayUrl: refusing, boardingUrl: refusing },
    ] }));
    const sale = { method: 'POST', headers: { 'api-key': 'proxy-test-key-0123456789abcdef', 'content-type': 'application/json' }, body: JSON.stringify({ type: 'SALE', amount: '2.00', card: VISA, 'exp-date': '1230' }) };
    const cases = [
      ['Dropping', /may have happened already \(it moves money\): check .* before retrying/],
      ['Refusing', /Nothing was sent, so it is safe to send again/],
    ] as const;
    try {
      for (const [env, said] of cases) {
        const { child, ready, stderr } = await startProxy(['--env', env, '--config', failingConfig, '--recording', path.join(dir, `${env}.jsonl`)]);
        try {
          const res = await fetch(`${ready.proxyUrl}/rest/v2/transactions/sale`, sale);
          assert.equal(res.status, 502);
          const text = await res.text();
          assert.match(text, said, text);
          const [exchange] = await recorded(path.join(dir, `${env}.jsonl`));
          assert.match(exchange.error ?? '', said);
          assert.ok(!text.includes(VISA) && !stderr.join('\n').includes(VISA));
        } finally {
          await stop(child);
        }
      }
    } finally {
      dropping.close();
    }
  });

  it('says the port is taken, and what to do, when --port is in use', async () => {
    // The sandbox's own port: something is certainly listening there.
    const port = new URL(sandbox.gatewayUrl).port;
    const recording = path.join(dir, 'never-made.jsonl');
    const taken = await runCli(['proxy', '--env', 'Staging', '--config', config, '--port', port, '--recording', recording]);
    assert.equal(taken.code, 1);
    assert.equal(taken.stdout, '', 'no ready line');
    assert.match(taken.stderr, new RegExp(`^gateway-workbench proxy: port ${port} on 127\\.0\\.0\\.1 is already in use: .*port 0 picks a free one`));
    assert.doesNotMatch(taken.stderr, /EADDRINUSE/);
    assert.equal(existsSync(recording), false, 'a proxy that never ran leaves no recording behind');
  });

  it('forwards the application\'s key only to the environment\'s own origins: an absolute URL of another origin is refused', { timeout: 30_000 }, async () => {
    const elsewhere: string[] = [];
    const other = createHttpServer((req, res) => {
      elsewhere.push(`${req.method} ${req.url} ${String(req.headers['api-key'])}`);
      res.end('{}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const recording = path.join(dir, 'origins.jsonl');
    const { child, ready } = await startProxy(['--env', 'Staging', '--config', config, '--recording', recording]);
    /** A raw request line, as an application using the proxy as its HTTP proxy sends it (absolute form). */
    const rawGet = (target: string): Promise<string> => new Promise((resolve, reject) => {
      const socket = connect(Number(new URL(ready.proxyUrl).port), '127.0.0.1', () => {
        socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\napi-key: ${sandbox.apiKey}\r\nConnection: close\r\n\r\n`);
      });
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    try {
      const refused = await rawGet(`${otherUrl}/rest/v2/transactions`);
      assert.match(refused, /^HTTP\/1\.1 400 /);
      assert.match(refused, new RegExp(`does not forward to ${otherUrl.replace(/[.]/g, '\\.')}: it sends only to the environment's gateway origin ${sandbox.gatewayUrl.replace(/[.]/g, '\\.')}`));
      assert.deepEqual(elsewhere, [], 'nothing reached the other origin');
      const own = await rawGet(`${sandbox.gatewayUrl}/rest/v2/transactions`);
      assert.match(own, /^HTTP\/1\.1 200 /, 'the environment\'s own origin, written in full, is forwarded');
      const kept = await recorded(recording);
      assert.equal(kept[0]?.status, 400);
      assert.match(kept[0]?.error ?? '', /does not forward to/);
    } finally {
      await stop(child);
      other.close();
    }
  });

  it('forwards a request that asks "Expect: 100-continue" (curl does for a large body) without passing that header on', { timeout: 30_000 }, async () => {
    const recording = path.join(dir, 'expect.jsonl');
    const { child, ready } = await startProxy(['--env', 'Staging', '--config', config, '--recording', recording]);
    const body = JSON.stringify({ type: 'SALE', amount: '3.00', card: VISA, 'exp-date': '1230' });
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(ready.proxyUrl).port), '127.0.0.1', () => {
          socket.write(`POST /rest/v2/transactions/sale HTTP/1.1\r\nHost: x\r\napi-key: ${sandbox.apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
          socket.once('data', () => socket.write(body));   // after the interim 100 Continue, as curl waits for it
        });
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      assert.match(answer, /HTTP\/1\.1 200 /, answer.slice(0, 300));
      assert.match(answer, /"result":"APPROVED"/);
    } finally {
      await stop(child);
    }
  });
});
