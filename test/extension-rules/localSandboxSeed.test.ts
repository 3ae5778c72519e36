// The Local sandbox's kept seed (src/extension/environments/localSandboxSeed.ts) on real files:
// kept as its JSON, replaced whole by the next, none before one is kept, and a seed that cannot
// be written leaves no temp file and, once forgotten, no older seed to start from.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { LocalSandboxSeed } from '../../src/extension/environments/localSandboxSeed';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'gw-kept-seed-'));
}

test('no seed until one is kept; then its file holds it; the next replaces it', async () => {
  const dir = tempDir();
  try {
    const kept = new LocalSandboxSeed(path.join(dir, 'storage'));
    assert.equal(kept.current(), undefined);
    await kept.keep({ customers: [{ 'customer-key': 'cust_a' }] });
    const file = kept.current();
    assert.ok(file);
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), { customers: [{ 'customer-key': 'cust_a' }] });
    await kept.keep({ transactions: [{ amount: '5.00' }] });
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), { transactions: [{ amount: '5.00' }] });
    assert.deepEqual(fs.readdirSync(path.join(dir, 'storage')), [path.basename(file)], 'no temp file left');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a seed that cannot be written rejects and leaves no temp file; forget() then leaves no older seed', async () => {
  const dir = tempDir();
  try {
    const storage = path.join(dir, 'storage');
    const kept = new LocalSandboxSeed(storage);
    await kept.keep({ transactions: [] });
    const file = kept.current();
    assert.ok(file);
    // The kept file's place taken by a folder that is not empty: the rename over it fails.
    fs.rmSync(file);
    fs.mkdirSync(path.join(file, 'in-the-way'), { recursive: true });
    await assert.rejects(kept.keep({ transactions: [{}] }));
    assert.deepEqual(fs.readdirSync(storage).filter((f) => f.endsWith('.tmp')), [], 'a temp file left behind');
    fs.rmSync(file, { recursive: true });
    fs.writeFileSync(file, '{"transactions": []}');
    await kept.forget();
    assert.equal(kept.current(), undefined);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
