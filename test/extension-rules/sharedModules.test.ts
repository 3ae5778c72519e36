// The modules the activation bundle shares with the runtime (scripts/bundlePlugins/sharedModules.mjs) load once:
// dist/runtime.js holds none of them, and in the extension the runtime reads them from the
// activation bundle — loading it never reads dist/shared.js, the same modules built for the
// runtime required on its own (tests, benches), which the .vsix does not ship. Checked on the
// built bundles, in a fresh process with a stub `vscode`. Needs "npm run build" first.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';

const DIST = path.resolve(__dirname, '../../dist');
/** A catalog operation's title: data only the catalog holds. */
const CATALOG_MARKER = 'Search transactions';

// Loads the activation bundle as VS Code does (require, with a stub vscode), then the runtime
// through its loadRuntime(), noting every file of dist/ read; then parses a request file with
// the runtime (the parser is a shared module) to show the shared modules work from there.
const CHILD = `
const Module = require('node:module');
const fs = require('node:fs');
const stub = new Proxy(function vscodeStub() {}, {
  get: (target, prop) => (typeof prop === 'symbol' ? undefined : prop === 'prototype' ? {} : stub),
  apply: () => stub,
  construct: () => stub,
});
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) { return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest); };
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? stub : load.call(this, request, ...rest); };
const read = [];
const readFileSync = fs.readFileSync;
fs.readFileSync = function (file, ...rest) { read.push(require('node:path').basename(String(file))); return readFileSync.call(this, file, ...rest); };
const extension = require(process.argv[1]);
const runtime = extension.loadRuntime();
const parsed = runtime.parseRequestFile('GET {{gatewayUrl}}/rest/v2/transactions\\n');
process.stdout.write(JSON.stringify({ read, requests: parsed.requests.length, cached: Object.keys(require.cache).map((f) => require('node:path').basename(f)) }));
`;

describe('modules shared by the activation bundle and the runtime', () => {
  test('the catalog is in dist/extension.js and not in dist/runtime.js', () => {
    assert.ok(fs.readFileSync(path.join(DIST, 'extension.js'), 'utf8').includes(CATALOG_MARKER), `dist/extension.js lacks "${CATALOG_MARKER}": pick a marker the catalog holds`);
    assert.ok(!fs.readFileSync(path.join(DIST, 'runtime.js'), 'utf8').includes(CATALOG_MARKER), 'dist/runtime.js holds its own copy of the catalog');
  });

  test('the runtime loaded by the extension reads them from the activation bundle, never from dist/shared.js', () => {
    const out = JSON.parse(execFileSync(process.execPath, ['-e', CHILD, path.join(DIST, 'extension.js')], { encoding: 'utf8', timeout: 60_000 })) as { read: string[]; requests: number; cached: string[] };
    assert.ok(out.read.includes('runtime.js'), `the runtime was not read: ${out.read.join(', ')}`);
    assert.ok(!out.read.includes('shared.js') && !out.cached.includes('shared.js'), 'the runtime loaded dist/shared.js instead of the activation bundle\'s modules');
    assert.equal(out.requests, 1, 'the runtime\'s request-file parser (a shared module) did not parse');
  });

  test('the runtime required on its own reads them from dist/shared.js', () => {
    const child = `const runtime = require(process.argv[1]);
process.stdout.write(JSON.stringify({ requests: runtime.parseRequestFile('GET {{gatewayUrl}}/rest/v2/transactions\\n').requests.length, cached: Object.keys(require.cache).map((f) => require('node:path').basename(f)) }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', child, path.join(DIST, 'runtime.js')], { encoding: 'utf8', timeout: 60_000 })) as { requests: number; cached: string[] };
    assert.deepEqual(out.cached.sort(), ['runtime.js', 'shared.js']);
    assert.equal(out.requests, 1);
  });
});
