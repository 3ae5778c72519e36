// What the sandbox's history costs a transaction search (issue 34 §6): `GET /rest/v2/transactions`
// with the filters and pages an integrator's app sends, against a sandbox seeded with 200k stored
// transactions over 180 days (bench/sandboxStored.ts `months`), in alternation with the same
// query against an empty sandbox and one holding one page (25) of the same records, in the same
// process and minutes: machines here are noisy, so the figure is the median of the per-round
// ratios. Target: each search at 200k stored within 2× its empty-sandbox latency.
// `npm run bench -- search` (STORED_SEARCH_LEVEL, SEARCH_BENCH_ROUNDS to change the size and length).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type RunningSandbox } from '../src/sandbox/server';
import { seedDataFile } from './sandboxStored';
import { fmt, nowMs, summarize } from './stats';

const STORED = Number(process.env.STORED_SEARCH_LEVEL ?? 200_000);
const ROUNDS = Number(process.env.SEARCH_BENCH_ROUNDS ?? 200);
const WARM_UP = 30;
const TARGET = 2;
/** The first seeded id (the sandbox's first card transaction id). */
const FIRST_ID = 100001;

/** The seeded history runs over 180 days up to the seeding: one day near its middle. */
function middleDay(): string {
  const day = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  return `start-date=${day}%2000:00&end-date=${day}%2023:59`;
}

const QUERIES: Array<{ name: string; query: () => string }> = [
  { name: 'first page (no filter, newest first)', query: () => '' },
  { name: 'last page (no filter)', query: () => `page=${Math.ceil(STORED / 25)}` },
  { name: 'by id', query: () => `id=${FIRST_ID + Math.floor(STORED / 2)}` },
  { name: 'by invoice', query: () => `invoice=INV-${Math.floor(STORED / 3)}` },
  { name: 'by amount, last page', query: () => `amount=250.00&page=${Math.ceil(STORED / 500 / 25)}` },
  { name: 'one day, oldest first, page 2', query: () => `${middleDay()}&isDescending=false&page=2` },
  { name: 'type + status + last-four, last page (each matches all)', query: () => `type=SALE&status=APPROVED&last-four=1111&page=${Math.ceil(STORED / 25)}` },
];

function scratchDir(): string {
  return mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'gw-search-'));
}

async function search(sandbox: RunningSandbox, query: string): Promise<number> {
  const t0 = nowMs();
  const res = await fetch(`${sandbox.gatewayUrl}/rest/v2/transactions?${query}`, { headers: { 'api-key': sandbox.apiKey, accept: 'application/json' } });
  await res.arrayBuffer();
  const ms = nowMs() - t0;
  if (res.status !== 200) throw new Error(`search ?${query} answered ${res.status}`);
  return ms;
}

async function sandboxHolding(dir: string, count: number): Promise<RunningSandbox> {
  const file = path.join(dir, `state-${count}.json`);
  if (count > 0) await seedDataFile(file, count, 'months');
  // A data file, as the extension and `gateway-workbench sandbox --data` keep one: its modules see the state through the change tracker.
  return startSandbox({ dataFile: file, rate: 1e9 });
}

export async function benchSandboxSearch() {
  const dir = scratchDir();
  const lines: string[] = [];
  const ratios: Record<string, number> = {};
  try {
    const empty = await sandboxHolding(dir, 0);
    const page = await sandboxHolding(dir, 25);
    const full = await sandboxHolding(dir, STORED);
    try {
      // The first search of a loaded history builds what it needs; a user sees it once, printed on its own.
      const firstMs = await search(full, QUERIES[0].query());
      lines.push(`first search after loading ${STORED} stored: ${fmt(firstMs, 1)} ms`);
      let worst = 0;
      for (const q of QUERIES) {
        const query = q.query();
        const times: Record<'empty' | 'page' | 'full', number[]> = { empty: [], page: [], full: [] };
        const vsEmpty: number[] = [];
        const vsPage: number[] = [];
        for (let i = 0; i < ROUNDS + WARM_UP; i++) {
          // Each round asks all three, in turn, so a busy moment of the machine hits them alike.
          const e = await search(empty, query);
          const p = await search(page, query);
          const f = await search(full, query);
          if (i < WARM_UP) continue;
          times.empty.push(e);
          times.page.push(p);
          times.full.push(f);
          vsEmpty.push(f / e);
          vsPage.push(f / p);
        }
        const [e, p, f] = [summarize(times.empty), summarize(times.page), summarize(times.full)];
        const ratio = summarize(vsEmpty).p50;
        worst = Math.max(worst, ratio);
        ratios[q.name] = ratio;
        lines.push(`${q.name} (?${query}): p50 ${fmt(e.p50, 2)} ms empty, ${fmt(p.p50, 2)} ms at 25, ${fmt(f.p50, 2)} ms at ${STORED} (p99 ${fmt(f.p99, 2)}); ` +
          `${STORED} ÷ empty, median of rounds ${fmt(ratio, 2)}, ÷ 25 stored ${fmt(summarize(vsPage).p50, 2)}  (target <= ${TARGET})`);
      }
      // The conjunction above is answered from the list its first page made (a poller asks page
      // after page of one search); a search of three filters that each match everything, asked
      // for the first time, reads every candidate once: timed on its own, each a new spelling.
      const fresh: number[] = [];
      for (const spelling of ['Sale', 'sAle', 'saLe', 'salE', 'SAle', 'sALe', 'saLE', 'SaLe', 'sAlE', 'SALe', 'sALE']) {
        fresh.push(await search(full, `type=${spelling}&status=APPROVED&last-four=1111&page=${Math.ceil(STORED / 25)}`));
      }
      ratios.freshConjunctionMs = summarize(fresh).p50;
      lines.push(`type + status + last-four asked for the first time (no list from an earlier page to reuse), at ${STORED} stored: p50 of ${fresh.length} ${fmt(summarize(fresh).p50, 2)} ms (linear in the candidates of its most selective filter; not held to the target)`);
      ratios.worst = worst;
      lines.push(`worst search at ${STORED} stored ÷ empty: ${fmt(worst, 2)}  (target <= ${TARGET}: ${worst <= TARGET ? 'met' : 'not met'})`);
      lines.push(`machine load average while measuring: ${os.loadavg().map(l => fmt(l, 1)).join(' ')} on ${os.cpus().length} CPUs`);
    } finally {
      await Promise.all([empty.close(), page.close(), full.close()]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { name: `sandbox history: transaction search at ${STORED} stored against an empty sandbox (${ROUNDS} rounds each, alternated)`, lines, ratios };
}

if (require.main === module) {
  benchSandboxSearch().then(r => {
    console.log(`## ${r.name}`);
    for (const line of r.lines) console.log(`  ${line}`);
  }, (e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
