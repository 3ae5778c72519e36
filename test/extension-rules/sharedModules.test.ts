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

// Loads the activation bundle as VS Code does (require, with a stub vscode); then (CHILD) the runtime
// through its loadRuntime(), noting every file of dist/ read; then parses a request file with
// the runtime (the parser is a shared module) to show the shared modules work from there.
const STUB_VSCODE = `
const Module = require('node:module');
const fs = require('node:fs');
const api = function vscodeStub() {};
const stub = new Proxy(api, {
  get: (target, prop) => (typeof prop === 'symbol' ? undefined : prop === 'prototype' ? {} : stub),
  apply: () => stub,
  construct: () => stub,
});
// The API's names as its own properties, as VS Code's API object has them (VSCODE_API_NAMES):
// a bundle copies them into its one namespace of the API when it loads.
for (const name of (process.env.VSCODE_API_NAMES ?? '').split(',').filter(Boolean)) {
  Object.defineProperty(api, name, { value: stub, writable: true, enumerable: true, configurable: true });
}
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) { return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest); };
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? stub : load.call(this, request, ...rest); };
const read = [];
const readFileSync = fs.readFileSync;
fs.readFileSync = function (file, ...rest) { read.push(require('node:path').basename(String(file))); return readFileSync.call(this, file, ...rest); };
const extension = require(process.argv[1]);
`;
const CHILD = `${STUB_VSCODE}
const runtime = extension.loadRuntime();
const parsed = runtime.parseRequestFile('GET {{gatewayUrl}}/rest/v2/transactions\\n');
process.stdout.write(JSON.stringify({ read, requests: parsed.requests.length, cached: Object.keys(require.cache).map((f) => require('node:path').basename(f)) }));
`;

// Then (COMMANDS_CHILD) the command bodies through its loadCommands(), as a first run of one of
// them does, and has each part register its handlers, as the activation bundle's stubs have them
// do (src/extension/commands/lazyCommands.ts): the ids they give come from the activation
// bundle's modules (contracts.ts's COMMANDS), which the build hands over by name.
const COMMANDS_CHILD = `${STUB_VSCODE}
const commands = extension.loadCommands();
const ids = [];
const register = (id) => { ids.push(id); return { dispose() {} }; };
const log = { info() {}, error() {} };
const deps = { environments: stub, history: () => [], traffic: () => [], log };
commands.registerSettingsCodeCommands(stub, log, register);
commands.registerPreflightCommand(stub, log, register);
commands.registerConnectionCommands(stub, log, register);
commands.registerSandboxSeedCommands(stub, log, register);
commands.registerResultCommands(stub, log, register);
commands.registerHistoryCommands(stub, stub, log, register);
commands.registerSendAll(stub, log, register);
commands.registerImportCommand(log, register);
commands.registerHarExport(deps, register);
commands.registerGenerateCode(deps, register);
process.stdout.write(JSON.stringify({ read, ids, wizard: typeof commands.runEnvironmentWizard, cached: Object.keys(require.cache).map((f) => require('node:path').basename(f)) }));
`;

/** The ids whose bodies are in dist/commands.js (registered at activation as stubs). */
const LAZY_COMMAND_IDS = [
  'gateway.applySettingsTo', 'gateway.clearHistory', 'gateway.compareEnvironmentSettings', 'gateway.compareWithPreviousAnswer',
  'gateway.copyConnectionSettings', 'gateway.copyValueAsVariable', 'gateway.exportSettings', 'gateway.generateCode',
  'gateway.history.exportHar', 'gateway.import', 'gateway.openTerminalWithVariables', 'gateway.preflight', 'gateway.rerunHistory',
  'gateway.sandbox.saveSnapshot', 'gateway.sandbox.startFromSeed', 'gateway.sendAll', 'gateway.showHistory', 'gateway.showResponseHeaders',
  'gateway.traffic.exportHar',
];

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

  test('the command bodies loaded by the extension read them from the activation bundle, and register their ids with what it gives', () => {
    const typings = fs.readFileSync(path.resolve(__dirname, '../../node_modules/@types/vscode/index.d.ts'), 'utf8');
    const names = [...new Set([...typings.matchAll(/^\texport (?:class|enum|namespace|function|const|let|var) (\w+)/gm)].map((m) => m[1]))];
    const env = { ...process.env, VSCODE_API_NAMES: names.join(',') };
    const out = JSON.parse(execFileSync(process.execPath, ['-e', COMMANDS_CHILD, path.join(DIST, 'extension.js')], { encoding: 'utf8', timeout: 60_000, env })) as { read: string[]; ids: string[]; wizard: string; cached: string[] };
    assert.ok(out.read.includes('commands.js'), `the command bodies were not read: ${out.read.join(', ')}`);
    assert.ok(!out.read.includes('shared.js') && !out.cached.includes('shared.js'), 'the command bodies loaded dist/shared.js instead of the activation bundle\'s modules');
    assert.deepEqual([...out.ids].sort(), LAZY_COMMAND_IDS);
    assert.equal(out.wizard, 'function');
  });

  test('the runtime required on its own reads them from dist/shared.js', () => {
    const child = `const runtime = require(process.argv[1]);
process.stdout.write(JSON.stringify({ requests: runtime.parseRequestFile('GET {{gatewayUrl}}/rest/v2/transactions\\n').requests.length, cached: Object.keys(require.cache).map((f) => require('node:path').basename(f)) }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', child, path.join(DIST, 'runtime.js')], { encoding: 'utf8', timeout: 60_000 })) as { requests: number; cached: string[] };
    assert.deepEqual(out.cached.sort(), ['runtime.js', 'shared.js']);
    assert.equal(out.requests, 1);
  });
});
