// Reading a Local sandbox's outcome coverage (`GET /__sandbox/coverage`) and putting it in words:
// what `gateway-workbench coverage`, `run --coverage`, `exactly-once` and the Testing view show.
// The answer is checked before use: the URL may name any server, and a stranger's could answer
// anything (huge, not JSON, the wrong shape, terminal escapes in its text).

import { COVERAGE_PATH, type CoverageReport, type CoveredOutcome, type UncoveredOutcome } from '../../catalog/localSandbox/coverage';
import { visibleText } from '../protection/visibleText';

/** A real report is ~15 KB; anything past this is not one. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

export type { CoverageReport };

/** The coverage URL under a sandbox's gateway URL (its control surface is on the same port). */
export function coverageUrlOf(gatewayUrl: string): URL {
  let url: URL;
  try {
    url = new URL(gatewayUrl);
  } catch {
    throw new Error(`"${visibleText(gatewayUrl)}" is not a URL: give the sandbox's gateway URL, e.g. http://127.0.0.1:4010`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`"${visibleText(gatewayUrl)}" is not an http(s) URL`);
  if (url.username || url.password) throw new Error('the URL must not carry a user name or password');
  return new URL(COVERAGE_PATH, url.origin);
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 2000;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** The report in `value`, or why it is not one. */
export function checkedCoverage(value: unknown): CoverageReport {
  const fail = (why: string): never => { throw new Error(`the answer is not a coverage report: ${why}`); };
  if (typeof value !== 'object' || value === null) return fail('not a JSON object');
  const v = value as Record<string, unknown>;
  if (!Array.isArray(v.covered) || !Array.isArray(v.uncovered)) return fail('"covered" and "uncovered" must be lists');
  const covered: CoveredOutcome[] = v.covered.map((c: unknown, i) => {
    const o = (c ?? {}) as Record<string, unknown>;
    if (!isText(o.outcome) || !isText(o.description) || !isCount(o.count)) return fail(`covered[${i}] needs outcome, description and count`);
    if (o.trigger !== undefined && !isText(o.trigger)) return fail(`covered[${i}].trigger must be text`);
    return { outcome: o.outcome, description: o.description, count: o.count, ...(o.trigger !== undefined ? { trigger: o.trigger } : {}), ...(o.listed === false ? { listed: false as const } : {}) };
  });
  const uncovered: UncoveredOutcome[] = v.uncovered.map((u: unknown, i) => {
    const o = (u ?? {}) as Record<string, unknown>;
    if (!isText(o.outcome) || !isText(o.description) || !isText(o.trigger)) return fail(`uncovered[${i}] needs outcome, description and trigger`);
    return { outcome: o.outcome, description: o.description, trigger: o.trigger };
  });
  return summarised(covered, uncovered);
}

/** The coverage of the sandbox at `gatewayUrl`. Sends no key: the control surface needs none. */
export async function fetchCoverage(gatewayUrl: string, signal?: AbortSignal): Promise<CoverageReport> {
  const url = coverageUrlOf(gatewayUrl);
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const res = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect: 'error' }).catch((e: Error) => {
    throw new Error(`cannot reach ${url.href}: ${(e.cause as Error | undefined)?.message ?? e.message}`);
  });
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_ANSWER_BYTES) throw new Error(`${url.href} answered ${declared} bytes, more than a coverage report`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > MAX_ANSWER_BYTES) throw new Error(`${url.href} answered more than ${MAX_ANSWER_BYTES} bytes, more than a coverage report`);
  const text = new TextDecoder().decode(bytes);
  if (res.status !== 200) {
    throw new Error(`${url.href} answered ${res.status}${res.status === 404 ? ': is it a Local sandbox (gateway-workbench sandbox) of this version?' : ''} ${visibleText(text.slice(0, 200))}`.trim());
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${url.href} did not answer JSON`);
  }
  return checkedCoverage(parsed);
}

function summarised(covered: CoveredOutcome[], uncovered: UncoveredOutcome[]): CoverageReport {
  const listedCovered = covered.filter((c) => c.listed !== false).length;
  const total = listedCovered + uncovered.length;
  return { covered, uncovered, summary: { covered: listedCovered, total, percent: total === 0 ? 100 : Math.floor((100 * listedCovered) / total) } };
}

/**
 * What happened between two reports of one sandbox (before and after a run): the outcomes served
 * in between, counted in between, and every other listed outcome as uncovered with its trigger
 * (those never served first, then those served before but not in between). A reset in between
 * shows as the whole of `after`.
 */
export function coverageSince(before: CoverageReport, after: CoverageReport): CoverageReport {
  const earlier = new Map(before.covered.map((c) => [c.outcome, c.count]));
  const reset = after.covered.some((c) => c.count < (earlier.get(c.outcome) ?? 0)) || after.uncovered.some((u) => earlier.has(u.outcome));
  if (reset) return after;
  const covered: CoveredOutcome[] = [];
  const uncovered: UncoveredOutcome[] = [...after.uncovered];
  for (const c of after.covered) {
    const count = c.count - (earlier.get(c.outcome) ?? 0);
    if (count > 0) covered.push({ ...c, count });
    else if (c.listed !== false) uncovered.push({ outcome: c.outcome, description: c.description, trigger: c.trigger ?? '' });
  }
  return summarised(covered, uncovered);
}

/**
 * Several runs' reports as one, each from its own sandbox (a CI matrix's shards): an outcome any
 * of them served is covered, its counts summed; the rest stay uncovered with their triggers.
 */
export function mergeCoverage(reports: readonly CoverageReport[]): CoverageReport {
  const covered = new Map<string, CoveredOutcome>();
  for (const report of reports) {
    for (const c of report.covered) {
      const seen = covered.get(c.outcome);
      covered.set(c.outcome, seen ? { ...seen, count: seen.count + c.count } : { ...c });
    }
  }
  const uncovered = new Map<string, UncoveredOutcome>();
  for (const report of reports) {
    for (const u of report.uncovered) if (!covered.has(u.outcome) && !uncovered.has(u.outcome)) uncovered.set(u.outcome, { ...u });
  }
  return summarised([...covered.values()], [...uncovered.values()]);
}

/** `Outcomes covered 68 of 71 (95 %)`. */
function coverageHeadline(report: CoverageReport): string {
  const { covered, total, percent } = report.summary;
  return `Outcomes covered ${covered} of ${total} (${percent} %)`;
}

function aligned(rows: ReadonlyArray<readonly [string, string]>, indent: string): string[] {
  const width = Math.max(0, ...rows.map(([a]) => a.length));
  return rows.map(([a, b]) => `${indent}${a.padEnd(width)}  ${b}`.trimEnd());
}

/**
 * The report as lines: the headline, then each uncovered outcome with its trigger, then (with
 * `covered`) what was served and how often. Every text from the answer made visible on one line.
 */
export function coverageLines(report: CoverageReport, options: { covered?: boolean } = {}): string[] {
  const lines = [coverageHeadline(report)];
  if (report.uncovered.length > 0) {
    lines.push('Not covered (how to produce each):');
    lines.push(...aligned(report.uncovered.map((u) => [visibleText(u.outcome), `${visibleText(u.description)}: ${visibleText(u.trigger)}`] as const), '  '));
  }
  if (options.covered && report.covered.length > 0) {
    lines.push('Covered:');
    lines.push(...aligned(report.covered.map((c) => [visibleText(c.outcome), `${visibleText(c.description)} ×${c.count}${c.listed === false ? ' (not in the list)' : ''}`] as const), '  '));
  }
  return lines;
}
