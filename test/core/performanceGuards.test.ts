// Quick guards for code written the way it is for speed, so that a tidy-up that undoes it fails
// here and not months later in a bench nobody ran. Each is a same-run ratio with generous bounds
// (the machine is shared and noisy); the full measurement is the bench named in each test and
// in the comment at the guarded code:
// - the client's result built field by field (src/core/http/client.ts) → bench/clientOverhead.ts
// - the request-file parser's objects built without spreads (src/core/requestFile/parse.ts)
//   → bench/lsp.ts (5,000-line document)
// - the sandbox router's cache (src/sandbox/http/router.ts) → bench/sandboxThroughput.ts
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseRequestFile } from '../../src/core/requestFile';
import { route } from '../../src/sandbox/http/router';
import { benchClientOverhead } from '../../bench/clientOverhead';
import { benchDocument } from '../../bench/lspDocument';
import { nowMs } from '../../bench/stats';

function timeMs(work: () => void): number {
  const t0 = nowMs();
  work();
  return nowMs() - t0;
}

/** The median of `rounds` timings of `work`, in ms. */
function medianMs(rounds: number, work: () => void): number {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = nowMs();
    work();
    times.push(nowMs() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

describe('performance-shaped code (quick bench assertions)', () => {
  test('the client costs at most 2× a bare undici request on the same GET (bench/clientOverhead.ts; target there ≤ 1.15×)', async () => {
    const { ratios } = await benchClientOverhead(3, 40);
    assert.ok(ratios.p50 <= 2, `client / bare undici p50 ratio ${ratios.p50.toFixed(2)}`);
  });

  test('parsing a request file grows linearly: 5× the lines take at most 10× the time (bench/lsp.ts)', () => {
    const small = benchDocument(1000).text;
    const large = benchDocument(5000).text;
    // Rounds alternate the two sizes so that load on the machine hits both; the fastest round of
    // each is the least disturbed one.
    let smallMs = Infinity;
    let largeMs = Infinity;
    for (let round = 0; round < 15; round++) {
      smallMs = Math.min(smallMs, timeMs(() => parseRequestFile(small)));
      largeMs = Math.min(largeMs, timeMs(() => parseRequestFile(large)));
    }
    const ratio = largeMs / smallMs;
    assert.ok(ratio <= 10, `5,000 lines took ${ratio.toFixed(1)}× the time of 1,000 lines (${largeMs.toFixed(1)} vs ${smallMs.toFixed(1)} ms)`);
  });

  test('a repeated route is answered from the cache: at least 5× faster than routing a new path (bench/sandboxThroughput.ts)', () => {
    const N = 2000;
    let unique = 0;
    const routeNew = () => { for (let i = 0; i < N; i++) route('GET', `/rest/v2/tokens/tok_guard${unique++}`); };
    const routeSame = () => { for (let i = 0; i < N; i++) route('GET', '/rest/v2/tokens/tok_guard'); };
    routeNew(); routeSame(); // warm up
    const repeatedMs = medianMs(7, routeSame);
    const newMs = medianMs(7, routeNew);
    assert.ok(repeatedMs * 5 <= newMs, `a repeated path took ${repeatedMs.toFixed(3)} ms per ${N}, a new one ${newMs.toFixed(3)} ms`);
  });
});
