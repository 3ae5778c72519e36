// The build's custom esbuild plugins, one row each: which bundles it applies to, what it saves
// (measured, same-run A/B: the build with and without it), the test that fails if its saving is
// lost, and the private files of a library it reaches into (each pins that library exactly).
// scripts/build.mjs reads the rows to attach the plugins; test/extension-rules/bundlePlugins.test.ts
// checks the guards and the pins. README.md (this folder) says how to measure a row again.
import { deferUndiciHttp2 } from './deferUndiciHttp2.mjs';
import { vscodeNamespaceOnce } from './vscodeNamespaceOnce.mjs';

/**
 * `bundles`: 'all', or the outputs it applies to. `sharedModules` is no plain plugin (a first build
 * finds the modules, then two plugins and dist/shared.js use them): scripts/build.mjs wires it.
 */
export const BUNDLE_PLUGINS = [
  { name: 'deferUndiciHttp2', plugin: deferUndiciHttp2, bundles: 'all' },
  { name: 'vscodeNamespaceOnce', plugin: vscodeNamespaceOnce, bundles: ['dist/extension.js'] },
  { name: 'sharedModules', bundles: ['dist/extension.js', 'dist/runtime.js', 'dist/codegen.js'] },
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
