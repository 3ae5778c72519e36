// Bundles the extension, its lazily loaded runtime and language client, the CLI and the language
// server with esbuild and prints each bundle's size, because the activation bundle has a size
// budget (see README): dist/extension.js must stay small and hold no third-party code and no
// sandbox (test/extension-rules/activationBundle.test.ts); those live in dist/runtime.js and load on first use
// (the code generator in dist/codegen.js, loaded only when code is generated; the bodies of rarely
// run commands in dist/commands.js, loaded when one of them first runs). Our modules that
// both the activation bundle and the runtime need are parsed once, in the activation bundle, and
// the runtime reads them from it. The custom esbuild plugins, with what each saves, are listed in
// scripts/bundlePlugins/index.mjs (and README.md there).
import { build } from 'esbuild';
import { existsSync, statSync, chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { writeThirdPartyNotices } from './thirdPartyNotices.mjs';
import { leftOut, pluginsFor } from './bundlePlugins/index.mjs';
import { sharedModules, sharedBundleSource, intoActivation, fromActivation, sharedOutside, usedNames, SHARED_BUNDLE } from './bundlePlugins/sharedModules.mjs';

const production = !process.argv.includes('--dev');
const without = leftOut();
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: production,
  sourcemap: production ? false : 'inline',
  logLevel: 'warning',
  legalComments: 'none',
  // jsonc-parser's "main" is a UMD build whose require() calls sit inside a factory esbuild cannot
  // follow (the bundle fails at load with "Cannot find module './impl/format'"); its ES build bundles.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
};

const activation = { in: 'src/extension/extension.ts', out: 'dist/extension.js', external: ['vscode'], note: 'activation bundle' };
const runtime = { in: 'src/extension/lazy/runtimeBundle.ts', out: 'dist/runtime.js', note: 'extension runtime, loaded by the first request' };
const codegen = { in: 'src/extension/lazy/codegenBundle.ts', out: 'dist/codegen.js', note: 'code generator, loaded when code is first generated' };
const importer = { in: 'src/extension/lazy/importBundle.ts', out: 'dist/importer.js', note: 'importers (Gateway: Import…), loaded when the user imports' };
const commands = { in: 'src/extension/lazy/commandsBundle.ts', out: 'dist/commands.js', external: ['vscode'], note: 'bodies of rarely run commands, loaded when one first runs' };
const overview = { in: 'src/extension/lazy/overviewBundle.ts', out: 'dist/overview.js', note: 'Gateway Overview data and page, loaded when an overview opens' };
// The overview page's own script runs in the webview (a browser), beside its stylesheet in
// dist/overview/, the one folder the webview may load from.
const overviewView = { in: 'src/extension/overview/webview/overviewView.ts', out: 'dist/overview/overviewView.js', platform: 'browser', format: 'iife', note: 'the overview page\'s script, in the webview' };

const options = (e) => ({
  ...common,
  ...(e.stdin ? { stdin: e.stdin } : { entryPoints: [e.in] }),
  ...(e.platform ? { platform: e.platform, format: e.format } : {}),
  outfile: e.out,
  external: e.external ?? [],
  plugins: pluginsFor(e.out, without, e.plugins),
  banner: e.banner ? { js: e.banner } : undefined,
  metafile: true,
});

