// `npm start` and `npm test` are each the whole set-up on a fresh clone: both begin with
// scripts/ensure-deps.mjs, which installs the npm packages when they are missing or older than the
// lock file. Checked on a copy of the project's package.json, lock file and script in an empty
// folder, with a real `npm ci` (from the cache the project's own install filled where it can, prefer-offline).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

describe('a fresh clone: npm start and npm test install what is missing', () => {
  let dir: string;
  const ensure = (...args: string[]) => execFileSync(process.execPath, ['scripts/ensure-deps.mjs', ...args], {
    cwd: dir, encoding: 'utf8', env: { ...process.env, npm_config_prefer_offline: 'true' }, stdio: ['ignore', 'pipe', 'pipe'],
  });

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-fresh-clone-'));
    fs.mkdirSync(path.join(dir, 'scripts'));
    for (const file of ['package.json', 'package-lock.json', 'scripts/ensure-deps.mjs']) {
      fs.copyFileSync(path.join(root, file), path.join(dir, file));
    }
    // Only the install is under test: no lifecycle script of the project runs in the copy.
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    pkg.scripts = {};
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('both scripts begin with the install check', () => {
    assert.match(manifest.scripts.start, /^node scripts\/ensure-deps\.mjs && /);
    assert.match(manifest.scripts.test, /^node scripts\/ensure-deps\.mjs && /);
  });

  it('installs on a fresh clone, then finds it up to date, and again after the lock file changes', () => {
    assert.match(ensure('--check'), /^install: the npm packages are not installed yet/);
    const out = ensure();
    assert.match(out, /Installing the npm packages \(the npm packages are not installed yet\): npm ci/);
    assert.ok(fs.existsSync(path.join(dir, 'node_modules/tsx/package.json')), 'tsx (which npm start needs first) is installed');
    assert.equal(ensure('--check').trim(), 'up to date');
    assert.equal(ensure(), '', 'nothing to do: no second install');

    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(dir, 'package-lock.json'), later, later);
    assert.match(ensure('--check'), /^install: package-lock.json changed since the last install/);
  });
});
