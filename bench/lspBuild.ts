// Builds dist/server.js when it is missing or older than any source file it bundles, so
// `npm run bench:lsp` never measures a stale server.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function ensureServerBuilt(repoRoot: string, serverJs: string): void {
  const entry = path.join(repoRoot, 'src/language/server.ts');
  if (!fs.existsSync(entry)) throw new Error('src/language/server.ts does not exist yet: the language server must be written before it can be measured');
  const built = fs.existsSync(serverJs) ? fs.statSync(serverJs).mtimeMs : 0;
  if (built >= newestMtime(path.join(repoRoot, 'src'))) return;
  console.log('dist/server.js is missing or older than src/: building (node scripts/build.mjs)…');
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
}
