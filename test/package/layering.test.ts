// The layering rules in .dependency-cruiser.cjs fail the build: a copy of src/ with one planted
// violation per rule goes through the real dependency-cruiser CLI with the repo's config, and each
// rule must name its planted file (and only planted files may be named).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';

const REPO_ROOT = path.resolve(__dirname, '../..');
const DEPCRUISE = path.join(REPO_ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** Planted files, by the rule each one breaks. */
const PLANTED: Record<string, Record<string, string>> = {
  'vscode-only-in-extension': {
    'src/core/plantedVscode.ts': "import * as vscode from 'vscode';\nexport const planted = vscode.version;\n",
  },
  'catalog-imports-nothing': {
    'src/catalog/plantedThirdParty.ts': "import { request } from 'undici';\nexport const planted = request;\n",
  },
  'core-points-down': {
    'src/core/plantedUpward.ts': "import { startSandbox } from '../sandbox/server';\nexport const planted = startSandbox;\n",
  },
  'language-points-down': {
    'src/language/plantedSandbox.ts': "import { startSandbox } from '../sandbox/server';\nexport const planted = startSandbox;\n",
  },
  'front-ends-apart': {
    'src/cli/plantedExtension.ts': "import { loadRuntime } from '../extension/lazy/runtime';\nexport const planted = loadRuntime;\n",
  },
  'no-circular': {
    'src/core/plantedCycleA.ts': "import { b } from './plantedCycleB';\nexport const a = (): number => b() + 1;\n",
    'src/core/plantedCycleB.ts': "import { a } from './plantedCycleA';\nexport const b = (): number => a() - 1;\n",
  },
  'no-orphans': {
    'src/sandbox/plantedOrphan.ts': 'export const planted = 1;\n',
  },
};

interface Violation { rule: string; from: string }

/** Runs the CLI as `npm run lint` does; its exit code and the violations its report lists. */
function cruise(cwd: string): Promise<{ code: number; violations: Violation[]; output: string }> {
  const args = [DEPCRUISE, 'src', '--config', path.join(REPO_ROOT, '.dependency-cruiser.cjs')];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      const violations = [...stdout.matchAll(/^\s*error ([\w-]+): (\S+)/gm)].map((m) => ({ rule: m[1]!, from: m[2]! }));
      resolve({ code, violations, output: stdout + stderr });
    });
  });
}

describe('layering rules (dependency-cruiser)', () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'layering-'));
  after(() => fs.rmSync(copy, { recursive: true, force: true }));

  test('a planted violation of each rule fails the run and is named', async () => {
    // src/ and the data files it imports from beside it (the snippets the language server offers,
    // the package's version).
    for (const dir of ['src', 'snippets']) fs.cpSync(path.join(REPO_ROOT, dir), path.join(copy, dir), { recursive: true });
    for (const file of ['tsconfig.json', 'package.json']) fs.copyFileSync(path.join(REPO_ROOT, file), path.join(copy, file));
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    for (const files of Object.values(PLANTED)) {
      for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(copy, file), text);
    }

    const { code, violations, output } = await cruise(copy);

    assert.notEqual(code, 0, `dependency-cruiser must exit non-zero on violations:\n${output}`);
    const plantedFiles = new Set(Object.values(PLANTED).flatMap((files) => Object.keys(files)));
    for (const [rule, files] of Object.entries(PLANTED)) {
      const named = violations.filter((v) => v.rule === rule).map((v) => v.from);
      for (const file of Object.keys(files)) {
        if (rule === 'no-circular' && file.endsWith('B.ts')) continue; // the cycle is reported from one end
        assert.ok(named.includes(file), `rule ${rule} did not name ${file}; it named: ${named.join(', ') || 'nothing'}`);
      }
    }
    const unplanted = violations.filter((v) => !plantedFiles.has(v.from));
    assert.deepEqual(unplanted.map((v) => `${v.rule}: ${v.from}`), [], 'the unmodified sources must have no violations (npm run lint)');
  });
});
