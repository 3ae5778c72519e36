// `gateway-workbench import`, spawned as a user runs it: the real-world sources of
// test/fixtures/import/ imported into a folder, then that folder run with `gateway-workbench run`
// against the Local sandbox — green, with no key in any file written or line printed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runToEnd, type ProcessRun } from './processRun';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURES = path.join(ROOT, 'test/fixtures/import');
const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_') && k !== 'NO_COLOR'));
const KEYS = ['a3f1c9e07b5d42e8916c0d7f3b2a8e45', '5c2e8d1f9a7b4036be41d2c9f0a6e7b3', '9d41e7c2b8a05f36d1c4e92a7b3f08d6', '71be3a90c4d84f2e9a6b05c1d8e7f243'];

const cli = (args: string[]): Promise<ProcessRun> => runToEnd(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts'), ...args], { cwd: ROOT, env: CLEAN_ENV });

describe('gateway-workbench import', () => {
  let out: string;
  before(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'gw-cli-import-'));
  });
  after(() => rm(out, { recursive: true, force: true }));

  it('imports every kind of source into --out, prints the report, and what it wrote runs green with `run`', async () => {
    const sources = ['Gateway Payments.postman_collection.json', 'Gateway Sandbox.postman_environment.json', 'payments.http', 'bruno/Gateway Payments', 'checkout.har', 'sale-curl.txt'].map((f) => path.join(FIXTURES, f));
    const imported = await cli(['import', ...sources, '--out', out]);
    assert.equal(imported.code, 0, imported.stderr + imported.stdout);
    assert.match(imported.stdout, /Gateway Payments\.postman_collection\.json \(Postman collection v2\.1\) → .*Gateway-Payments\.gwreq: 3 of 4 requests/);
    assert.match(imported.stdout, /✗ key header api-key removed; the environment supplies it/);
    assert.match(imported.stdout, /6 of 6 sources imported; \d+ things not carried over/);
    const written = (await readdir(out)).filter((f) => f.endsWith('.gwreq')).sort();
    assert.equal(written.length, 5);
    for (const name of written) {
      const text = await readFile(path.join(out, name), 'utf8');
      for (const key of KEYS) assert.ok(!text.includes(key), `${name} holds a key`);
    }
    for (const key of KEYS) assert.ok(!imported.stdout.includes(key) && !imported.stderr.includes(key), 'the report holds a key');
    const run = await cli(['run', ...written.map((f) => path.join(out, f))]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /passed/);
  });

  it('numbers a second import rather than overwriting; --force overwrites', async () => {
    const again = await cli(['import', path.join(FIXTURES, 'checkout.har'), '--out', out]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /checkout-2\.gwreq/);
    const forced = await cli(['import', path.join(FIXTURES, 'checkout.har'), '--out', out, '--force']);
    assert.match(forced.stdout, /→ .*checkout\.gwreq:/);
  });

  it('exits 1 naming the source it could not read, still writing the others; exits 2 without a FILE', async () => {
    const odd = path.join(out, 'notes.txt');
    await writeFile(odd, 'no requests here');
    const mixed = await cli(['import', odd, path.join(FIXTURES, 'payments.http'), '--out', path.join(out, 'mixed')]);
    assert.equal(mixed.code, 1);
    assert.match(mixed.stdout, /notes\.txt: not imported: not a format import reads/);
    assert.deepEqual(await readdir(path.join(out, 'mixed')), ['payments.gwreq']);
    const none = await cli(['import']);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /missing FILE/);
  });

  it('shows a title from a stranger\'s file without its terminal escape sequences', async () => {
    const evil = path.join(out, 'evil.http');
    await writeFile(evil, '### \u001b]0;owned\u0007title\nGET https://evil.example/x\n');
    const r = await cli(['import', evil, '--out', path.join(out, 'evil')]);
    assert.ok(!r.stdout.includes('\u001b'), 'no escape character printed');
  });
});
