// The Local sandbox as the extension runs it: in a worker thread (the shipped dist/sandboxWorker.js,
// started by the shipped dist/runtime.js), over a real socket on 127.0.0.1 with a real data file.
// What must hold across the thread boundary: writes survive close and restart, every exchange
// reaches the main thread with its bytes, control calls are answered (and refused with the
// sandbox's own message), the clock mirror follows moves, and a worker that dies is reported
// and can be started again. Needs "npm run build" first.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { RuntimeModule } from '../../src/extension/lazy/runtime';
import type { SandboxExchange } from '../../src/sandbox/http/exchangeTap';
import { startSandboxInWorker, type WorkerSandbox, type WorkerSandboxOptions } from '../../src/sandbox/worker/host';
import { SANDBOX_THREAD_NICE } from '../../src/sandbox/worker/threadPriority';

const DIST = path.resolve(__dirname, '../../dist');
const CRASHING_WORKER = path.join(__dirname, 'fixtures/crashingSandboxWorker.cjs');
const SALE = { amount: '12.34', card: '4111111111111111', 'exp-date': '1230', csc: '999' };

 
const runtime = () => require(path.join(DIST, 'runtime.js')) as RuntimeModule;

function scratch(): { dir: string; dataFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-sandbox-worker-'));
  return { dir, dataFile: path.join(dir, 'local-sandbox.json') };
}

