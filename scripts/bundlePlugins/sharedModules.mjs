// Our modules that the activation bundle and the runtime both need — the catalog, request-file
// parsing, redaction, status advice… (~65 KB) — load once, with the activation bundle: the runtime
// (and the code generator, for those of them it needs) reads them from it instead of holding its
// own copy. Before, the first request parsed and ran them a second time inside dist/runtime.js
// (the catalog built its 67 operations twice) and two copies lived side by side (bench/activation.ts).
// - sharedModules() finds them: the files of ours that a first build (nothing written) puts into
//   both the activation bundle and the runtime. The set is closed: a module in both bundles
//   brings everything it imports into both.
// - intoActivation() fills src/extension/lazy/sharedModules.ts (an empty module to TypeScript)
//   with each shared module's namespace, by key, in the activation bundle; its loader hands that
//   object to a bundle that requires SHARED_ID (src/extension/lazy/bundleLoader.ts).
// - fromActivation() makes an import of a shared module, in a lazily loaded bundle, read its
//   namespace from there. A bundle required on its own (a test or bench requiring
//   dist/runtime.js) has no activation bundle to read from: it reads dist/shared.js, the same
//   modules built on their own (sharedBundleSource()), which the .vsix does not ship.
import * as path from 'node:path';

/** What a lazily loaded bundle requires to get the shared modules (bundleLoader.ts answers it). */
export const SHARED_ID = 'gateway-workbench:shared-modules';
/** The shared modules on their own, for a bundle required without the activation bundle. */
export const SHARED_BUNDLE = 'shared.js';
const PLACEHOLDER = path.resolve('src/extension/lazy/sharedModules.ts');

/** Files of ours (relative, as esbuild's metafile names them) that both metafiles hold. */
export function sharedModules(activation, runtime) {
  const ours = (metafile) => Object.keys(metafile.inputs).filter((input) => input.startsWith('src/') && path.resolve(input) !== PLACEHOLDER);
  const inRuntime = new Set(ours(runtime));
  return ours(activation).filter((input) => inRuntime.has(input)).sort();
}

const keyOf = (index) => `m${index}`;
const namespaces = (shared) => shared.map((file, i) => `export * as ${keyOf(i)} from ${JSON.stringify(path.resolve(file))};`).join('\n');

/** dist/shared.js's source: the shared modules' namespaces, by key. */
export function sharedBundleSource(shared) {
  return { contents: namespaces(shared), resolveDir: process.cwd(), loader: 'ts' };
}

/** The activation bundle's plugin: src/extension/lazy/sharedModules.ts holds the shared modules' namespaces. */
export function intoActivation(shared) {
  return {
    name: 'shared-modules-into-activation',
    setup(build) {
      build.onLoad({ filter: /[\\/]sharedModules\.ts$/ }, (args) => (args.path !== PLACEHOLDER ? undefined : { contents: namespaces(shared), loader: 'ts', resolveDir: process.cwd() }));
    },
  };
}

/** A lazily loaded bundle's plugin: `shared`'s modules come from the activation bundle. */
export function fromActivation(shared) {
  const keys = new Map(shared.map((file, i) => [path.resolve(file), keyOf(i)]));
  return {
    name: 'shared-modules-from-activation',
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.namespace !== 'file' || args.pluginData?.fromActivation) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { fromActivation: true } });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const key = keys.get(resolved.path);
        return key === undefined ? resolved : { path: key, namespace: 'shared-module' };
      });
      build.onResolve({ filter: /./, namespace: 'shared-module' }, (args) => (args.path === 'shared-modules' ? { path: 'shared-modules', namespace: 'shared-modules' } : undefined));
      build.onResolve({ filter: /./, namespace: 'shared-modules' }, (args) => ({ path: args.path, external: true }));
      build.onLoad({ filter: /./, namespace: 'shared-module' }, (args) => ({ contents: `module.exports = require("shared-modules").${args.path};`, loader: 'js' }));
      build.onLoad({ filter: /./, namespace: 'shared-modules' }, () => ({
        contents: `let modules;
try { modules = require(${JSON.stringify(SHARED_ID)}); } catch { modules = require("./${SHARED_BUNDLE}"); }
module.exports = modules;`,
        loader: 'js',
      }));
    },
  };
}
