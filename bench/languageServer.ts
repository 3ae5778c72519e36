// The language server's bench (bench/lsp.ts, also `npm run bench:lsp`) as one of `npm run bench`'s:
// it runs in its own process because it spawns and drives a server over stdio and prints its
// own table, with its same-run baselines (the protocol round-trip) and targets.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

export function benchLanguageServer(): { name: string; lines: string[] } {
  const script = path.join(__dirname, 'lsp.ts');
  const out = execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const [title, ...lines] = out.trimEnd().split('\n');
  return { name: title.replace(/^##\s*/, ''), lines: lines.map((l) => l.replace(/^ {2}/, '')) };
}