async function post(sandbox: WorkerSandbox, what: string, body: object): Promise<{ status: number; text: string; id?: string }> {
  const res = await fetch(`${sandbox.gatewayUrl}/rest/v2/transactions/${what}`, {
    method: 'POST',
    headers: { 'api-key': sandbox.apiKey, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const id = res.status === 200 ? (JSON.parse(text) as { payload: { transaction: { id: string } } }).payload.transaction.id : undefined;
  return { status: res.status, text, id };
}

/** A refund's status: 200 only when the sandbox holds sale `id` (a missing one is refused). */
async function refundStatus(sandbox: WorkerSandbox, id: string): Promise<number> {
  return (await post(sandbox, 'refund', { id, amount: '1.00' })).status;
}

/** Each of this process's threads' nice value, by thread id, from /proc (field 19 of a thread's stat). */
function threadNices(): Map<string, number> {
  const nices = new Map<string, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      nices.set(tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // A thread that ended between the listing and the read (an earlier test's worker).
    }
  }
  return nices;
}

describe('the Local sandbox in a worker thread', () => {
  it('dist/runtime.js and dist/sandboxWorker.js exist (run "npm run build")', () => {
    assert.ok(fs.existsSync(path.join(DIST, 'runtime.js')));
    assert.ok(fs.existsSync(path.join(DIST, 'sandboxWorker.js')));
  });

  it('serves on a real port from its own thread; writes survive close and a restart on the same data file', { timeout: 30_000 }, async () => {
    const { dir, dataFile } = scratch();
    try {
      const lines: string[] = [];
      const first = await runtime().startLocalSandbox({ host: '127.0.0.1', port: 0, dataFile, log: line => lines.push(line) });
      let saleId: string | undefined;
      try {
        assert.match(first.gatewayUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
        assert.notEqual(first.port, 0);
        assert.notEqual(first.threadId, 0, 'the sandbox runs on a worker thread, not the main one');
        const sale = await post(first, 'sale', SALE);
        assert.equal(sale.status, 200, sale.text);
        saleId = sale.id;
        assert.equal((await post(first, 'refund', { id: saleId, amount: '2.00' })).status, 200);
        assert.ok(lines.some(l => l.includes(first.gatewayUrl)), 'the worker\'s log lines reach the host');
      } finally {
        await first.close();
      }
      assert.ok(fs.existsSync(dataFile), 'close() wrote the snapshot');
      assert.ok(fs.readFileSync(dataFile, 'utf8').includes(saleId!), 'the final snapshot holds the sale');
      await assert.rejects(fetch(`${first.gatewayUrl}/rest/v2/transactions`), 'a closed sandbox no longer listens');

      const again = await runtime().startLocalSandbox({ host: '127.0.0.1', port: 0, dataFile });
      try {
        assert.equal(again.apiKey, first.apiKey, 'the keys come back from the data file');
        assert.equal(await refundStatus(again, saleId!), 200);
        const stats = await again.control.stats();
        assert.equal(stats.byOperation['transactions.refund'], 1, 'the worker answers control calls: one request since this start');
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('its thread runs at a lower priority than the editor\'s (Linux), and only its thread', { timeout: 30_000, skip: process.platform !== 'linux' && 'threads have their own priority on Linux only' }, async () => {
    const before = threadNices();
    const sandbox = await runtime().startLocalSandbox({ host: '127.0.0.1', port: 0 });
    try {
      const during = threadNices();
      // Threads by id, so that an earlier test's worker still ending is neither counted nor missed.
      const started = [...during].filter(([tid]) => !before.has(tid));
      assert.deepEqual(started.filter(([, nice]) => nice === SANDBOX_THREAD_NICE).length, 1, `one new thread at nice ${SANDBOX_THREAD_NICE}: ${JSON.stringify(started)}`);
      for (const [tid, nice] of during) if (before.has(tid)) assert.equal(nice, before.get(tid), `thread ${tid} kept its priority`);
      assert.equal(os.getPriority(), 0, 'the process (and so the extension host\'s main thread) keeps its priority');
      assert.equal((await post(sandbox, 'sale', SALE)).status, 200);
    } finally {
      await sandbox.close();
    }
  });

  it('every exchange reaches the main thread with its bytes: the request sent and the answer received', { timeout: 30_000 }, async () => {
    const exchanges: SandboxExchange[] = [];
    const sandbox = await runtime().startLocalSandbox({ port: 0, onExchange: e => exchanges.push(e) });
    try {
      const sent = JSON.stringify(SALE);
      const sale = await post(sandbox, 'sale', SALE);
      assert.equal(sale.status, 200);
      const missing = await post(sandbox, 'refund', { id: '999999', amount: '1.00' });
      // The exchange is posted when the answer has gone out: wait for the message to arrive.
      for (let i = 0; exchanges.length < 2 && i < 100; i++) await new Promise(r => setTimeout(r, 10));
      assert.equal(exchanges.length, 2);
      const [first, second] = exchanges;
      assert.equal(first.method, 'POST');
      assert.equal(first.path, '/rest/v2/transactions/sale');
      assert.equal(first.status, 200);
      assert.ok(first.at instanceof Date);
      assert.equal(first.requestHeaders['content-type'], 'application/json');
      assert.ok(Buffer.isBuffer(first.requestBody) && Buffer.isBuffer(first.responseBody));
      assert.equal(first.requestBody.toString('utf8'), sent);
      assert.equal(first.responseBody.toString('utf8'), sale.text);
      assert.equal(second.status, Number(JSON.parse(missing.text).code) || second.status);
      assert.equal(second.responseBody?.toString('utf8'), missing.text);
      assert.ok(typeof first.timeMs === 'number' && first.timeMs >= 0);
    } finally {
      await sandbox.close();
    }
  });

  it('control calls are answered by the worker, refused with the sandbox\'s own message, and now() follows clock moves', { timeout: 30_000 }, async () => {
    const sandbox = await runtime().startLocalSandbox({ port: 0 });
    try {
      const before = sandbox.control.now().getTime();
      const moved = await sandbox.control.advanceToNextAchWindow();
      assert.ok(moved.getTime() > before);
      assert.ok(Math.abs(sandbox.control.now().getTime() - moved.getTime()) < 1000, 'the mirror moved with the clock');
      // Moved over HTTP (by curl, a user's test): the mirror follows too.
      const res = await fetch(`${sandbox.gatewayUrl}/__sandbox/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms: 86_400_000 }) });
      const view = await res.json() as { now: string };
      assert.equal(res.status, 200);
      assert.ok(Math.abs(sandbox.control.now().getTime() - Date.parse(view.now)) < 1000);
      assert.equal(await sandbox.control.injectFaults({ fault: 'delay', delayMs: 1 }), 1);
      await assert.rejects(sandbox.control.injectFaults({ fault: 'nope' } as never), /Unknown fault "nope"/);
      await sandbox.control.reset();
      assert.equal((await sandbox.control.stats()).faultsLeft, 0);
    } finally {
      await sandbox.close();
    }
  });

  it('a data file it cannot read fails the start with the reason, and reports no stop', { timeout: 30_000 }, async () => {
    const { dir, dataFile } = scratch();
    try {
      fs.writeFileSync(dataFile, '{ not json');
      const stops: string[] = [];
      await assert.rejects(runtime().startLocalSandbox({ port: 0, dataFile, onStopped: r => stops.push(r) }), new RegExp(dataFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await new Promise(r => setTimeout(r, 50));
      assert.deepEqual(stops, []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a worker that crashes is reported as stopped, its calls fail, and a new start finds the acknowledged writes', { timeout: 30_000 }, async () => {
    const { dir, dataFile } = scratch();
    try {
      let reported: (reason: string) => void = () => undefined;
      const stopped = new Promise<string>(resolve => { reported = resolve; });
      const options: WorkerSandboxOptions = { port: 0, dataFile, onStopped: reason => reported(reason) };
      const crashing = await startSandboxInWorker({ file: CRASHING_WORKER }, options);
      const sale = await post(crashing, 'sale', SALE);
      assert.equal(sale.status, 200);
      // The planted crash follows the answer on the worker's side; which of the two the main
      // thread hears first is up to the threads: a call in flight when the worker dies fails.
      await crashing.control.stats().catch((err: Error) => assert.match(err.message, /^The Local sandbox stopped \(planted crash\); it starts again on next use\.$/));
      assert.match(await stopped, /planted crash/);
      await assert.rejects(crashing.control.stats(), /not running; it starts again on next use/);
      await crashing.close();   // nothing left to save: settles at once
      await assert.rejects(fetch(`${crashing.gatewayUrl}/rest/v2/transactions`), 'the dead worker\'s port is closed');

      const again = await runtime().startLocalSandbox({ port: 0, dataFile });
      try {
        assert.equal(await refundStatus(again, sale.id!), 200, 'the sale acknowledged before the crash is there');
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
