// Installs the project's npm packages when they are missing or older than package-lock.json, so
// that `npm start` and `npm test` are each the whole set-up on a fresh clone (the README's two
// commands). Node built-ins only: it runs before anything is installed.
// `--check` prints what it would do and exits 0 (install needed: prints "install") without installing.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Why an install is needed, or undefined when node_modules matches the lock file. npm writes
 * node_modules/.package-lock.json on every install; it is older than package-lock.json when the
 * lock changed since (a pull that added a package), and missing on a fresh clone.
 */
export function installReason(root) {
  const lock = path.join(root, 'package-lock.json');
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(installed)) return 'the npm packages are not installed yet';
  if (fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs + 1000) {
    return 'package-lock.json changed since the last install';
  }
  return undefined;
}

function main() {
  const reason = installReason(ROOT);
  if (process.argv.includes('--check')) {
    console.log(reason ? `install: ${reason}` : 'up to date');
    return;
  }
  if (!reason) return;
  console.log(`Installing the npm packages (${reason}): npm ci…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`npm ci failed (exit ${result.status ?? result.signal}); run it by hand to see why, then try again.`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
