// One Local sandbox per data file. Two on one file (two terminals, two VS Code windows) each
// handed out the same transaction ids and, at the next start, half of what both had
// acknowledged was gone: the second is now refused while the first runs, and a claim left by a
// sandbox that is gone (kill -9, a crash) is taken over.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../../src/sandbox/server';
import { acknowledgedSale, startSandboxProcess, stopSandboxProcess } from './sandboxProcess';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'src/cli/main.ts');

describe('a data file in use by another Local sandbox', () => {
  it('is refused while that sandbox runs, and what it acknowledged is all there afterwards', async () => {
    const data = path.join(await mkdtemp(path.join(tmpdir(), 'gw-inuse-')), 'state.json');
    const first = await startSandboxProcess([CLI, 'sandbox', '--data', data]);
    let firstId: string | undefined;
    try {
      firstId = await acknowledgedSale(first, 500);
      assert.ok(firstId);
      await assert.rejects(startSandbox({ dataFile: data }), (e: Error & { code?: string }) => {
        assert.equal(e.code, 'EDATAFILEINUSE');
        assert.match(e.message, new RegExp(`${data.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by another Local sandbox \\(process ${first.child.pid}\\): .*Stop that one, or keep this one's state in another file`));
        return true;
      });
      assert.equal(await acknowledgedSale(first, 600) !== undefined, true, 'the first sandbox serves on, untouched');
    } finally {
      await stopSandboxProcess(first.child, 'SIGTERM');
    }
    const after = await startSandbox({ dataFile: data });
    try {
      const listed = await fetch(`${after.gatewayUrl}/rest/v2/transactions?page-size=50`, { headers: { 'api-key': after.apiKey, accept: 'application/json' } });
      assert.equal(listed.status, 200);
      const ids = ((await listed.json()) as { payload: { transactions: { transaction: Array<{ id: string }> } } }).payload.transactions.transaction.map((t) => String(t.id));
      assert.equal(ids.length, 2, `both of the first sandbox's sales are kept: ${ids.join(', ')}`);
      assert.ok(ids.includes(String(firstId)));
    } finally {
      await after.close();
    }
    assert.equal(existsSync(`${data}.lock`), false, 'closing lets go of the claim');
  });

  it('waits, when asked, for a sandbox that is closing to let go (an editor window reloading), then starts on the file', async () => {
    const data = path.join(await mkdtemp(path.join(tmpdir(), 'gw-wait-')), 'state.json');
    const previous = await startSandboxProcess([CLI, 'sandbox', '--data', data]);
    const saleId = await acknowledgedSale(previous, 800);
    // It closes a moment after the next start begins, as the previous extension host does on a reload.
    const closing = new Promise((resolve) => setTimeout(resolve, 700)).then(() => stopSandboxProcess(previous.child, 'SIGTERM'));
    const next = await startSandbox({ dataFile: data, dataFileWaitMs: 10_000 });
    try {
      await closing;
      assert.equal(next.apiKey, previous.apiKey, 'the saved state, not a fresh one');
      const listed = await fetch(`${next.gatewayUrl}/rest/v2/transactions?page-size=5`, { headers: { 'api-key': next.apiKey, accept: 'application/json' } });
      const ids = ((await listed.json()) as { payload: { transactions: { transaction: Array<{ id: string }> } } }).payload.transactions.transaction.map((t) => String(t.id));
      assert.deepEqual(ids, [String(saleId)]);
    } finally {
      await next.close();
    }
  });

  it('is refused to a second sandbox in the same process, and free again once the first closes', async () => {
    const data = path.join(await mkdtemp(path.join(tmpdir(), 'gw-same-')), 'state.json');
    const first = await startSandbox({ dataFile: data });
    try {
      await assert.rejects(startSandbox({ dataFile: path.join(path.dirname(data), '.', 'state.json') }), /is in use by another Local sandbox \(this process, \d+\)/);
    } finally {
      await first.close();
    }
    const second = await startSandbox({ dataFile: data });
    assert.equal(second.apiKey, first.apiKey);
    await second.close();
  });

  it('takes over a claim whose sandbox is gone', async () => {
    const data = path.join(await mkdtemp(path.join(tmpdir(), 'gw-stale-')), 'state.json');
    // A process that has ended: its pid is free (or reused by something that is not a sandbox of this data file's).
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(`${data}.lock`, JSON.stringify({ pid: Number(gone.stdout), hostname: (await import('node:os')).hostname(), token: 'left-behind' }));
    const sandbox = await startSandbox({ dataFile: data });
    await sandbox.close();
    assert.equal(existsSync(`${data}.lock`), false);
  });
});
