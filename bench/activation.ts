// `npm run bench:activation`: how long `require` of the activation bundle takes with a stubbed
// `vscode` module — the way the issue measured Stripe's extension bundle (about 90 ms on these
// machines). Each sample is a fresh node process (a warm module cache would measure nothing).
// In the same run, a baseline bundle of the same size made of plain functions is measured the
// same way, so the ratio says what our bundle costs beyond its bytes.
// Usage: node --import tsx bench/activation.ts [samples] (default 25); expects `npm run build`.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fmt, percentile } from './stats';

const REPO_ROOT = path.resolve(__dirname, '..');
const BUNDLE = path.join(REPO_ROOT, 'dist/extension.js');
const STRIPE_BUNDLE_MS = 90;

// Runs in each child: hooks module resolution so `require('vscode')` gets a stub that answers
// every property access, call and `new` with itself (enough for top-level code of a bundle),
// then times the require alone, excluding node's own start-up.
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
const t0 = process.hrtime.bigint();
const exported = require(process.argv[1]);
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
if (typeof exported !== 'object' || exported === null) throw new Error('the bundle exported nothing');
process.stdout.write(String(ms));
`;

function requireMs(file: string): number {
  return Number(execFileSync(process.execPath, ['-e', CHILD, file], { encoding: 'utf8' }));
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

function measure(file: string, samples: number): Measured {
  requireMs(file);   // warm the OS file cache; not counted
  const times = Array.from({ length: samples }, () => requireMs(file)).sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

function main(): void {
  const samples = Number(process.argv[2] ?? 25);
  if (!fs.existsSync(BUNDLE)) throw new Error('dist/extension.js is missing: run "npm run build" first');
  const bytes = fs.statSync(BUNDLE).size;
  const baselineFile = writeBaselineBundle(bytes);
  try {
    // Interleaved halves, so a noisy minute hurts both sides alike.
    const half = Math.ceil(samples / 2);
    const ours = [measure(BUNDLE, half), measure(BUNDLE, samples - half)];
    const base = [measure(baselineFile, half), measure(baselineFile, samples - half)];
    const avg = (m: Measured[], k: keyof Measured) => (m[0][k] + m[1][k]) / 2;
    const oursMedian = avg(ours, 'median');
    const baseMedian = avg(base, 'median');
    console.log(`## activation bundle: require() with a stubbed vscode, ${samples} fresh processes each`);
    console.log(`  dist/extension.js          ${(bytes / 1024).toFixed(1)} KB  median ${fmt(oursMedian, 2)} ms  p95 ${fmt(avg(ours, 'p95'), 2)} ms`);
    console.log(`  baseline (plain code)      ${(fs.statSync(baselineFile).size / 1024).toFixed(1)} KB  median ${fmt(baseMedian, 2)} ms  p95 ${fmt(avg(base, 'p95'), 2)} ms`);
    console.log(`  ratio ours / baseline      ${fmt(oursMedian / baseMedian, 2)}x`);
    console.log(`  vs Stripe's bundle (~${STRIPE_BUNDLE_MS} ms, from the issue)  ${fmt(oursMedian / STRIPE_BUNDLE_MS, 3)}x` +
      `  (${oursMedian < STRIPE_BUNDLE_MS ? 'under' : 'NOT under'})`);
  } finally {
    fs.rmSync(path.dirname(baselineFile), { recursive: true, force: true });
  }
}

main();
