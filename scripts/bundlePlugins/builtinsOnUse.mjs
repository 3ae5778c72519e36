// An esbuild plugin for dist/runtime.js: Node built-in modules that the first request does
// not use are loaded when first used instead of when the bundle loads (node:assert and
// node:worker_threads together ~1.3 ms of the first request's load, node:zlib more:
// bench/activation.ts).
// - node:assert: undici calls assert(value[, message]), and needs the module only when an
//   assertion fails; the stand-in calls the real assert then, so a failure throws as before
//   (and its other functions, which undici does not use today, load the module when read).
// - node:worker_threads: the result renderer starts its worker only for a large body. The
//   stand-in has a getter for every export of the module, each loading it when first read.
// - node:zlib: only a compressed answer needs it (src/core/answers/answerBody.ts reads its functions
//   when it decompresses); same stand-in.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A module whose every export (`names`: by default, the module's as this Node has them) loads `id` when first read. */
export const onFirstRead = (id, names = Object.keys(require(id))) => `module.exports = {${names.map((name) => ` get ${JSON.stringify(name)}() { return require(${JSON.stringify(id)})[${JSON.stringify(name)}]; }`).join(',')} };`;

const LAZY = {
  'node:assert': (importer) => importer.includes('/undici/lib/')
    ? `module.exports = function assert(value, message) { if (!value) require("node:assert")(value, message); };
for (const name of ${JSON.stringify(Object.keys(require('node:assert')))}) Object.defineProperty(module.exports, name, { get: () => require("node:assert")[name] });`
    : undefined,
  'node:worker_threads': () => onFirstRead('node:worker_threads'),
  'node:zlib': () => onFirstRead('node:zlib'),
};

export const builtinsOnUse = {
  name: 'builtins-on-use',
  setup(build) {
    build.onResolve({ filter: /^node:(assert|worker_threads|zlib)$/ }, (args) => {
      if (args.namespace === 'builtin-on-use') return { path: args.path, external: true };
      const contents = LAZY[args.path](args.importer.split('\\').join('/'));
      return contents === undefined ? undefined : { path: args.path, namespace: 'builtin-on-use', pluginData: contents };
    });
    build.onLoad({ filter: /./, namespace: 'builtin-on-use' }, (args) => ({ contents: args.pluginData, loader: 'js' }));
  },
};
