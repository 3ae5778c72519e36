// What a headless run found, in one plain shape that every report format (text, json, junit)
// is written from. The json report IS this shape, so it is documented field by field and only
// grows (new optional fields), never changes.

import type { EnvironmentKind } from '../../core/environments/environment';
import type { OutcomeState } from '../../core/runner';

interface ExpectationReport {
  /** The expectation as written after `@expect`. */
  text: string;
  pass: boolean;
  /** The value found (status or body value), as text; absent when there was none. */
  actual?: string;
  /** One line: what was expected and what came back. */
  message: string;
}

export interface RequestReport {
  /** 0-based position of the request in its file. */
  index: number;
  /** 1-based line of the request's method line. */
  line: number;
  /** `@name`, else the `###` title, else the operation title or `METHOD path`. */
  label: string;
  name?: string;
  method: string;
  /** Path and query that were sent; the target as written when the request was not sent. */
  target: string;
  /** Catalog operation id, when the request was sent to a known operation. */
  operation?: string;
  state: OutcomeState;
  status?: number;
  timeMs?: number;
  /** Why the request failed, errored or was skipped. */
  message?: string;
  /** True when it ran only because a later request needed its response. */
  asDependency?: boolean;
  /**
   * True when the request changes state (a payment, a batch close, a void…) and may have done
   * so, but no answer says whether it did: check before running it again.
   */
  outcomeUnknown?: boolean;
  /** Why the answer could not be read (HTML, binary, cut off, not parseable); the request then failed. */
  unreadable?: string;
  /** Auth headers written in the file (names only), which were not sent: the environment's keys were. */
  ignoredHeaders?: string[];
  /** Sentences about the request beyond its verdict (ignored headers, a body too large to parse). */
  notes?: string[];
  expectations: ExpectationReport[];
}

export interface FileDiagnostic {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  message: string;
}

export interface FileReport {
  /** As given on the command line. */
  file: string;
  /** `invalid`: the file did not parse (see `diagnostics`) and nothing in it was sent. */
  state: 'passed' | 'failed' | 'invalid';
  timeMs: number;
  diagnostics: FileDiagnostic[];
  requests: RequestReport[];
}

export interface RunTotals {
  files: number;
  /** Files that failed or did not parse. */
  filesFailed: number;
  requests: number;
  passed: number;
  failed: number;
  errors: number;
  skipped: number;
  cancelled: number;
  timeMs: number;
}

export interface RunReport {
  /** Version of this shape. */
  version: 1;
  environment: { name: string; kind: EnvironmentKind };
  /** `run --shard I/N`: this report is of part `index` of `total` (1-based); absent for a whole run. */
  shard?: { index: number; total: number };
  /** True when every file parsed and every request passed. */
  passed: boolean;
  files: FileReport[];
  totals: RunTotals;
}

const STATE_TOTAL: Readonly<Record<OutcomeState, keyof RunTotals>> = {
  passed: 'passed',
  failed: 'failed',
  error: 'errors',
  skipped: 'skipped',
  cancelled: 'cancelled',
};

/** How many requests of a file ended in each state. */
export type StateCounts = Record<OutcomeState, number>;

export function noStates(): StateCounts {
  return { passed: 0, failed: 0, error: 0, skipped: 0, cancelled: 0 };
}

export function statesOf(requests: readonly RequestReport[]): StateCounts {
  const counts = noStates();
  for (const request of requests) counts[request.state]++;
  return counts;
}

/**
 * The run's totals. `countsOf` says how many requests of a file ended in each state: by default
 * counted from its requests; a streamed report, whose files hold none, keeps them as it goes.
 */
export function totalsOf(files: readonly FileReport[], timeMs: number, countsOf: (file: FileReport, index: number) => StateCounts = (file) => statesOf(file.requests)): RunTotals {
  const totals: RunTotals = { files: files.length, filesFailed: 0, requests: 0, passed: 0, failed: 0, errors: 0, skipped: 0, cancelled: 0, timeMs };
  files.forEach((file, index) => {
    if (file.state !== 'passed') totals.filesFailed++;
    const counts = countsOf(file, index);
    for (const state of Object.keys(counts) as OutcomeState[]) {
      totals.requests += counts[state];
      totals[STATE_TOTAL[state]] += counts[state];
    }
  });
  return totals;
}
