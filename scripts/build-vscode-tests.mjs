// Bundles the real-VS-Code test suite (test/vscode/suite) for the extension host:
// out/test/vscode/suite/index.js plus one bundle per *.test.ts. "vscode" is provided by the host
// and mocha must stay one shared instance (the test files use the globals its tdd UI installs).
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const suiteDir = join(root, 'test/vscode/suite');
const outDir = join(root, 'out/test/vscode/suite');
const entries = readdirSync(suiteDir).filter(f => f === 'index.ts' || f.endsWith('.test.ts'));

// Start clean so a deleted test cannot keep running from a stale bundle.
rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: entries.map(f => join(suiteDir, f)),
  outdir: outDir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'inline',
  external: ['vscode', 'mocha'],
  logLevel: 'warning',
});
console.log(`built ${entries.length} file(s) into ${outDir}`);
