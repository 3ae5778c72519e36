// An esbuild plugin for dist/runtime.js: two Node built-in modules that the first request does
// not use are loaded when first used instead of when the bundle loads (together ~1.3 ms of the
// first request's load, bench/activation.ts).
// - node:assert: undici calls only assert(value[, message]), and needs the module only when an
//   assertion fails; the stand-in calls the real assert then, so a failure throws as before.
// - node:worker_threads: the result renderer starts its worker only for a large body.
const LAZY = {
  'node:assert': (importer) => importer.includes('/undici/lib/')
    ? 'module.exports = function assert(value, message) { if (!value) require("node:assert")(value, message); };'
    : undefined,
  'node:worker_threads': () => 'module.exports = { get Worker() { return require("node:worker_threads").Worker; } };',
};

export const builtinsOnUse = {
  name: 'builtins-on-use',
  setup(build) {
    build.onResolve({ filter: /^node:(assert|worker_threads)$/ }, (args) => {
      if (args.namespace === 'builtin-on-use') return { path: args.path, external: true };
      const contents = LAZY[args.path](args.importer.split('\\').join('/'));
      return contents === undefined ? undefined : { path: args.path, namespace: 'builtin-on-use', pluginData: contents };
    });
    build.onLoad({ filter: /./, namespace: 'builtin-on-use' }, (args) => ({ contents: args.pluginData, loader: 'js' }));
  },
};
