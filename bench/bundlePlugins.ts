// `npm run bench:bundlePlugins` (it makes its own builds): what each custom esbuild plugin saves, measured the
// way a user feels it (scripts/bundlePlugins/README.md keeps the table). The build runs once as
// shipped and once without each plugin (BUNDLE_WITHOUT=name), each into a folder of its own;
// then fresh processes load each build as bench/activation.ts does (a stubbed vscode, CPU time):
// activation (dist/extension.js), and first use on a first start (activation, the runtime, llhttp
// compiled and the built-ins the first exchange loads) and on later starts (the runtime from its
// code cache). The builds are taken in turn, round after round, so a noisy minute on a shared
// machine hits all of them alike. Prints, for each plugin, the medians without it less the
// shipped build's. Rebuilds dist/ as shipped at the end.
// Usage: node --import tsx bench/bundlePlugins.ts [rounds] [name,name] (default 20 rounds, every plugin).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { firstExchangeBuiltins, LLHTTP, loadMs, type Side } from './activation';
import { fmt, percentile } from './stats';

const REPO_ROOT = path.resolve(__dirname, '..');
const PLUGINS = ['deferUndiciHttp2', 'vscodeNamespaceOnce', 'sharedModules'];

type Measure = 'activation' | 'firstStart' | 'laterStart';
const MEASURES: readonly Measure[] = ['activation', 'firstStart', 'laterStart'];

interface Variant { name: string; dir: string; sides: Record<Measure, Side>; ms: Record<Measure, number[]> }

/** The build without `without` (none: as shipped), copied to a folder of its own. */
function buildInto(root: string, without: string | undefined): Variant {
  const env = { ...process.env, BUNDLE_WITHOUT: without ?? '' };
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO_ROOT, env, stdio: 'ignore' });
  const name = without ?? 'as shipped';
  const dir = path.join(root, without ?? 'shipped');
  fs.cpSync(path.join(REPO_ROOT, 'dist'), dir, { recursive: true });
  const file = (f: string) => path.join(dir, f);
  const builtins = firstExchangeBuiltins(file('runtime.js'));
  const firstUse = [`require:${file('extension.js')}`, 'runtime', `llhttp:${LLHTTP}`, ...builtins.map((b) => `builtin:${b}`)];
  const cacheDir = path.join(dir, 'code-cache');
  loadMs({ loads: firstUse, cacheDir });   // writes the code cache for the later starts
  return {
    name, dir,
    sides: { activation: { loads: [`require:${file('extension.js')}`] }, firstStart: { loads: firstUse }, laterStart: { loads: firstUse, cacheDir } },
    ms: { activation: [], firstStart: [], laterStart: [] },
  };
}

const median = (xs: readonly number[]) => percentile([...xs].sort((a, b) => a - b), 50);

function benchBundlePlugins(rounds: number, names: readonly string[]): string[] {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-plugins-bench-'));
  try {
    const variants = [buildInto(root, undefined), ...names.map((n) => buildInto(root, n))];
    for (const v of variants) for (const m of MEASURES) loadMs(v.sides[m]);   // warm the file cache
    for (let round = 0; round < rounds; round++) {
      for (const m of MEASURES) for (const v of variants) v.ms[m].push(loadMs(v.sides[m]));
    }
    const [shipped, ...without] = variants;
    const cell = (v: Variant, m: Measure) => `${fmt(median(v.ms[m]), 1).padStart(6)} ms`;
    const saved = (v: Variant, m: Measure) => `${(median(v.ms[m]) - median(shipped.ms[m]) >= 0 ? '+' : '') + fmt(median(v.ms[m]) - median(shipped.ms[m]), 1)} ms`.padStart(9);
    return [
      `median CPU time of ${rounds} fresh processes each, builds taken in turn:   activation   first use (first start)   first use (later starts)`,
      `${'as shipped'.padEnd(28)} ${cell(shipped, 'activation')}   ${cell(shipped, 'firstStart')}   ${cell(shipped, 'laterStart')}`,
      ...without.map((v) => `without ${v.name.padEnd(20)} ${cell(v, 'activation')} ${saved(v, 'activation')}   ${cell(v, 'firstStart')} ${saved(v, 'firstStart')}   ${cell(v, 'laterStart')} ${saved(v, 'laterStart')}`),
      `(+N ms: what the plugin saves there; the sizes: ${without.map((v) => `${v.name} ${kbDelta(shipped, v)}`).join(', ')})`,
    ];
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
}

/** How much larger the bundles a user loads by the first request are without the plugin. */
function kbDelta(shipped: Variant, v: Variant): string {
  const size = (x: Variant) => ['extension.js', 'runtime.js'].reduce((sum, f) => sum + fs.statSync(path.join(x.dir, f)).size, 0);
  return `${size(v) - size(shipped) >= 0 ? '+' : ''}${((size(v) - size(shipped)) / 1024).toFixed(1)} KB`;
}

if (require.main === module) {
  const names = process.argv[3]?.split(',') ?? PLUGINS;
  for (const line of benchBundlePlugins(Number(process.argv[2] ?? 20), names)) console.log(line);
}
