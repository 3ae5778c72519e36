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
// The command bodies in dist/commands.js share more with the activation bundle than the runtime
// does (the environments, the result documents, the command runner: state that must be one),
// so the activation bundle holds the union of both sets, keyed in one list; dist/shared.js and
// the runtime's bundles keep to the runtime's set (`only`), which imports no vscode. dist/commands.js
// is loaded only by the extension, never on its own.
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
const namespaces = (shared, only = shared) => shared.map((file, i) => (only.includes(file) ? `export * as ${keyOf(i)} from ${JSON.stringify(path.resolve(file))};` : '')).filter(Boolean).join('\n');

/**
 * A plugin for a first build (nothing written, format 'esm', not minified) of a lazily loaded
 * bundle: each shared module (in `only`, all when not given) stays outside it, so esbuild's
 * import lines name exactly the values the bundle takes from each (usedNames() reads them).
 */
export function sharedOutside(shared, only = shared) {
  const keys = new Map(shared.flatMap((file, i) => (only.includes(file) ? [[path.resolve(file), keyOf(i)]] : [])));
  return {
    name: 'shared-modules-outside',
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.namespace !== 'file' || args.pluginData?.outside) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { outside: true } });
        const key = keys.get(resolved.path);
        return key === undefined ? resolved : { path: `shared-module:${key}`, external: true };
      });
    },
  };
}

/** Adds to `names` (key → Set of names, or '*' for the whole namespace) what `code`, the output of a build with sharedOutside(), takes from the shared modules. */
export function usedNames(code, names = new Map()) {
  const add = (key, list) => {
    if (names.get(key) === '*') return;
    if (list === '*') return void names.set(key, '*');
    const set = names.get(key) ?? new Set();
    for (const item of list.split(',').map((n) => n.trim()).filter(Boolean)) set.add(item.split(/\s+as\s+/)[0]);
    names.set(key, set);
  };
  for (const m of code.matchAll(/(?:import|export)\s*(\{[^}]*\}|\*\s*as\s+[\w$]+|\*|[\w$]+\s*,\s*\{[^}]*\}|[\w$]+)?\s*(?:from\s*)?"shared-module:(m\d+)"/g)) {
    const [, what = '', key] = m;
    if (what === '') continue; // import "…": for its effects only, which ran in the activation bundle
    if (what.startsWith('*')) add(key, '*');
    else if (what.includes('{')) { add(key, what.slice(what.indexOf('{') + 1, what.lastIndexOf('}'))); if (!what.startsWith('{')) add(key, 'default'); }
    else add(key, 'default');
  }
  return names;
}

/**
 * The activation bundle's src/extension/lazy/sharedModules.ts, given what the lazily loaded
 * bundles take (usedNames()): of each shared module, an object of those names, as getters (a
 * shared module may be in a cycle of imports, not yet evaluated when this one is); its whole
 * namespace when one takes that ('*'); nothing when none takes anything from it.
 */
function namespacesOf(shared, names) {
  if (names === undefined) return namespaces(shared);
  return shared.map((file, i) => {
    const key = keyOf(i);
    const used = names.get(key);
    const from = JSON.stringify(path.resolve(file));
    if (used === '*') return `export * as ${key} from ${from};`;
    const list = [...(used ?? [])].sort();
    if (list.length === 0) return '';
    return `import { ${list.map((n, j) => `${n} as ${key}_${j}`).join(', ')} } from ${from};\nexport const ${key} = { ${list.map((n, j) => `get ${JSON.stringify(n)}() { return ${key}_${j}; }`).join(', ')} };`;
  }).filter(Boolean).join('\n');
}

/** dist/shared.js's source: the namespaces of the shared modules in `only` (all when not given), by key. */
export function sharedBundleSource(shared, only = shared) {
  return { contents: namespaces(shared, only), resolveDir: process.cwd(), loader: 'ts' };
}

/**
 * The activation bundle's plugin: src/extension/lazy/sharedModules.ts holds the shared modules'
 * namespaces, or, given `names` (usedNames()), only what the lazily loaded bundles take from
 * each: a whole namespace keeps every export of its module, used or not (~20 KB of them).
 */
export function intoActivation(shared, names = undefined) {
  return {
    name: 'shared-modules-into-activation',
    setup(build) {
      build.onLoad({ filter: /[\\/]sharedModules\.ts$/ }, (args) => (args.path !== PLACEHOLDER ? undefined : { contents: namespacesOf(shared, names), loader: 'ts', resolveDir: process.cwd() }));
    },
  };
}

/** A lazily loaded bundle's plugin: `shared`'s modules in `only` (all when not given) come from the activation bundle. */
export function fromActivation(shared, only = shared) {
  const keys = new Map(shared.flatMap((file, i) => (only.includes(file) ? [[path.resolve(file), keyOf(i)]] : [])));
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
