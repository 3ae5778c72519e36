// The extension's package as a user installs it: `npm run package` (vsce through
// vscode:prepublish) must write gateway-workbench-<version>.vsix with no warning, holding only the
// allow-list of .vscodeignore, within its size budget, with every file the manifest points at.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { walkthroughImages } from '../../src/extension/walkthrough/contributions';
import { ENVIRONMENT_FILE_SCHEMA, environmentFileSchemaText } from '../../scripts/generate-manifest';

const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, any>;
const VSIX = path.join(root, `gateway-workbench-${manifest.version}.vsix`);
// 840 KB since 2026-12-02 (800 before): issue 37's Language Model Tools (their six descriptions
// and input schemas in package.json, the agent tools in the runtime, the MCP entry's JSON editing
// in dist/commands.js) and the code generator's card-data rules took it from 797 to 817 KB.
// The README states the size, checked within 10 % below.
const BUDGET_BYTES = 840 * 1024;
const VSCE = path.join(root, 'node_modules/@vscode/vsce/vsce');

/** What the .vsix may hold: exactly the files .vscodeignore lets through. */
const ALLOWED = [
  'package.json', 'README.md', 'CHANGELOG.md', 'LICENSE',
  'dist/extension.js', 'dist/runtime.js', 'dist/codegen.js', 'dist/importer.js', 'dist/commands.js', 'dist/resultWorker.js', 'dist/sandboxWorker.js', 'dist/js-sdk/clearent-host.js', 'dist/languageClient.js', 'dist/overview.js', 'dist/overview/overview.css', 'dist/overview/overviewView.js', 'dist/server.js', 'dist/THIRD-PARTY-NOTICES.md',
  'syntaxes/gateway-request.tmLanguage.json', 'language-configuration.json',
  'schemas/gateway-workbench.schema.json', 'schemas/gwseed.schema.json', 'schemas/gwsettings.schema.json', 'media/icon.png', 'media/gateway.svg',
  ...walkthroughImages,
  // "Local Sandbox: Open Examples" copies these into the workspace.
  ...fs.readdirSync(path.join(root, 'examples')).filter(f => f.endsWith('.gwreq')).map(f => `examples/${f}`),
].sort();

