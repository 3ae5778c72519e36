// The loader of the lazily loaded bundles (src/extension/lazy/bundleLoader.ts): a bundle loads
// as require() would load it, its compiled code is cached a little after the first load, a later
// load uses that cache (V8 accepts it, so it is left alone), and a cache that is refused, stale or
// cannot be written never stops a bundle from loading. Real files in a temporary folder; each
// load in a fresh process, as in the extension host (a second compile of the same source in one
// process is served from V8's in-memory cache, and would never read the cache file).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';

/**
 * What `file` exports, loaded by the loader in a fresh process. The process ends only after the
 * loader's delayed cache write (its timer keeps it alive), so the cache is on disk on return.
 */
function loadInProcess(loader: string, file: string, cacheDir: string | undefined): unknown {
  const child = `const { loadBundle } = require(process.argv[1]);
const exported = loadBundle(process.argv[2], process.argv[3] === '-' ? undefined : process.argv[3]);
process.stdout.write(JSON.stringify(exported));
process.on('unhandledRejection', (reason) => { console.error('unhandled rejection', reason); process.exit(3); });`;
  return JSON.parse(execFileSync(process.execPath, ['-e', child, loader, file, cacheDir ?? '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
}

const bundleSource = (answer: number) => `"use strict";
const path = require("node:path");
module.exports = { answer: ${answer}, folder: path.basename(__dirname), file: path.basename(__filename), same: module.exports === exports };
// a line comment at the very end must not swallow the module wrapper's end`;

describe('bundle loader', () => {
  let dir: string;
  let bundle: string;
  let cacheDir: string;
  let loader: string;
  const loadBundle = (file: string, cache: string | undefined) => loadInProcess(loader, file, cache);
  const caches = () => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir).sort() : []);

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-loader-'));
    fs.mkdirSync(path.join(dir, 'dist'));
    bundle = path.join(dir, 'dist', 'runtime.js');
    cacheDir = path.join(dir, 'storage', 'code-cache');
    fs.writeFileSync(bundle, bundleSource(42));
    loader = path.join(dir, 'bundleLoader.js');
    buildSync({ entryPoints: [path.resolve(__dirname, '../../src/extension/lazy/bundleLoader.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: loader, logLevel: 'silent' });
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('loads a bundle as require() does, and writes its code cache after the load', () => {
    assert.deepEqual(loadBundle(bundle, cacheDir), { answer: 42, folder: 'dist', file: 'runtime.js', same: true });
    assert.equal(caches().length, 1);
    assert.match(caches()[0], /^runtime-[0-9a-f]{16}\.v8cache$/);
    assert.ok(fs.statSync(path.join(cacheDir, caches()[0])).size > 0);
  });

  test('a later load uses the cache: V8 accepts it, so it is not written again', () => {
    const [file] = caches();
    const before = fs.readFileSync(path.join(cacheDir, file));
    const mtime = fs.statSync(path.join(cacheDir, file)).mtimeMs;
    assert.equal((loadBundle(bundle, cacheDir) as { answer: number }).answer, 42);
    assert.deepEqual(caches(), [file]);
    assert.equal(fs.statSync(path.join(cacheDir, file)).mtimeMs, mtime);
    assert.deepEqual(fs.readFileSync(path.join(cacheDir, file)), before);
  });

  test('a cache V8 refuses (here: garbage) is ignored, and replaced', () => {
    const [file] = caches();
    fs.writeFileSync(path.join(cacheDir, file), 'not a code cache');
    assert.equal((loadBundle(bundle, cacheDir) as { answer: number }).answer, 42);
    assert.deepEqual(caches(), [file]);
    assert.notEqual(fs.readFileSync(path.join(cacheDir, file), 'utf8'), 'not a code cache');
  });

  test('a changed bundle (an update) gets its own cache, and the old one is removed', () => {
    const [old] = caches();
    fs.writeFileSync(bundle, bundleSource(43));
    assert.equal((loadBundle(bundle, cacheDir) as { answer: number }).answer, 43);
    assert.equal(caches().length, 1);
    assert.notEqual(caches()[0], old);
  });

  test('without a cache folder, or with one that cannot be made, the bundle still loads', () => {
    assert.equal((loadBundle(bundle, undefined) as { answer: number }).answer, 43);
    const blocked = path.join(dir, 'a-file');
    fs.writeFileSync(blocked, '');
    assert.equal((loadBundle(bundle, path.join(blocked, 'code-cache')) as { answer: number }).answer, 43);
    assert.equal(fs.readFileSync(blocked, 'utf8'), '');
  });

  test('a bundle next to it that it requires ("./part.js") loads once, through the same code cache', () => {
    const main = path.join(dir, 'dist', 'main.js');
    fs.writeFileSync(path.join(dir, 'dist', 'part.js'), 'module.exports = { part: true, loads: (globalThis.partLoads = (globalThis.partLoads ?? 0) + 1) };');
    fs.writeFileSync(main, 'module.exports = { first: require("./part.js"), again: require("./part.js").loads, path: require("node:path").sep.length };');
    assert.deepEqual(loadBundle(main, cacheDir), { first: { part: true, loads: 1 }, again: 1, path: 1 });
    assert.ok(caches().some((file) => /^part-[0-9a-f]{16}\.v8cache$/.test(file)), `no code cache for part.js: ${caches().join(', ')}`);
  });

  test('an error thrown by the bundle reaches the caller, as from require()', () => {
    const broken = path.join(dir, 'dist', 'broken.js');
    fs.writeFileSync(broken, 'throw new Error("the bundle failed")');
    assert.throws(() => loadBundle(broken, cacheDir), (err: Error & { stderr?: string }) => /the bundle failed/.test(err.stderr ?? ''));
  });
});
