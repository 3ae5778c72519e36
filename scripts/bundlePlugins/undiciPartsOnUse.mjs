// An esbuild plugin for dist/runtime.js, the bundle the extension's first request loads: two
// parts of undici that the first request does not need are kept out of it, so that loading it
// parses ~180 KB less (bench/activation.ts). undici's code is unchanged.
// - llhttp, undici's HTTP/1.1 parser, is WebAssembly that undici ships as two base64 strings
//   (141 KB of the bundle, with and without SIMD) and compiles at the first connection. Those
//   bytes are shipped as files next to the bundle (dist/llhttp_simd.wasm, dist/llhttp.wasm) and
//   read at that same moment instead.
// - undici's fetch body code (web/fetch/body.js and what it needs, ~40 KB) is required only to
//   send a FormData request body; the gateway client sends text bodies only, so it is left out,
//   and a FormData body would fail with a message that says so.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';

const require = createRequire(import.meta.url);

/** undici's module → the file its bytes are shipped as. */
const LLHTTP_FILES = { 'llhttp_simd-wasm.js': 'llhttp_simd.wasm', 'llhttp-wasm.js': 'llhttp.wasm' };

const undiciFile = (importer, ...parts) => importer.endsWith(path.join('undici', 'lib', ...parts));

export const undiciPartsOnUse = {
  name: 'undici-parts-on-use',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/llhttp\/llhttp(_simd)?-wasm\.js$/ }, (args) => {
      if (!undiciFile(args.importer, 'dispatcher', 'client-h1.js')) return undefined;
      // A real path (the notices find undici's license from it) marked by a suffix for onLoad.
      return { path: path.join(args.resolveDir, args.path), suffix: '?file' };
    });
    build.onLoad({ filter: /llhttp(_simd)?-wasm\.js$/ }, (args) => (args.suffix !== '?file' ? undefined : {
      contents: `module.exports = require("node:fs").readFileSync(require("node:path").join(__dirname, ${JSON.stringify(LLHTTP_FILES[path.basename(args.path)])}));`,
      loader: 'js',
    }));
    build.onResolve({ filter: /^\.\.\/web\/fetch\/body\.js$/ }, (args) => {
      const fromClient = undiciFile(args.importer, 'dispatcher', 'client-h1.js') || undiciFile(args.importer, 'dispatcher', 'client-h2.js');
      return fromClient ? { path: 'fetch-body', namespace: 'left-out' } : undefined;
    });
    build.onLoad({ filter: /./, namespace: 'left-out' }, () => ({
      contents: 'module.exports = { extractBody() { throw new TypeError("FormData request bodies are not part of this build: the gateway client sends text bodies (scripts/bundlePlugins/undiciPartsOnUse.mjs)."); } };',
      loader: 'js',
    }));
  },
};

/** Writes llhttp's WebAssembly next to the bundle, decoded from undici's own modules. */
export function writeLlhttpFiles(outDir) {
  for (const [module, file] of Object.entries(LLHTTP_FILES)) {
    writeFileSync(path.join(outDir, file), require(require.resolve(`undici/lib/llhttp/${module}`, { paths: [process.cwd()] })));
  }
}
