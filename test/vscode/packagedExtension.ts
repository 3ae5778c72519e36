// The .vsix the real-editor tests install, exactly as a user would get it: `npm run package`'s
// gateway-workbench-<version>.vsix, re-packaged when any bundle or the manifest is newer.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './harness';

const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };

export const VSIX = path.join(REPO_ROOT, `${manifest.name}-${manifest.version}.vsix`);
/** The folder VS Code unpacks it to inside an extensions dir. */
export const INSTALLED_FOLDER = `${manifest.publisher}.${manifest.name}-${manifest.version}`;

const SOURCES = ['package.json', 'README.md', 'CHANGELOG.md', '.vscodeignore', 'dist/extension.js', 'dist/runtime.js', 'dist/codegen.js', 'dist/importer.js', 'dist/commands.js', 'dist/overview.js', 'dist/overview/overviewView.js', 'dist/overview/overview.css', 'dist/languageClient.js', 'dist/server.js'];

function newestSource(): number {
  return Math.max(...SOURCES.map(f => path.join(REPO_ROOT, f)).filter(f => fs.existsSync(f)).map(f => fs.statSync(f).mtimeMs));
}

/** The path of an up-to-date .vsix, packaging it first when needed. */
export function packagedVsix(): string {
  if (!fs.existsSync(VSIX) || fs.statSync(VSIX).mtimeMs < newestSource()) {
    console.log(`packaging ${path.basename(VSIX)} (npm run package)`);
    execFileSync('npm', ['run', 'package'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return VSIX;
}
