// Where a statement is saved by default, and the git work tree check that warns before saving
// merchant data into a repository: on real folders in the temp dir.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { downloadsFolder, gitWorkTreeOf } from '../../src/extension/results/statementFolder';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gw-statement-'));

test('a folder below a .git folder is inside that work tree, however deep', () => {
  const repo = tmp();
  fs.mkdirSync(path.join(repo, '.git'));
  const deep = path.join(repo, 'src', 'statements');
  fs.mkdirSync(deep, { recursive: true });
  assert.equal(gitWorkTreeOf(deep), repo);
  assert.equal(gitWorkTreeOf(repo), repo);
  fs.rmSync(repo, { recursive: true, force: true });
});

test('a linked worktree (a .git file) counts as a work tree too', () => {
  const worktree = tmp();
  fs.writeFileSync(path.join(worktree, '.git'), 'gitdir: /elsewhere/.git/worktrees/x\n');
  assert.equal(gitWorkTreeOf(path.join(worktree, 'missing', 'folder')), worktree);
  fs.rmSync(worktree, { recursive: true, force: true });
});

test('a folder outside any work tree is not', () => {
  const plain = tmp();
  // The temp dir itself could sit in a repository on a developer's machine: only assert when it does not.
  const above = gitWorkTreeOf(os.tmpdir());
  assert.equal(gitWorkTreeOf(plain), above);
  if (above === undefined) assert.equal(gitWorkTreeOf(plain), undefined);
  fs.rmSync(plain, { recursive: true, force: true });
});

test('Downloads is proposed only when the folder exists', () => {
  const home = tmp();
  assert.equal(downloadsFolder(home), undefined);
  fs.mkdirSync(path.join(home, 'Downloads'));
  assert.equal(downloadsFolder(home), path.join(home, 'Downloads'));
  fs.rmSync(home, { recursive: true, force: true });
});