// Which of our modules the runtime reads from the activation bundle (bundlePlugins/sharedModules.mjs):
// a first build that writes nothing tells.
const shareModules = !without.has('sharedModules');
const firstBuilds = shareModules ? (await Promise.all([activation, runtime, commands].map((e) => build({ ...options(e), write: false })))).map((r) => r.metafile) : [];
const shared = shareModules ? sharedModules(firstBuilds[0], firstBuilds[1]) : [];
// The command bodies (dist/commands.js) read more of them: the activation bundle holds both sets.
const sharedWithCommands = shareModules ? [...new Set([...shared, ...sharedModules(firstBuilds[0], firstBuilds[2])])].sort() : [];
// What the lazily loaded bundles take from them, found by builds with each one left outside: the
// activation bundle keeps only that (bundlePlugins/sharedModules.mjs, intoActivation()).
const readers = [[runtime, shared], [codegen, shared], [importer, shared], [overview, shared], [commands, sharedWithCommands]];
const taken = new Map();
if (shareModules) {
  const outside = await Promise.all(readers.map(([e, only]) => build({ ...options({ ...e, plugins: [sharedOutside(sharedWithCommands, only)] }), format: 'esm', minify: false, sourcemap: false, write: false })));
  for (const r of outside) usedNames(r.outputFiles[0].text, taken);
}
if (shareModules) {
  activation.plugins = [intoActivation(sharedWithCommands, taken)];
  for (const e of [runtime, codegen, importer, overview]) e.plugins = [fromActivation(sharedWithCommands, shared)];
  commands.plugins = [fromActivation(sharedWithCommands)];
}

const entries = [
  activation,
  runtime,
  ...(shareModules ? [{ stdin: sharedBundleSource(sharedWithCommands, shared), out: `dist/${SHARED_BUNDLE}`, note: 'what the runtime reads from the activation bundle, for the runtime required on its own (tests, benches; not shipped)' }] : []),
  codegen,
  importer,
  commands,
  overview,
  overviewView,
  { in: 'src/core/resultText/worker.ts', out: 'dist/resultWorker.js', note: 'result worker, started by the runtime for large bodies' },
  { in: 'src/sandbox/worker/entry.ts', out: 'dist/sandboxWorker.js', note: 'the Local sandbox in a worker thread, started by the runtime on first use' },
  { in: 'src/extension/language/languageClientBundle.ts', out: 'dist/languageClient.js', external: ['vscode'], note: 'language client, loaded when a request file opens' },
  { in: 'src/cli/main.ts', out: 'dist/cli.js', banner: '#!/usr/bin/env node' },
  { in: 'src/language/server.ts', out: 'dist/server.js' },
  { in: 'src/sandbox/library.ts', out: 'dist/sandbox.js', note: 'the Local sandbox as a library, CLI package only' },
].filter(e => e.stdin || existsSync(e.in));

const results = await Promise.all(entries.map(e => build(options(e))));
// The Local sandbox serves its JavaScript SDK stand-in from beside its bundle (src/sandbox/jsSdk/
// hostScript.ts reads <bundle dir>/js-sdk/clearent-host.js): a browser script, copied as written.
const hostScript = { from: 'src/sandbox/jsSdk/js-sdk/clearent-host.js', out: 'dist/js-sdk/clearent-host.js', note: 'the JS-SDK stand-in the Local sandbox serves' };
mkdirSync('dist/js-sdk', { recursive: true });
copyFileSync(hostScript.from, hostScript.out);
const overviewStyle = { from: 'src/extension/overview/webview/overview.css', out: 'dist/overview/overview.css', note: 'the overview page\'s stylesheet' };
copyFileSync(overviewStyle.from, overviewStyle.out);
// legalComments are dropped from the bundles; the notices file carries every bundled license.
const notices = writeThirdPartyNotices(process.cwd(), results.map((r, i) => ({ out: entries[i].out, metafile: r.metafile })));
chmodSync('dist/cli.js', 0o755);
for (const e of [...entries, hostScript, overviewStyle]) {
  const note = e.note ? `  (${e.note})` : '';
  console.log(`${e.out.padEnd(24)} ${(statSync(e.out).size / 1024).toFixed(1).padStart(8)} KB${note}`);
}
if (without.size > 0) console.log(`built without ${[...without].join(', ')} (BUNDLE_WITHOUT): for measuring, not for shipping`);
console.log(`dist/THIRD-PARTY-NOTICES.md: ${notices.packages.map(p => `${p.name}@${p.version} (${p.license})`).join(', ')}`);
