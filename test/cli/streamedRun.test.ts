// A headless run reads its request file as a stream (src/cli/run/runFiles.ts): a first read
// keeps the file's outline, a second parses each request when its turn comes. Real files on
// disk, a real Local sandbox: thousands of requests with a named one referenced far below it,
// a reference to a request further down (sent first, as before), a syntax error in the middle
// (nothing sent, the right line), and a file variable defined at the very end.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { runFiles } from '../../src/cli/run/runFiles';
import type { RequestReport } from '../../src/cli/run/runReport';
import type { RunTarget } from '../../src/cli/run/runTarget';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';

function sale(name: string, invoice: number): string {
  return `### ${name}\n# @name ${name}\n# @expect status 200\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{"type": "SALE", "amount": "1.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "INV-${invoice}"}\n`;
}

function voidOf(title: string, id: string): string {
  return `### ${title}\n# @expect status 200\n# @expect payload.transaction.result == APPROVED\nPOST {{gatewayUrl}}/rest/v2/transactions/void\nContent-Type: application/json\n\n{"type": "VOID", "id": "${id}"}\n`;
}

/** A GET that reads only: cheap on the sandbox, so thousands of them run in a test. */
function read(title: string): string {
  return `### ${title}\n# @expect status 200\nGET {{gatewayUrl}}/rest/v2/tokens?limit=1\n`;
}

