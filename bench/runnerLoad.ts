// The headless runner against a bare undici loop sending the same requests, in the same run:
// `gateway-workbench run` (dist/cli.js, its own process) on a request file of N requests — nine
// named sales, then a void of the last of them through `{{saleK.payload.transaction.id}}`, each
// with an @expect — and bench/bareUndiciLoop.cjs (its own process) sending the same requests
// through a bare undici Pool, reading and parsing each answer. Each run gets a fresh external
// sandbox (its own process), so stored transactions do not pile up from one run to the next.
// Two figures:
// - peak RSS (ru_maxrss) at 1k and 10k requests: memory must stay flat in the number of requests;
// - steady state: (time at 10k − time at 1k) / 9k per request, start-up cancels out; wall
//   clock and CPU time (on this shared 2-core machine the wall clock swings with the load).
// A third process only reads and parses the same file the way the runner does (the stream parser,
// bundled the same way, two reads), so the figures can be split: what the file's parse costs, and what is left.
// The runner and the bare loop also time, inside the process, the client's own share of each
// round trip: from one answer's end to the next request's headers (bench/answerToNextSend.cjs).
// `npm run bench -- runner` (or `node --import tsx bench/run.ts runner`); expects `npm run build`.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { buildSync } from 'esbuild';
import { fmt, nowMs } from './stats';

const ROOT = path.resolve(__dirname, '..');
const CLI = path.join(ROOT, 'dist/cli.js');
const PEAK_RSS = path.join(__dirname, 'peakRss.cjs');
const BARE_LOOP = path.join(__dirname, 'bareUndiciLoop.cjs');
const ANSWER_GAP = path.join(__dirname, 'answerToNextSend.cjs');
// The runner reads the file twice, 8 KB at a time with synchronous reads (an outline, then each
// request when its turn comes), with the same parse options (src/cli/run/runFiles.ts): so does this process.
const PARSE_ONLY_SOURCE = `const { RequestFileStreamParser } = require(${JSON.stringify(path.join(ROOT, 'src/core/requestFile'))});
const fs = require('node:fs');
const { StringDecoder } = require('node:string_decoder');
function read(outlineOnly) {
  const parser = new RequestFileStreamParser({ positions: false, warnings: false, outlineOnly });
  const fd = fs.openSync(process.argv[2], 'r');
  const buffer = Buffer.allocUnsafe(8192);
  const decoder = new StringDecoder('utf8');
  let count = 0;
  for (let got = fs.readSync(fd, buffer); got > 0; got = fs.readSync(fd, buffer)) { parser.push(decoder.write(buffer.subarray(0, got))); count += parser.take().requests.length; }
  fs.closeSync(fd);
  parser.push(decoder.end());
  parser.end();
  return count + parser.take().requests.length;
}
for (const outlineOnly of [true, false]) if (read(outlineOnly) === 0) throw new Error('nothing parsed');
`;
/**
 * The two file sizes; RUNNER_BENCH_SIZES=3000,20000 measures a later window, once both processes'
 * code is compiled (in the default one both still are, for part of it).
 */
const SIZES = (process.env.RUNNER_BENCH_SIZES ?? '1000,10000').split(',').map(Number) as [number, number];
const ROUNDS = Number(process.env.RUNNER_BENCH_ROUNDS ?? 2);
/** Targets from issue 13: steady state ≤ 1.15× the bare loop; memory flat (10k no more than 1.1× 1k). */
const STEADY_TARGET = 1.15;
const FLAT_TARGET = 1.1;

const SALE_BODY = (k: number) => JSON.stringify({ type: 'SALE', amount: '25.00', card: '4111111111111111', 'exp-date': '1230', csc: '999', invoice: `INV-${k}`, 'software-type': 'GatewayWorkbench' });
const VOID_BODY = (id: string) => JSON.stringify({ type: 'VOID', id, 'software-type': 'GatewayWorkbench' });

interface BareRequest { method: string; path: string; body: string; usesLastId?: boolean; keepsId?: boolean }

/** The request file and the bare loop's list of the same requests. */
export function workload(count: number): { file: string; requests: BareRequest[] } {
  const parts: string[] = [];
  const requests: BareRequest[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 10 === 9) {
      const sale = `sale${i - 1}`;
      parts.push(`### Void\n# @expect status 200\n# @expect payload.transaction.result == APPROVED\nPOST {{gatewayUrl}}/rest/v2/transactions/void\nContent-Type: application/json\nAccept: application/json\n\n${VOID_BODY(`{{${sale}.payload.transaction.id}}`)}\n`);
      requests.push({ method: 'POST', path: '/rest/v2/transactions/void', body: VOID_BODY('__LAST_ID__'), usesLastId: true });
    } else {
      parts.push(`### Sale\n# @name sale${i}\n# @expect status 200\n# @expect payload.transaction.result == APPROVED\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\nAccept: application/json\n\n${SALE_BODY(i)}\n`);
      requests.push({ method: 'POST', path: '/rest/v2/transactions/sale', body: SALE_BODY(i), keepsId: true });
    }
  }
  return { file: parts.join('\n'), requests };
}

