// The build's custom esbuild plugins are fenced in scripts/bundlePlugins/ (issue 32 §5): every
// plugin file there has a row in index.mjs's table and in the folder's README.md, each row says
// what it saves and names a test that guards the saving (and that test names the plugin), and
// the private files of a library a row reaches into still exist where the plugin looks for them.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, describe, test } from 'node:test';

const ROOT = path.resolve(__dirname, '../..');
const FOLDER = path.join(ROOT, 'scripts/bundlePlugins');

interface Row { name: string; bundles: 'all' | string[]; saves: string; guard: string; privateFiles: string[] }

let rows: Row[] = [];
before(async () => {
  rows = ((await import(pathToFileURL(path.join(FOLDER, 'index.mjs')).href)) as { BUNDLE_PLUGINS: Row[] }).BUNDLE_PLUGINS;
});

describe('scripts/bundlePlugins', () => {
  test('every plugin file has a row, and every row a file', () => {
    const files = fs.readdirSync(FOLDER).filter((f) => f.endsWith('.mjs') && f !== 'index.mjs').map((f) => f.replace(/\.mjs$/, '')).sort();
    assert.deepEqual(rows.map((r) => r.name).sort(), files);
  });

  test('each row says what it saves and names a test that exists and guards it', () => {
    for (const row of rows) {
      assert.ok(row.saves.length > 0, `${row.name}: no saving`);
      const guard = path.join(ROOT, row.guard);
      assert.ok(fs.existsSync(guard), `${row.name}: its guard ${row.guard} does not exist`);
      assert.ok(fs.readFileSync(guard, 'utf8').includes(row.name), `${row.guard} does not name ${row.name}, the plugin it guards`);
    }
  });

  test('the private files a row reaches into are where the plugin looks', () => {
    for (const row of rows) {
      for (const file of row.privateFiles) assert.ok(fs.existsSync(path.join(ROOT, 'node_modules', file)), `${row.name} reaches into ${file}, which is gone: the library changed its layout`);
    }
  });

  test("the folder's README.md has each row", () => {
    const readme = fs.readFileSync(path.join(FOLDER, 'README.md'), 'utf8');
    for (const row of rows) {
      assert.match(readme, new RegExp(`^\\| \`${row.name}\``, 'm'), `README.md has no row for ${row.name}`);
      assert.ok(readme.includes(row.guard), `README.md's row for ${row.name} does not name its guard ${row.guard}`);
    }
  });
});
