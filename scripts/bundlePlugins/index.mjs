// The build's custom esbuild plugins, one row each: which bundles it applies to, what it saves
// (measured now, same-run A/B: npm run bench:bundlePlugins builds with and without it and loads
// both in turn), the test that fails if its saving is lost, and the private files of a library it
// reaches into (a layout change there fails the build, not a user). scripts/build.mjs reads the
// rows to attach the plugins; test/extension-rules/bundlePlugins.test.ts checks the guards and
// the private files. README.md (this folder) has the same table, what was dropped and why, and
// how to measure a row again. A plugin stays only while what it saves is something a user feels.
import { deferUndiciHttp2 } from './deferUndiciHttp2.mjs';
import { vscodeNamespaceOnce } from './vscodeNamespaceOnce.mjs';

/**
 * `bundles`: 'all', or the outputs it applies to. `saves`: first use = what the first request
 * loads (activation, dist/runtime.js, llhttp, the built-ins of a first exchange), CPU time of a
 * fresh process, medians; the rounds are in README.md. `sharedModules` is no plain plugin (a
 * first build finds the modules, then two plugins and dist/shared.js use them): build.mjs wires it.
 */
export const BUNDLE_PLUGINS = [
  {
    name: 'vscodeNamespaceOnce', plugin: vscodeNamespaceOnce, bundles: ['dist/extension.js', 'dist/commands.js'],
    saves: 'activation 25.1 / 24.5 ms, first use 18.8 / 20.0 ms on a first start, 16.7 / 24.3 ms on later starts (two rounds)',
    guard: 'test/extension-rules/activationBundle.test.ts',
    privateFiles: [],
  },
  {
    name: 'deferUndiciHttp2', plugin: deferUndiciHttp2, bundles: 'all',
    saves: 'first use 4.7 / 3.6 / 0.5 ms on a first start, 6.4 / 5.3 / 3.2 ms on later starts (three rounds): node:http2 is not loaded, 4-6 ms on its own over node:net and node:tls',
    guard: 'test/extension-rules/runtimeBundle.test.ts',
    privateFiles: ['undici/lib/dispatcher/client.js', 'undici/lib/dispatcher/client-h2.js'],
  },
  {
    name: 'sharedModules', bundles: ['dist/extension.js', 'dist/runtime.js', 'dist/codegen.js', 'dist/commands.js'],
    saves: 'no time (first use -5.5 / +2.3 / -1.1 ms on a first start, three rounds); kept because it makes one copy of each module the bundles share: a class thrown in one bundle is instanceof the same class in another (BodyFileError from dist/codegen.js in generateCode.ts), one catalog',
    guard: 'test/extension-rules/sharedModules.test.ts',
    privateFiles: [],
  },
];

/**
 * The plugins left out of this build: BUNDLE_WITHOUT=name,name (for measuring what they save;
 * such a build fails the guards' tests, as it should).
 */
export function leftOut(env = process.env) {
  const names = (env.BUNDLE_WITHOUT ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => !BUNDLE_PLUGINS.some((p) => p.name === n));
  if (unknown.length > 0) throw new Error(`BUNDLE_WITHOUT names no plugin: ${unknown.join(', ')} (scripts/bundlePlugins/index.mjs lists them)`);
  return new Set(names);
}

/**
 * The plain plugins for the bundle written to `out`, but those left out, around the bundle's own
 * (`own`: sharedModules'): those for every bundle first, as esbuild tries plugins in order.
 */
export function pluginsFor(out, without, own = []) {
  const kept = BUNDLE_PLUGINS.filter((p) => p.plugin && !without.has(p.name));
  return [...kept.filter((p) => p.bundles === 'all'), ...own, ...kept.filter((p) => p.bundles !== 'all' && p.bundles.includes(out))].map((p) => p.plugin ?? p);
}
