// An esbuild plugin for dist/runtime.js, the bundle the extension's first request loads:
// fast-xml-parser and the packages it needs (~80 KB, a fifth of the bundle) are left out of it
// and built on their own into dist/xml.js, which loads when XML is first used — an XML answer,
// an XML sample, Format on an XML body. Answers in JSON, the default, never load it. In the
// runtime bundle, 'fast-xml-parser' is a module whose every export (as the package has them)
// loads dist/xml.js when first read; src/core/codecs/codecs.ts and src/sandbox/http/xmlRendering.ts make
// their parsers and builders at first use, so loading the runtime reads none of them. The
// extension's loader gives the runtime a require() that loads dist/xml.js through the same code
// cache as the runtime (src/extension/lazy/bundleLoader.ts). The CLI stays one file.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A module whose every export (`names`) loads `id` when first read. */
const onFirstRead = (id, names) => `module.exports = {${names.map((name) => ` get ${JSON.stringify(name)}() { return require(${JSON.stringify(id)})[${JSON.stringify(name)}]; }`).join(',')} };`;

/** The XML bundle's file, next to dist/runtime.js. */
export const XML_BUNDLE = 'xml.js';

/** The XML bundle's whole source: fast-xml-parser's exports. */
export const xmlBundleSource = { contents: 'module.exports = require("fast-xml-parser");', resolveDir: process.cwd(), loader: 'js' };

const names = Object.keys(require(require.resolve('fast-xml-parser', { paths: [process.cwd()] })));

export const xmlOnUse = {
  name: 'xml-on-use',
  setup(build) {
    build.onResolve({ filter: /^fast-xml-parser$/ }, () => ({ path: 'fast-xml-parser', namespace: 'xml-on-use' }));
    build.onResolve({ filter: /./, namespace: 'xml-on-use' }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /./, namespace: 'xml-on-use' }, () => ({
      contents: onFirstRead(`./${XML_BUNDLE}`, names),
      loader: 'js',
    }));
  },
};
