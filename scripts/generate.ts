// `npm run generate`: writes every file derived from the catalog and the parts' data, after an
// operation, a command, a menu row or a sample changed. One row per generator, in the order they
// depend on each other (the catalog reads the XML samples, so they come first); each runs in its
// own process, so it reads what the one before it wrote. Each still runs alone (`npm run
// manifest`, …), and a test fails when its file drifts (docs/architecture.md, "The catalog").
// Usage: tsx scripts/generate.ts
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

interface Generator {
  /** What it writes. */
  writes: string;
  script: string;
  args?: readonly string[];
}

const GENERATORS: readonly Generator[] = [
  { writes: 'src/catalog/xmlSamples.ts', script: 'generate-xml-samples.ts' },
  { writes: 'package.json contributions, schemas/gateway-workbench.schema.json, schemas/gwseed.schema.json, schemas/gwsettings.schema.json', script: 'generate-manifest.ts' },
  { writes: 'snippets/', script: 'generate-snippets.ts' },
  { writes: 'README.md operation table', script: 'operationsTable.ts', args: ['--write'] },
  { writes: 'docs/sandbox.md parity table', script: 'parityTable.ts', args: ['--write'] },
];

const ROOT = path.resolve(__dirname, '..');

for (const generator of GENERATORS) {
  console.log(`generate: ${generator.writes}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, generator.script), ...(generator.args ?? [])], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`generate: scripts/${generator.script} failed (${run.error?.message ?? `exit ${run.status ?? run.signal}`}); the generators after it did not run`);
    process.exit(1);
  }
}
