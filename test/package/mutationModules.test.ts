// `npm run mutation` is too slow for `npm test`, so its table could rot unseen: a renamed module
// or test file would make Stryker mutate nothing, or score a module against no test at all.
// This checks the table against the files on disk, in milliseconds.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MUTATION_MODULES } from '../../scripts/mutationModules';

const ROOT = path.resolve(__dirname, '../..');
const isFile = (relative: string) => fs.statSync(path.join(ROOT, relative), { throwIfNoEntry: false })?.isFile() === true;

describe('the mutation-testing table (scripts/mutationModules.ts)', () => {
  it('names each module once, in a form the command line takes', () => {
    const names = MUTATION_MODULES.map((m) => m.name);
    assert.deepEqual(names, [...new Set(names)]);
    for (const name of names) assert.match(name, /^[a-z]+(?:-[a-z]+)*$/);
    const sources = MUTATION_MODULES.map((m) => m.source);
    assert.deepEqual(sources, [...new Set(sources)]);
  });

  for (const mod of MUTATION_MODULES) {
    it(`${mod.name}: its source and test files exist, and its threshold is a percentage`, () => {
      assert.match(mod.source, /^src\/.+\.ts$/);
      assert.ok(isFile(mod.source), `${mod.source} is missing`);
      assert.ok(mod.tests.length > 0, 'no test files');
      for (const test of mod.tests) {
        // Stryker reads these as glob patterns: a literal path must match exactly this file.
        assert.match(test, /^test\/[\w/.-]+\.test\.ts$/);
        assert.ok(isFile(test), `${test} is missing`);
      }
      assert.ok(Number.isFinite(mod.threshold) && mod.threshold >= 0 && mod.threshold <= 100, String(mod.threshold));
    });
  }

  it('is what `npm run mutation` runs, with the Stryker packages it needs', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.equal(manifest.scripts.mutation, 'tsx scripts/mutation.ts');
    assert.ok(isFile('scripts/mutation.ts'));
    for (const pkg of ['@stryker-mutator/core', '@stryker-mutator/tap-runner']) assert.ok(manifest.devDependencies[pkg], pkg);
    assert.doesNotMatch(manifest.scripts.test, /mutation/, 'mutation runs take minutes: keep them out of npm test');
  });
});
