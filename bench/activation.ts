// `npm run bench:activation` (and `npm run bench -- activation`): how long loading our bundles
// takes with a stubbed `vscode` module — the way issue 13 measured Stripe's extension bundle
// (894 KB, 79 ms on these machines). Each sample is a fresh node process (a warm module cache
// would measure nothing). Two figures:
// - the activation bundle alone (dist/extension.js);
// - activation + runtime on first use: dist/extension.js, then dist/runtime.js in the same
//   process, as the extension's loadRuntime() does the first time a request is sent.
// Stripe's bundle cannot be installed here (it is not on npm), so its 79 ms comes from the
// issue; what is measured in the same run is a plain-code bundle of Stripe's size (894 KB),
// the same way, so a slower or faster machine shows in that line rather than in our ratio.
// Usage: node --import tsx bench/activation.ts [samples] (default 25); expects `npm run build`.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fmt, percentile } from './stats';

const REPO_ROOT = path.resolve(__dirname, '..');
const BUNDLE = path.join(REPO_ROOT, 'dist/extension.js');
const RUNTIME = path.join(REPO_ROOT, 'dist/runtime.js');
const STRIPE_BUNDLE_MS = 79;
const STRIPE_BUNDLE_BYTES = 894 * 1024;
/** Issue 13's target: activation + runtime on first use at most half of Stripe's bundle load. */
const TARGET_VS_STRIPE = 0.5;

// Runs in each child: hooks module resolution so `require('vscode')` gets a stub that answers
// every property access, call and `new` with itself (enough for top-level code of a bundle),
// then times the require alone (CPU time), excluding node's own start-up.
const CHILD = `
const Module = require('node:module');
const stub = new Proxy(function vscodeStub() {}, {
  get: (target, prop) => (typeof prop === 'symbol' ? undefined : prop === 'prototype' ? {} : stub),
  apply: () => stub,
  construct: () => stub,
});
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
};
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === 'vscode' ? stub : load.call(this, request, ...rest);
};
const cpu0 = process.cpuUsage();
for (const file of process.argv.slice(1)) {
  const exported = require(file);
  if (typeof exported !== 'object' || exported === null) throw new Error(file + ' exported nothing');
}
const cpu = process.cpuUsage(cpu0);
process.stdout.write(String((cpu.user + cpu.system) / 1000));
`;

/**
 * CPU milliseconds (user + system) to require `files` one after the other in a fresh process.
 * CPU time rather than the wall clock: requiring is synchronous work on cached files, so on a
 * quiet machine the two agree, and on a shared busy one (2 cores, many processes) the wall
 * clock mostly measures waiting for a core.
 */
function requireMs(files: readonly string[]): number {
  return Number(execFileSync(process.execPath, ['-e', CHILD, ...files], { encoding: 'utf8' }));
}

/** Plain code of about `bytes` bytes: many small functions, all exported (so none is dead). */
function writeBaselineBundle(bytes: number): string {
  const parts: string[] = ['"use strict";'];
  let size = parts[0].length;
  for (let i = 0; size < bytes; i++) {
    const fn = `function f${i}(a,b){const x=a*${i}+b;return x>${i % 97}?x-${i % 13}:[a,b,${i}].join("-")}exports.f${i}=f${i};\n`;
    parts.push(fn);
    size += fn.length;
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'activation-bench-')), 'baseline.js');
  fs.writeFileSync(file, parts.join(''));
  return file;
}

interface Measured { median: number; p95: number }

function measure(files: readonly string[], samples: number): Measured {
  requireMs(files);   // warm the OS file cache; not counted
  const times = Array.from({ length: samples }, () => requireMs(files)).sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

export function benchActivation(samples = 25) {
  for (const file of [BUNDLE, RUNTIME]) if (!fs.existsSync(file)) throw new Error(`${path.relative(REPO_ROOT, file)} is missing: run "npm run build" first`);
  const bytes = fs.statSync(BUNDLE).size;
  const runtimeBytes = fs.statSync(RUNTIME).size;
  const baselineFile = writeBaselineBundle(bytes);
  const stripeSizedFile = writeBaselineBundle(STRIPE_BUNDLE_BYTES);
  try {
    // Interleaved halves, so a noisy minute hurts every side alike.
    const half = Math.ceil(samples / 2);
    const sides = { ours: [BUNDLE], withRuntime: [BUNDLE, RUNTIME], base: [baselineFile], stripeSized: [stripeSizedFile] };
    const runs: Record<keyof typeof sides, Measured[]> = { ours: [], withRuntime: [], base: [], stripeSized: [] };
    for (const n of [half, samples - half]) {
      for (const key of Object.keys(sides) as Array<keyof typeof sides>) runs[key].push(measure(sides[key], n));
    }
    const avg = (key: keyof typeof sides, k: keyof Measured) => (runs[key][0][k] + runs[key][1][k]) / 2;
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const line = (label: string, size: number, key: keyof typeof sides) => `${label.padEnd(44)} ${kb(size).padStart(9)}  median ${fmt(avg(key, 'median'), 2)} ms  p95 ${fmt(avg(key, 'p95'), 2)} ms`;
    const firstUse = avg('withRuntime', 'median');
    const vsStripe = firstUse / STRIPE_BUNDLE_MS;
    return {
      name: `bundle load: require() with a stubbed vscode, CPU time, ${samples} fresh processes each`,
      lines: [
        line('dist/extension.js (activation)', bytes, 'ours'),
        line('dist/extension.js + dist/runtime.js (first use)', bytes + runtimeBytes, 'withRuntime'),
        line('baseline: plain code, size of dist/extension.js', fs.statSync(baselineFile).size, 'base'),
        line("baseline: plain code, size of Stripe's bundle", fs.statSync(stripeSizedFile).size, 'stripeSized'),
        `activation / plain code of its size           ${fmt(avg('ours', 'median') / avg('base', 'median'), 2)}x`,
        `activation + runtime / Stripe's bundle (${STRIPE_BUNDLE_MS} ms, measured the same way in issue 13)  ${fmt(vsStripe, 2)}x  (target <= ${TARGET_VS_STRIPE})`,
        `activation + runtime / plain code of Stripe's size (same run)  ${fmt(firstUse / avg('stripeSized', 'median'), 2)}x`,
      ],
      ratios: { vsStripe, activationVsPlain: avg('ours', 'median') / avg('base', 'median') },
    };
  } finally {
    for (const file of [baselineFile, stripeSizedFile]) fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

if (require.main === module) {
  const result = benchActivation(Number(process.argv[2] ?? 25));
  console.log(`## ${result.name}`);
  for (const line of result.lines) console.log(`  ${line}`);
}