describe('a request file streamed from disk', () => {
  let sandbox: RunningSandbox;
  let target: RunTarget;
  let dir: string;
  before(async () => {
    sandbox = await startSandbox({ port: 0, rate: 1_000_000 });
    target = {
      environment: { name: 'Local sandbox', kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
      credentials: { apiKey: sandbox.apiKey },
      readOnly: false,
      close: async () => undefined,
    };
    dir = mkdtempSync(path.join(tmpdir(), 'gw-streamed-run-'));
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => sandbox.control.reset());

  /** Runs `text` as file `name`, telling each request's report as `tell` writes it, in the order they ran. */
  async function runTelling<T>(name: string, text: string, tell: (request: RequestReport) => T, bail = false) {
    const told: T[] = [];
    const report = await runFiles([{ path: file(name, text) }], target, {
      bail,
      progress: { fileStarted: () => undefined, requestDone: (r) => told.push(tell(r)), fileDone: () => undefined },
    });
    return { result: report.files[0], told };
  }

  function file(name: string, text: string): string {
    const at = path.join(dir, name);
    writeFileSync(at, text);
    return at;
  }

  it('runs thousands of requests; a named one resolves far below it, a variable defined at the end applies above it', async () => {
    const reads = Array.from({ length: 3000 }, (_v, i) => read(`read ${i}`));
    const text = [sale('first', 1), ...reads, voidOf('void the first', '{{firstId}}'), '###', '@firstId = {{first.payload.transaction.id}}', ''].join('\n');
    const at = file('long.gwreq', text);
    const report = await runFiles([{ path: at }], target);
    const [result] = report.files;
    assert.equal(result.state, 'passed', JSON.stringify(result.requests.find((r) => r.state !== 'passed')));
    assert.equal(result.requests.length, 3002);
    assert.deepEqual(result.requests.map((r) => r.index), Array.from({ length: 3002 }, (_v, i) => i), 'in file order');
    const last = result.requests[3001];
    assert.equal(last.label, 'void the first');
    assert.equal(last.line, text.split('\n').findIndex((l) => l.startsWith('POST {{gatewayUrl}}/rest/v2/transactions/void')) + 1);
    assert.equal(sandbox.control.stats().byOperation['transactions.void'], 1);
  });

  it('reads the file in chunks without cutting a character: titles of two-, three- and four-byte characters across every chunk boundary come out whole', async () => {
    // 8 KB chunks (runFiles.ts): 600 requests of ~250 bytes, most of them in the titles' multi-byte
    // characters, put about twenty chunk boundaries inside characters, at varying offsets.
    const titles = Array.from({ length: 600 }, (_v, i) => `lecture ${i} ${'ü€😀'.repeat(18)}${'é'.repeat(i % 4)}`);
    const at = file('multibyte.gwreq', titles.map((title) => read(title)).join('\n'));
    const report = await runFiles([{ path: at }], target);
    const [result] = report.files;
    assert.equal(result.state, 'passed', JSON.stringify(result.requests.find((r) => r.state !== 'passed')));
    assert.deepEqual(result.requests.map((r) => r.label), titles);
  });

  it('a request that names one further down sends that one first, and the report keeps file order', async () => {
    const text = [voidOf('void the later sale', '{{later.payload.transaction.id}}'), ...Array.from({ length: 500 }, (_v, i) => read(`read ${i}`)), sale('later', 2)].join('\n');
    const { result, told: seen } = await runTelling('forward.gwreq', text, (r) => `${r.index} ${r.label}${r.asDependency ? ' (dependency)' : ''}`);
    assert.equal(result.state, 'passed');
    assert.deepEqual(seen.slice(0, 3), ['501 later (dependency)', '0 void the later sale', '1 read 0'], 'run order: the dependency first');
    assert.deepEqual(result.requests.map((r) => r.index), Array.from({ length: 502 }, (_v, i) => i), 'report order: the file\'s');
    assert.equal(result.requests[501].asDependency, true);
    assert.equal(sandbox.control.stats().byOperation['transactions.sale'], 1, 'the later sale is sent once');
  });

  // The report of a request is written while the next one is on the wire (runFiles.ts): these
  // pin that this changes nothing about what is sent, what is reported, and in which order.
  it('with bail, stops at the first failure far into a long file: nothing after it is sent, and every request is reported once, in file order', async () => {
    const reads = Array.from({ length: 200 }, (_v, i) => (i === 120 ? read('the bad one').replace('status 200', 'status 201') : read(`read ${i}`)));
    const { result, told } = await runTelling('stops.gwreq', reads.join('\n'), (r) => r.index, true);
    assert.equal(result.state, 'failed');
    assert.deepEqual(result.requests.map((r) => r.index), Array.from({ length: 200 }, (_v, i) => i), 'report order: the file\'s');
    assert.deepEqual(told, Array.from({ length: 200 }, (_v, i) => i), 'progress: once each, in the order they ran');
    assert.ok(result.requests.slice(0, 120).every((r) => r.state === 'passed'));
    assert.equal(result.requests[120].state, 'failed');
    assert.match(result.requests[120].message ?? '', /201/);
    for (const skipped of result.requests.slice(121)) {
      assert.equal(skipped.state, 'skipped');
      assert.equal(skipped.message, 'not run: "the bad one" above failed');
    }
    assert.equal(sandbox.control.stats().requests, 121, 'nothing after the failure was sent');
  });

  it('carries on past a failure far into a long file: every request after it that does not read it is sent, in file order', async () => {
    const reads = Array.from({ length: 200 }, (_v, i) => (i === 120 ? read('the bad one').replace('status 200', 'status 201') : read(`read ${i}`)));
    const { result, told } = await runTelling('carries-on.gwreq', reads.join('\n'), (r) => r.index);
    assert.equal(result.state, 'failed');
    assert.deepEqual(told, Array.from({ length: 200 }, (_v, i) => i));
    assert.deepEqual(result.requests.map((r) => r.state), reads.map((_r, i) => (i === 120 ? 'failed' : 'passed')));
    assert.equal(sandbox.control.stats().requests, 200);
  });

  it('with bail, a dependency below its reader that fails its expectation: the reader is not sent, and nothing after it', async () => {
    const failingSale = sale('later', 3).replace('status 200', 'status 201');
    const text = [voidOf('void the later sale', '{{later.payload.transaction.id}}'), ...Array.from({ length: 40 }, (_v, i) => read(`read ${i}`)), failingSale].join('\n');
    const { result, told } = await runTelling('failing-dependency.gwreq', text, (r) => `${r.index} ${r.state}${r.asDependency ? ' (dependency)' : ''}`, true);
    assert.equal(result.state, 'failed');
    assert.deepEqual(told.slice(0, 3), ['41 failed (dependency)', '0 skipped', '1 skipped'], 'run order: the dependency first, judged before its reader');
    assert.deepEqual(result.requests.map((r) => r.index), Array.from({ length: 42 }, (_v, i) => i), 'report order: the file\'s');
    assert.equal(result.requests[0].message, 'not sent: it needs "later", which failed');
    assert.equal(result.requests[41].asDependency, true);
    assert.equal(result.requests[41].state, 'failed');
    assert.ok(result.requests.slice(1, 41).every((r) => r.state === 'skipped' && r.message === 'not run: "void the later sale" above skipped'));
    assert.deepEqual([sandbox.control.stats().requests, sandbox.control.stats().byOperation['transactions.sale']], [1, 1], 'only the dependency was sent');
  });

  it('a reference to a name no request has is the same clear error as before', async () => {
    const report = await runFiles([{ path: file('nobody.gwreq', [read('first'), voidOf('void nobody', '{{nobody.payload.transaction.id}}')].join('\n')) }], target);
    const failed = report.files[0].requests[1];
    assert.equal(failed.state, 'error');
    assert.equal(failed.message, 'not sent: {{nobody.payload.transaction.id}} has no value: define it with "@name = value", or name the request it comes from with "# @name" and send that first');
  });

  it('a syntax error in the middle of a long file: nothing is sent, and the error names its line', async () => {
    const before = Array.from({ length: 1500 }, (_v, i) => read(`read ${i}`)).join('\n');
    const after = Array.from({ length: 1500 }, (_v, i) => read(`later ${i}`)).join('\n');
    const text = `${before}\n### broken\nFETCH {{gatewayUrl}}/rest/v2/tokens\n\n${after}`;
    const line = text.split('\n').indexOf('FETCH {{gatewayUrl}}/rest/v2/tokens') + 1;
    const report = await runFiles([{ path: file('broken.gwreq', text) }], target);
    const [result] = report.files;
    assert.equal(result.state, 'invalid');
    assert.deepEqual(result.diagnostics, [{ line, column: 1, message: 'unknown method "FETCH": use GET, POST, PUT or DELETE (upper case)' }]);
    assert.equal(line, 1500 * 4 + 2, 'the error is in the middle, far past the first chunk read');
    assert.equal(sandbox.control.stats().requests, 0, 'nothing was sent');
  });
});
