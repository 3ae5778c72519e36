// Code shaped by a profile says so with a short PERF(bench/<file>.ts) tag, and the story is in
// docs/performance.md (issue 32 §5): each tag names a bench that exists, and each file that has
// one has a row in that page's table of tags.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';

const ROOT = path.resolve(__dirname, '../..');
const TAG = /PERF\((bench\/[A-Za-z0-9]+\.ts)\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? sourceFiles(rel) : /\.(ts|mjs)$/.test(e.name) ? [rel] : [];
  });
}

const tags = ['src', 'scripts'].flatMap(sourceFiles).flatMap((file) =>
  [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(TAG)].map((m) => ({ file, bench: m[1] })));

describe('PERF tags', () => {
  test('mark the code a profile shaped, each naming a bench that exists', () => {
    assert.ok(tags.length >= 20, `only ${tags.length} PERF tags found`);
    for (const { file, bench } of tags) assert.ok(fs.existsSync(path.join(ROOT, bench)), `${file}: PERF(${bench}) names no bench`);
  });

  test('each tagged file has its story in docs/performance.md', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/performance.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## PERF tags'));
    assert.ok(table.length < doc.length, 'docs/performance.md has no "PERF tags" section');
    for (const file of new Set(tags.map((t) => t.file))) {
      assert.ok(table.includes(`\`${file}`) || table.includes(`${path.basename(file)}\``), `${file} has a PERF tag but no row in docs/performance.md's table`);
    }
  });
});
