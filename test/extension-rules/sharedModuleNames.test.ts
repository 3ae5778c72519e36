// The activation bundle hands the lazily loaded bundles only the names they take from each shared
// module (scripts/bundlePlugins/sharedModules.mjs: sharedOutside() and usedNames()), found in the
// import lines of an esbuild build with those modules left outside. A name missed there is
// undefined in a lazily loaded bundle at run time, so the reading is checked on real esbuild
// output, for every way a file can take a module's values.
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';

interface SharedModulesPlugin {
  sharedOutside: (shared: string[], only?: string[]) => import('esbuild').Plugin;
  usedNames: (code: string) => Map<string, Set<string> | '*'>;
}

const FILES: Record<string, string> = {
  'named.ts': 'export const a = 1; export function b() { return 2; } export const unused = 3; export interface T { x: number }',
  'whole.ts': 'export const x = 1; export const y = 2;',
  'reexported.ts': 'export class C {} export const D = 4;',
  'defaulted.ts': 'export default function f() { return 5; } export const g = 6;',
  'effects.ts': 'export const e = 7;',
  'star.ts': 'export const s = 8; export const t = 9;',
  'notShared.ts': 'export const n = 10;',
  'entry.ts': [
    "import { a, b as bee, type T } from './named';",
    "import * as whole from './whole';",
    "import f, { g } from './defaulted';",
    "import './effects';",
    "import { n } from './notShared';",
    "export { C } from './reexported';",
    "export * from './star';",
    'const t: T = { x: 1 };',
    'export const out = [a, bee(), whole.x, f(), g, n, t];',
  ].join('\n'),
};

describe('the names the lazily loaded bundles take from the shared modules', () => {
  test('are read from esbuild\'s import and export lines: named, renamed, default, re-exported; whole namespaces as "*"; types and effects-only imports never', async () => {
    const { sharedOutside, usedNames } = (await import(pathToFileURL(path.resolve(__dirname, '../../scripts/bundlePlugins/sharedModules.mjs')).href)) as SharedModulesPlugin;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-names-'));
    try {
      for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(path.join(dir, name), text);
      const shared = ['defaulted.ts', 'effects.ts', 'named.ts', 'reexported.ts', 'star.ts', 'whole.ts'].map((f) => path.join(dir, f));
      const result = await build({ entryPoints: [path.join(dir, 'entry.ts')], bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'silent', plugins: [sharedOutside(shared)] });
      const names = usedNames(result.outputFiles[0].text);
      const byFile = Object.fromEntries([...names].map(([key, used]) => [path.basename(shared[Number(key.slice(1))]), used === '*' ? '*' : [...used].sort()]));
      assert.deepEqual(byFile, {
        'named.ts': ['a', 'b'],
        'whole.ts': '*',
        'defaulted.ts': ['default', 'g'],
        'reexported.ts': ['C'],
        'star.ts': '*',
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
