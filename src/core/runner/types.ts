// What the run engine hands its callers: a request ready to go on the wire, and what became of
// each request it ran (sent, judged by its @expect lines, or why it was not sent).

import type { Operation } from '../../catalog';
import type { Expectation, ExpectationOutcome, ParsedRequest } from '../requestFile';
import type { GatewayResult } from '../answers/result';

/** Where a run sends its requests: the base URLs that `{{gatewayUrl}}` / `{{boardingUrl}}` name. */
export interface RunEnvironment {
  name: string;
  gatewayUrl: string;
  boardingUrl: string;
  /** The merchant number the keys belong to: `{{merchantId}}`, for document and merchant paths. */
  merchantId?: string;
}

export interface PreparedRequest {
  /** Index of the request in its file. */
  index: number;
  request: ParsedRequest;
  method: string;
  url: URL;
  /** Headers as written, variables filled in; auth headers are left out (core adds them). */
  headers: Record<string, string>;
  body?: string;
  /** The catalog operation the method and path name, when there is one. */
  operation?: Operation;
  /** Path parameters of that operation, decoded. */
  params?: Record<string, string>;
  /** Auth headers written in the file, which are ignored. */
  ignoredAuthHeaders: string[];
  /** A short name for reports: `@name`, else the `###` title, else the operation title or `METHOD path`. */
  label: string;
}

export type Preparation = { ok: true; prepared: PreparedRequest } | { ok: false; message: string; unresolved: string[] };

export type OutcomeState = 'passed' | 'failed' | 'error' | 'skipped' | 'cancelled';

export interface ExpectationResult {
  expectation: Expectation;
  outcome: ExpectationOutcome;
}

export interface RequestOutcome {
  index: number;
  name?: string;
  label: string;
  state: OutcomeState;
  /** Why it failed, errored, was skipped or cancelled; empty when it passed. */
  message?: string;
  status?: number;
  timingMs?: number;
  expectations: ExpectationResult[];
  /** Set when the request was sent (kept in memory only; never written to a report as is). */
  result?: GatewayResult;
  /** True when this request ran only because a later one depends on it. */
  asDependency?: boolean;
  /**
   * True when the request changes state and may have done so, but nothing says whether it did
   * (a lost answer, a 5xx, an unreadable body): check before sending it again.
   */
  outcomeUnknown?: boolean;
  /** Why the answer could not be read, when the request failed for that (an unknown outcome). */
  unreadable?: string;
  /** Auth headers written in the file, which were not sent (the environment's keys were). */
  ignoredAuthHeaders?: string[];
}

