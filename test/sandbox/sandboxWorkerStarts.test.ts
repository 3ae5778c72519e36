// When the extension's Local sandbox starts, fails and starts again (LocalSandboxStarts, the part
// of src/extension/environments/localSandboxHost.ts without VS Code), with real workers: the
// shipped dist/sandboxWorker.js and fixture workers that crash at a planted moment, over real
// sockets and a real data file. Needs "npm run build" first.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LocalSandboxStarts, type LocalSandboxKeys } from '../../src/extension/environments/localSandboxStarts';
import { startSandboxInWorker, type WorkerSandbox } from '../../src/sandbox/worker/host';
import { acknowledgedSale, startSandboxProcess, stopSandboxProcess } from './sandboxProcess';

const SHIPPED_WORKER = path.resolve(__dirname, '../../dist/sandboxWorker.js');
/** Ends right after it posts "started" (fixtures/endingAsItStartsSandboxWorker.cjs). */
const ENDING_AS_IT_STARTS = path.join(__dirname, 'fixtures/endingAsItStartsSandboxWorker.cjs');
/** Ends right after it answers a stats call (fixtures/crashingSandboxWorker.cjs). */
const CRASHING_AFTER_STATS = path.join(__dirname, 'fixtures/crashingSandboxWorker.cjs');
const SALE = { amount: '12.34', card: '4111111111111111', 'exp-date': '1230', csc: '999' };

async function saleStatus(sandbox: WorkerSandbox): Promise<number> {
  const res = await fetch(`${sandbox.gatewayUrl}/rest/v2/transactions/sale`, {
    method: 'POST',
    headers: { 'api-key': sandbox.apiKey, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(SALE),
  });
  await res.arrayBuffer();
  return res.status;
}

/** LocalSandboxStarts on a real data file, with the keys kept in memory and whichever worker `worker` names. */
function startsOn(dataFile: string) {
  const told = { reports: [] as string[], logged: [] as string[], started: [] as WorkerSandbox[], stops: [] as string[], tells: [] as string[] };
  const state = {
    worker: SHIPPED_WORKER,
    saved: undefined as LocalSandboxKeys | undefined,
    /** Saving the keys waits for this (SecretStorage is asynchronous): the test decides what happens meanwhile. */
    saving: Promise.resolve(),
  };
  let heardStop: () => void = () => undefined;
  const stopHeard = new Promise<void>(resolve => { heardStop = resolve; });
  const starts = new LocalSandboxStarts({
    start: (keys, onStopped, keepsState) => startSandboxInWorker({ file: state.worker }, {
      port: 0,
      ...(keepsState ? { dataFile } : {}),
      ...(keys ? { keys } : {}),
      onStopped: reason => {
        told.stops.push(reason);
        onStopped(reason);
        heardStop();
      },
    }),
    savedKeys: () => Promise.resolve(state.saved),
    saveKeys: async keys => {
      await state.saving;
      state.saved = keys;
    },
    started: sandbox => told.started.push(sandbox),
    logFailure: message => told.logged.push(message),
    reportFailure: message => told.reports.push(message),
    tell: message => told.tells.push(message),
  });
  return { starts, told, state, stopHeard };
}

function scratch(): { dir: string; dataFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-sandbox-starts-'));
  return { dir, dataFile: path.join(dir, 'local-sandbox.json') };
}

describe('the Local sandbox\'s starts (extension side)', () => {
  it('while another window\'s sandbox holds the data file, starts with its state in memory and says so, leaving the file to the other', { timeout: 30_000 }, async () => {
    const { dir, dataFile } = scratch();
    // The other window: another process, its sandbox on the same data file.
    const other = await startSandboxProcess([path.resolve(__dirname, '../../src/cli/main.ts'), 'sandbox', '--data', dataFile]);
    try {
      const { starts, told } = startsOn(dataFile);
      const sandbox = await starts.start();
      try {
        assert.equal(await saleStatus(sandbox), 200, 'this window\'s Local sandbox works');
        assert.equal(told.tells.length, 1);
        assert.match(told.tells[0], /^Another VS Code window's Local sandbox is using the saved sandbox state, so this window's Local sandbox keeps its transactions in memory/);
        assert.deepEqual(told.reports, [], 'not a failure');
        assert.match(told.logged.join('\n'), /in use by another Local sandbox \(process \d+\)/);
      } finally {
        await sandbox.close();
      }
      assert.equal(await acknowledgedSale(other, 700) !== undefined, true, 'the other window\'s sandbox serves on');
      const claim = JSON.parse(fs.readFileSync(`${dataFile}.lock`, 'utf8')) as { pid: number };
      assert.equal(claim.pid, other.child.pid, 'the data file is still the other sandbox\'s alone');
    } finally {
      await stopSandboxProcess(other.child, 'SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });


  it('a worker that ends while its first start saves the generated keys fails that start: reported, and the next use starts again', { timeout: 30_000 }, async () => {
    const { dir, dataFile } = scratch();
    try {
      const { starts, told, state, stopHeard } = startsOn(dataFile);
      state.worker = ENDING_AS_IT_STARTS;
      // The keys are saved only once the worker has ended: the moment the guard is for.
      state.saving = stopHeard;
      await assert.rejects(starts.start(), (err: Error) => {
        assert.match(err.message, /^the sandbox stopped as it started \(.*planted crash as it started.*\); its saved data is kept$/);
        return true;
      });
      assert.equal(told.stops.length, 1, 'the worker did end during the start');
      assert.equal(starts.running(), undefined, 'no dead sandbox is handed out');
      assert.deepEqual(told.started, []);
      assert.match(starts.failure()!, /stopped as it started/);
      assert.deepEqual(told.reports, [`The Local sandbox could not start: ${starts.failure()!}`]);
      assert.deepEqual(told.logged, told.reports);
      assert.ok(state.saved?.apiKey, 'the generated keys were saved all the same');

      // The next use: a new worker, with the keys the failed start saved.
      state.worker = SHIPPED_WORKER;
      state.saving = Promise.resolve();
      const sandbox = await starts.start();
      try {
        assert.equal(starts.running(), sandbox);
        assert.equal(starts.failure(), undefined);
        assert.deepEqual(told.started, [sandbox]);
        assert.equal(sandbox.apiKey, state.saved.apiKey);
        assert.equal(await saleStatus(sandbox), 200);
        assert.equal(told.reports.length, 1, 'the success is not reported as a failure');
      } finally {
        await sandbox.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a running sandbox whose worker stops is reported once and forgotten; concurrent callers share the next start', { timeout: 30_000 }, async () => {
    const { dir, dataFile } = scratch();
    try {
      const { starts, told, state, stopHeard } = startsOn(dataFile);
      state.worker = CRASHING_AFTER_STATS;
      const crashing = await starts.start();
      assert.equal(await starts.start(), crashing, 'a started sandbox is shared');
      await crashing.control.stats().catch(() => undefined);
      await stopHeard;
      assert.equal(starts.running(), undefined);
      assert.deepEqual(told.reports, [`The Local sandbox stopped: ${starts.failure()!}`]);
      assert.match(starts.failure()!, /planted crash.*Its saved data is kept; it starts again on next use\.$/);

      state.worker = SHIPPED_WORKER;
      const [one, two] = await Promise.all([starts.start(), starts.start()]);
      try {
        assert.equal(one, two, 'one start for both callers');
        assert.notEqual(one, crashing);
        assert.equal(told.started.length, 2);
        assert.equal(await saleStatus(one), 200);
      } finally {
        await one.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
