// An esbuild plugin: undici's Client requires its HTTP/2 half (client-h2.js) at load, and that
// file loads node:http2 — the costliest part of loading our runtime bundle, for a protocol our
// pools never negotiate (allowH2 is off). Bundled behind a function instead, client-h2.js and
// node:http2 load only if a connection ever negotiates HTTP/2; undici's code is unchanged.
import { createRequire } from 'node:module';
import * as path from 'node:path';

const require = createRequire(import.meta.url);

export const deferUndiciHttp2 = {
  name: 'defer-undici-http2',
  setup(build) {
    build.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) => {
      if (!args.importer.endsWith(`${path.sep}undici${path.sep}lib${path.sep}dispatcher${path.sep}client.js`)) return undefined;
      // A real path (the notices find undici's license from it) marked by a suffix for onLoad.
      return { path: path.join(args.resolveDir, 'client-h2.js'), suffix: '?deferred' };
    });
    build.onLoad({ filter: /client-h2\.js$/ }, (args) => {
      if (args.suffix !== '?deferred') return undefined;
      return {
        contents: `module.exports = function connectH2(client, socket) { return require(${JSON.stringify(args.path)})(client, socket); };`,
        resolveDir: path.dirname(args.path),
        loader: 'js',
      };
    });
  },
};

// Fails the build if undici stops being laid out as this plugin expects.
require.resolve('undici/lib/dispatcher/client-h2.js', { paths: [process.cwd()] });
