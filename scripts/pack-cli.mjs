// `npm run package:cli`: the command-line package, gateway-workbench-<version>.tgz, built from the
// same sources as the extension and depending on nothing (everything is bundled). It carries
//   dist/cli.js        the `gateway-workbench` command (sandbox, run, catalog, lsp)
//   dist/server.js     the request-file language server (`gateway-workbench lsp --stdio`)
//   dist/sandbox.js    the Local sandbox as a library, with dist/sandbox.d.ts
//   dist/js-sdk/clearent-host.js  the JavaScript SDK stand-in the sandbox serves to web pages
// plus its README (packaging/cli/README.md), LICENSE and the bundled packages' notices.
// Expects `npm run build` first. Prints the tarball's path.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stage = join(root, 'out/cli-package');
const ext = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

const BUNDLES = ['dist/cli.js', 'dist/server.js', 'dist/sandbox.js', 'dist/js-sdk/clearent-host.js', 'dist/THIRD-PARTY-NOTICES.md'];
for (const f of BUNDLES) {
  if (!existsSync(join(root, f))) throw new Error(`${f} is missing: run "npm run build" first`);
}

const manifest = {
  name: 'gateway-workbench',
  version: ext.version,
  description: 'Run payment-gateway request files in CI, start the Local sandbox gateway from your own tests, and get request-file completion and diagnostics in any LSP editor.',
  keywords: ['payment gateway', 'payments', 'sandbox', 'api testing', 'request file', 'junit', 'language server', 'cli'],
  license: ext.license,
  homepage: ext.homepage,
  repository: ext.repository,
  bugs: ext.bugs,
  bin: { 'gateway-workbench': 'dist/cli.js' },
  main: 'dist/sandbox.js',
  types: 'dist/sandbox.d.ts',
  exports: {
    '.': { types: './dist/sandbox.d.ts', default: './dist/sandbox.js' },
    './sandbox': { types: './dist/sandbox.d.ts', default: './dist/sandbox.js' },
    './cli': './dist/cli.js',
    './package.json': './package.json',
  },
  files: ['dist/', 'README.md', 'LICENSE'],
  engines: { node: ext.engines.node },
};

rmSync(stage, { recursive: true, force: true });
mkdirSync(join(stage, 'dist/js-sdk'), { recursive: true });
for (const f of BUNDLES) copyFileSync(join(root, f), join(stage, f));
copyFileSync(join(root, 'LICENSE'), join(stage, 'LICENSE'));
copyFileSync(join(root, 'packaging/cli/README.md'), join(stage, 'README.md'));
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
// One declaration file for the library's public surface, checked by the installed-package test.
execFileSync(process.execPath, [join(root, 'node_modules/dts-bundle-generator/dist/bin/dts-bundle-generator.js'),
  '--no-check', '--silent', '--project', join(root, 'tsconfig.json'), '-o', join(stage, 'dist/sandbox.d.ts'), join(root, 'src/sandbox/library.ts')],
{ stdio: 'inherit' });

const out = execFileSync('npm', ['pack', '--json', '--pack-destination', root], { cwd: stage, encoding: 'utf8' });
const [packed] = JSON.parse(out);
console.log(`${join(root, packed.filename)} (${packed.entryCount} files, ${(packed.size / 1024).toFixed(1)} KB)`);
