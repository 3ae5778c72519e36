// The shape of the Local sandbox's outcome coverage (`GET /__sandbox/coverage`): a public
// contract that the sandbox answers and the CLI and the extension read, so both sides type it
// from here.

/** An outcome the sandbox served, and how often since it started (or was last reset). */
export interface CoveredOutcome {
  /** Stable name: `result-code:014`, `avs:Y`, `csc:N`, `ach-return:R01`, `http:429`, `fault:reset`. */
  outcome: string;
  description: string;
  count: number;
  /** How to produce it (listed outcomes), so that a report of a part of a run can say it too. */
  trigger?: string;
  /** False for an outcome the sandbox served that is not in its list of outcomes (a new code). */
  listed?: false;
}

/** An outcome of the list not served yet, and how to make the sandbox serve it. */
export interface UncoveredOutcome {
  outcome: string;
  description: string;
  trigger: string;
}

export interface CoverageReport {
  covered: CoveredOutcome[];
  uncovered: UncoveredOutcome[];
  /** `covered` of the listed outcomes (M = `covered` + uncovered), and the share in whole percent, rounded down. */
  summary: { covered: number; total: number; percent: number };
}

/** Where the coverage is served, under the sandbox's gateway URL. */
export const COVERAGE_PATH = '/__sandbox/coverage';
