// Proves the real-VS-Code route: our extension, installed from its .vsix as a user installs it,
// is loaded into a real extension host of the pinned VS Code, and it activates.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

const EXTENSION_ID = 'gateway-workbench.gateway-workbench';
// Pinned by scripts/setup-vscode.sh (code-server 4.139.1) and by test/vscode/runElectron.ts.
const VSCODE_MINOR = 139;
// This bundle lives in out/test/vscode/suite/ of the repository.
const REPO_ROOT = path.resolve(__dirname, '../../../..');

interface Manifest { name: string; publisher: string; engines: { vscode: string } }

function requireExtension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded; extensions present: ${vscode.extensions.all.map(e => e.id).join(', ')}`);
  return ext;
}

suite('gateway-workbench in a real VS Code extension host', () => {
  test('the extension is the installed .vsix, not this repository', () => {
    const ext = requireExtension();
    const installed = fs.realpathSync(ext.extensionUri.fsPath);
    assert.notEqual(installed, fs.realpathSync(REPO_ROOT));
    const onDisk = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest & { version: string };
    assert.equal(path.basename(installed), `${onDisk.publisher}.${onDisk.name}-${onDisk.version}`);
    // Only what the package ships: bundles, no sources, tests or the CLI bundle.
    assert.ok(fs.existsSync(path.join(installed, 'dist/server.js')));
    for (const absent of ['src', 'test', 'node_modules', 'dist/cli.js']) assert.ok(!fs.existsSync(path.join(installed, absent)), `${absent} was installed`);
  });

  test('its manifest has the declared name and engines', () => {
    const manifest = requireExtension().packageJSON as Manifest;
    const onDisk = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;
    assert.equal(manifest.name, 'gateway-workbench');
    assert.equal(manifest.publisher, 'gateway-workbench');
    assert.deepEqual(manifest.engines, onDisk.engines);
    // VS Code refuses to load an extension whose engines.vscode is newer than itself.
    const minMinor = /^\^1\.(\d+)\.\d+$/.exec(manifest.engines.vscode);
    assert.ok(minMinor, `engines.vscode "${manifest.engines.vscode}" is not of the form ^1.N.M`);
    assert.ok(Number(minMinor[1]) <= VSCODE_MINOR, `engines.vscode ${manifest.engines.vscode} is newer than 1.${VSCODE_MINOR}`);
  });

  test(`the host is VS Code 1.${VSCODE_MINOR}.x`, () => {
    assert.match(vscode.version, new RegExp(`^1\\.${VSCODE_MINOR}\\.\\d+`));
  });

  test('activating the extension succeeds', async () => {
    const ext = requireExtension();
    await ext.activate();
    assert.equal(ext.isActive, true);
  });
});
