// An esbuild plugin for dist/runtime.js: of jsonc-parser, only its scanner and parser. The runtime
// uses createScanner, parse and visit (src/core/codecs/jsonErrorLocator.ts and the traffic checks'
// src/core/requestLint/body/jsonFieldLocations.ts); the package's entry also brings its formatter
// and editor, and with them a table of 1,200 indentation strings built when the bundle loads,
// all on the first request's path (bench/activation.ts). The language server keeps the whole
// package (it formats and edits). An import of any other name fails the build, not a user.
import { createRequire } from 'node:module';
import * as path from 'node:path';

const require = createRequire(import.meta.url);
// By file, because the build's alias for 'jsonc-parser' (scripts/build.mjs) would remap a subpath.
const esmDir = path.join(path.dirname(require.resolve('jsonc-parser', { paths: [process.cwd()] })), '..', 'esm', 'impl');

export const jsoncParserParts = {
  name: 'jsonc-parser-parts',
  setup(build) {
    build.onResolve({ filter: /^jsonc-parser(\/lib\/esm\/main\.js)?$/ }, () => ({ path: 'jsonc-parser', namespace: 'jsonc-parser-parts' }));
    build.onLoad({ filter: /./, namespace: 'jsonc-parser-parts' }, () => ({
      contents: [
        `export { createScanner } from ${JSON.stringify(path.join(esmDir, 'scanner.js'))};`,
        `export { parse, visit } from ${JSON.stringify(path.join(esmDir, 'parser.js'))};`,
      ].join('\n'),
      resolveDir: esmDir,
      loader: 'js',
    }));
  },
};