/** A fresh external sandbox (`gateway-workbench sandbox`, its own process), and the address and keys it printed. */
export async function startSandbox(): Promise<{ child: ChildProcess; info: Record<string, string> }> {
  const child = spawn(process.execPath, [CLI, 'sandbox', '--port', '0', '--rate', '1000000000'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const first = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', (line) => { rl.close(); resolve(line); });
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code} before printing its address`)));
  });
  return { child, info: JSON.parse(first) as Record<string, string> };
}

interface AnswerGap { p50: number; p90: number; mean: number }
interface Measured { ms: number; cpuMs: number; peakRssBytes: number; gap: AnswerGap }

/** Runs `args` in a fresh node with the peak-RSS preload; wall time from spawn to exit. */
function timedNode(args: string[], env: NodeJS.ProcessEnv, dir: string): Promise<Measured> {
  const rssFile = path.join(dir, `rss-${process.hrtime.bigint()}`);
  const gapFile = `${rssFile}-gap`;
  const t0 = nowMs();
  const child = spawn(process.execPath, ['--require', PEAK_RSS, '--require', ANSWER_GAP, ...args], { cwd: dir, env: { ...process.env, ...env, PEAK_RSS_FILE: rssFile, ANSWER_GAP_FILE: gapFile }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000); }); // its progress lines; the tail tells a failure
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const ms = nowMs() - t0;
      if (code !== 0) { reject(new Error(`${args.join(' ')} exited with ${code}: …${stderr}`)); return; }
      const gap = existsSync(gapFile) ? (JSON.parse(readFileSync(gapFile, 'utf8')) as AnswerGap) : { p50: 0, p90: 0, mean: 0 };
      resolve({ ms, ...(JSON.parse(readFileSync(rssFile, 'utf8')) as { cpuMs: number; peakRssBytes: number }), gap });
    });
  });
}

/** The parser alone, bundled like the CLI (esbuild, minified), for the parse-only process. */
function writeParseOnly(dir: string): string {
  const out = path.join(dir, 'parseOnly.js');
  buildSync({ stdin: { contents: PARSE_ONLY_SOURCE, resolveDir: ROOT, loader: 'js' }, bundle: true, platform: 'node', format: 'cjs', minify: true, outfile: out, logLevel: 'warning' });
  return out;
}

type Kind = 'runner' | 'bare' | 'bare-agent' | 'bare-interceptor' | 'parse';

async function measureOnce(kind: Kind, count: number, dir: string): Promise<Measured> {
  if (kind === 'parse') return timedNode([path.join(dir, 'parseOnly.js'), `load-${count}.gwreq`], {}, dir);
  const sandbox = await startSandbox();
  try {
    const { info } = sandbox;
    if (kind === 'runner') {
      writeFileSync(path.join(dir, 'gateway-workbench.json'), JSON.stringify({ environments: [{ name: 'bench', kind: 'custom', gatewayUrl: info.gatewayUrl, boardingUrl: info.boardingUrl }] }));
      return await timedNode([CLI, 'run', `load-${count}.gwreq`, '--env', 'bench', '--report', 'json', '--output', path.join(dir, 'report.json')], { GATEWAY_API_KEY: info.apiKey }, dir);
    }
    const spec = path.join(dir, `bare-${count}.json`);
    const { requests } = workload(count);
    writeFileSync(spec, JSON.stringify({ origin: new URL(info.gatewayUrl).origin, headers: { 'api-key': info.apiKey, 'content-type': 'application/json', accept: 'application/json' }, requests }));
    return await timedNode([BARE_LOOP, spec], kind === 'bare' ? {} : { BARE_RETRY: kind.slice('bare-'.length) }, dir);
  } finally {
    sandbox.child.kill('SIGTERM');
    await new Promise((resolve) => sandbox.child.once('exit', resolve));
  }
}

/** A difference in ms with its sign: +0.012, −0.003. */
const signed = (ms: number) => (ms < 0 ? `−${fmt(-ms, 3)}` : `+${fmt(ms, 3)}`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

export async function benchRunnerLoad() {
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-runner-'));
  const samples: Record<string, Measured[]> = {};
  try {
    for (const count of SIZES) writeFileSync(path.join(dir, `load-${count}.gwreq`), workload(count).file);
    writeParseOnly(dir);
    // Interleaved, so a noisy minute hurts both sides alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const count of SIZES) {
        for (const kind of ['runner', 'bare', 'bare-agent', 'bare-interceptor', 'parse'] as const) {
          (samples[`${kind}-${count}`] ??= []).push(await measureOnce(kind, count, dir));
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ms = (key: string) => median(samples[key].map((m) => m.ms));
  const cpu = (key: string) => median(samples[key].map((m) => m.cpuMs));
  const rss = (key: string) => median(samples[key].map((m) => m.peakRssBytes));
  const gap = (key: string, of: keyof AnswerGap) => median(samples[key].map((m) => m.gap[of]));
  const mb = (bytes: number) => fmt(bytes / (1024 * 1024), 1);
  const [small, large] = SIZES;
  const perRequest = (of: (key: string) => number, kind: string) => (of(`${kind}-${large}`) - of(`${kind}-${small}`)) / (large - small);
  const steady = perRequest(ms, 'runner') / perRequest(ms, 'bare');
  const steadyCpu = perRequest(cpu, 'runner') / perRequest(cpu, 'bare');
  const sendLoopCpu = (perRequest(cpu, 'runner') - perRequest(cpu, 'parse')) / perRequest(cpu, 'bare');
  const growth = rss(`runner-${large}`) / rss(`runner-${small}`);
  const bareGrowth = rss(`bare-${large}`) / rss(`bare-${small}`);
  return {
    name: `runner (gateway-workbench run) vs a bare undici loop, same requests, ${ROUNDS} rounds, medians`,
    lines: [
      ...SIZES.map((n) => `${String(n).padStart(6)} requests: runner ${fmt(ms(`runner-${n}`) / 1000, 2)} s (CPU ${fmt(cpu(`runner-${n}`) / 1000, 2)} s), peak RSS ${mb(rss(`runner-${n}`))} MB; bare undici ${fmt(ms(`bare-${n}`) / 1000, 2)} s (CPU ${fmt(cpu(`bare-${n}`) / 1000, 2)} s), ${mb(rss(`bare-${n}`))} MB; memory ratio ${fmt(rss(`runner-${n}`) / rss(`bare-${n}`), 2)}`),
      `memory growth ${small / 1000}k → ${large / 1000}k: runner ${fmt(growth, 2)}× (target ≤ ${FLAT_TARGET}: flat), bare undici ${fmt(bareGrowth, 2)}×`,
      `steady state per request, wall: runner ${fmt(perRequest(ms, 'runner'), 3)} ms, bare undici ${fmt(perRequest(ms, 'bare'), 3)} ms, ratio ${fmt(steady, 2)} (target ≤ ${STEADY_TARGET})`,
      `steady state per request, client CPU: runner ${fmt(perRequest(cpu, 'runner'), 3)} ms, bare undici ${fmt(perRequest(cpu, 'bare'), 3)} ms, ratio ${fmt(steadyCpu, 2)}`,
      `client's own time per request from an answer to the next request's headers (in-process, ${large} requests): runner p50 ${fmt(gap(`runner-${large}`, 'p50'), 1)} µs, p90 ${fmt(gap(`runner-${large}`, 'p90'), 1)}, mean ${fmt(gap(`runner-${large}`, 'mean'), 1)}; bare undici p50 ${fmt(gap(`bare-${large}`, 'p50'), 1)}, p90 ${fmt(gap(`bare-${large}`, 'p90'), 1)}, mean ${fmt(gap(`bare-${large}`, 'mean'), 1)}`,
      `undici's retry alone (the bare loop behind it, a callback that never retries), CPU per request: RetryAgent ${fmt(perRequest(cpu, 'bare-agent'), 3)} ms (${signed(perRequest(cpu, 'bare-agent') - perRequest(cpu, 'bare'))}), retry interceptor over the pool's dispatch (what wrapping every request in it would cost; the client engages it only after a failed first attempt) ${fmt(perRequest(cpu, 'bare-interceptor'), 3)} ms (${signed(perRequest(cpu, 'bare-interceptor') - perRequest(cpu, 'bare'))}); wall ${fmt(perRequest(ms, 'bare-agent'), 3)} / ${fmt(perRequest(ms, 'bare-interceptor'), 3)} ms`,
      `of which reading and parsing the file (a process that only does that, twice, streamed like the runner): ${fmt(perRequest(cpu, 'parse'), 3)} ms CPU per request, peak RSS ${mb(rss(`parse-${small}`))} → ${mb(rss(`parse-${large}`))} MB; ` +
        `runner without it: ${fmt(perRequest(cpu, 'runner') - perRequest(cpu, 'parse'), 3)} ms CPU per request, ratio ${fmt(sendLoopCpu, 2)}; memory growth beyond the parse ${mb(rss(`runner-${large}`) - rss(`runner-${small}`) - (rss(`parse-${large}`) - rss(`parse-${small}`)))} MB`,
    ],
    ratios: { steady, steadyCpu, answerGapMean: gap(`runner-${large}`, 'mean') / gap(`bare-${large}`, 'mean'), sendLoopCpu, memoryGrowth: growth, memory10k: rss(`runner-${large}`) / rss(`bare-${large}`), retryAgentCpu: perRequest(cpu, 'bare-agent') / perRequest(cpu, 'bare'), retryInterceptorCpu: perRequest(cpu, 'bare-interceptor') / perRequest(cpu, 'bare') },
  };
}