const vsceList = () => execFileSync(process.execPath, [VSCE, 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' })
  .split('\n').map(l => l.trim()).filter(Boolean).sort();

describe('the .vsix', () => {
  let packaged: { stdout: string; stderr: string; status: number | null };

  before(() => {
    fs.rmSync(VSIX, { force: true });
    packaged = spawnSync('npm', ['run', 'package'], { cwd: root, encoding: 'utf8' });
  });

  it('npm run package writes gateway-workbench-<version>.vsix with no error and no warning', () => {
    assert.equal(packaged.status, 0, packaged.stdout + packaged.stderr);
    assert.ok(fs.existsSync(VSIX));
    const vsceOutput = (packaged.stdout + packaged.stderr).split('\n').filter(l => !/^npm warn Unknown (user|env) config "nodedir"/.test(l)).join('\n');
    assert.doesNotMatch(vsceOutput, /WARNING|warn|ERROR|error/i);
  });

  it(`is at most ${BUDGET_BYTES / 1024} KB`, () => {
    const size = fs.statSync(VSIX).size;
    console.log(`  ${path.basename(VSIX)}: ${(size / 1024).toFixed(1)} KB`);
    assert.ok(size <= BUDGET_BYTES, `${(size / 1024).toFixed(1)} KB`);
  });

  it('the README states its size within 10 %', () => {
    // A newcomer's walk found the README's figure 6 % off after a few sessions of growth.
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const stated = /`gateway-workbench-[\d.]+\.vsix` \(about (\d+) KB/.exec(readme);
    assert.ok(stated, 'the README names the .vsix with "(about N KB"');
    const actual = fs.statSync(VSIX).size / 1024;
    assert.ok(Math.abs(Number(stated[1]) - actual) <= actual * 0.1, `README says about ${stated[1]} KB; the .vsix is ${actual.toFixed(0)} KB`);
  });

  it('vsce ls lists exactly the allow-list: no CLI bundle, sources, tests or stray files', () => {
    const strays = ['.env', 'sandbox.json', 'results.xml', 'notes.gwreq'];
    for (const f of strays) fs.writeFileSync(path.join(root, f), 'api-key: not-for-the-package\n');
    try {
      assert.deepEqual(vsceList(), ALLOWED);
    } finally {
      for (const f of strays) fs.rmSync(path.join(root, f), { force: true });
    }
  });

  it('every file the manifest points at ships', () => {
    const c = manifest.contributes;
    const pointed = [
      manifest.main, manifest.icon,
      ...c.grammars.map((g: { path: string }) => g.path),
      ...c.languages.map((l: { configuration: string }) => l.configuration),
      ...c.jsonValidation.map((j: { url: string }) => j.url),
      ...Object.values(c.viewsContainers).flat().map(v => (v as { icon: string }).icon),
      ...c.walkthroughs.flatMap((w: { steps: Array<{ media: { image: string } }> }) => w.steps.map(s => s.media.image)),
    ].map(p => path.posix.normalize(String(p)));
    for (const p of pointed) assert.ok(ALLOWED.includes(p), `${p} is used by the manifest but not shipped`);
    for (const p of ALLOWED) assert.ok(fs.existsSync(path.join(root, p)), `${p} is missing`);
  });

  it('every worker script the runtime starts ships next to it (the Local sandbox\'s, the result worker)', () => {
    // The runtime names its workers' files as path.join(__dirname, '<name>Worker.js'): a file
    // left out of the allow-list would fail only at first use in an installed extension.
    const runtime = fs.readFileSync(path.join(root, 'dist/runtime.js'), 'utf8');
    const workers = [...new Set(runtime.match(/\b\w+Worker\.js\b/g) ?? [])].map(name => `dist/${name}`).sort();
    assert.deepEqual(workers, ['dist/resultWorker.js', 'dist/sandboxWorker.js']);
    for (const w of workers) assert.ok(vsceList().includes(w), `${w} is started by dist/runtime.js but not in the .vsix`);
  });

  it('the packaged README points its images at the repository over https, the only images VS Code\'s extension page loads', () => {
    // VS Code renders an installed README in a webview whose sanitizer keeps only http(s) image
    // sources and whose Content-Security-Policy loads only https: ones; relative paths and data:
    // URIs show as broken images (the e2e step on the extension page checks what it keeps).
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const packaged = execFileSync('unzip', ['-p', VSIX, 'extension/readme.md'], { encoding: 'utf8', maxBuffer: 8 << 20 });
    const sources = (text: string) => [...text.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map(m => m[1]);
    const repo = String(manifest.repository.url).replace(/\.git$/, '');
    assert.ok(sources(readme).length >= 3);
    assert.deepEqual(sources(packaged), sources(readme).map(src => `${repo}/raw/main/${src}`));
    for (const src of sources(readme)) assert.ok(fs.existsSync(path.join(root, src)), `${src} is not in the repository`);
  });

  it('a manifest as the best extensions write it', () => {
    assert.equal(manifest.preview, true, 'a 0.x extension is a preview');
    for (const key of ['license', 'homepage', 'icon', 'publisher', 'displayName', 'description']) assert.ok(manifest[key], key);
    assert.ok(manifest.repository?.url && manifest.bugs?.url);
    assert.deepEqual(manifest.categories.filter((c: string) => ['Programming Languages', 'Snippets', 'Testing'].includes(c)), ['Programming Languages', 'Snippets', 'Testing']);
    assert.ok(manifest.keywords.length >= 5 && manifest.keywords.length <= 30, 'the Marketplace takes at most 30 keywords');
    assert.deepEqual(manifest.activationEvents, ['onUri'], 'commands, views and languages activate by themselves since VS Code 1.74');
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.ok(manifest.capabilities.untrustedWorkspaces.description.length > 40);
    // Documents are read from editors and written through workspace.fs, the language client attaches to
    // any scheme and the Local sandbox keeps its state in the editor's own storage.
    assert.equal(manifest.capabilities.virtualWorkspaces, true);
    assert.equal(manifest.dependencies, undefined, 'everything is bundled: no runtime dependencies to install');
    const png = fs.readFileSync(path.join(root, manifest.icon));
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128], 'a 128×128 PNG icon');
  });

  it('the environment file schema is generated from core/environmentSchema.ts', () => {
    assert.equal(fs.readFileSync(ENVIRONMENT_FILE_SCHEMA, 'utf8'), environmentFileSchemaText());
  });
});
