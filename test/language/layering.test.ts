// The language server reads the Local sandbox's public facts (decline amounts, returning ACH
// accounts, the control surface, token ids) from the catalog, never the sandbox's internals:
// its bundle must not carry the sandbox, and a sandbox refactor must not break the editor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const LANGUAGE = path.resolve(__dirname, '../../src/language');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sources(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

test('nothing under src/language imports from src/sandbox', () => {
  const files = sources(LANGUAGE);
  assert.ok(files.length > 20, `the language sources are found (${files.length})`);
  const offenders = files.flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return [...text.matchAll(/from\s+'([^']+)'/g)]
      .map((m) => m[1]!)
      .filter((spec) => path.resolve(path.dirname(file), spec).startsWith(path.resolve(LANGUAGE, '../sandbox')))
      .map((spec) => `${path.relative(LANGUAGE, file)} → ${spec}`);
  });
  assert.deepEqual(offenders, []);
});
