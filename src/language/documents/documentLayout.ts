// Where an analyzed document (analyzedDocument.ts) reads its lines, `###` blocks and requests
// from: the whole text parsed at once (wholeText.ts), or the language server's incremental
// analysis, its blocks laid out where they stand (laidOutBlocks.ts). The document holds one of
// them and asks it; test/language/incremental.test.ts holds the two to the same answers.

import type { ParsedRequest, Position, RequestFile, VariableDef } from '../../core/requestFile';
import type { RequestDocument } from '../../core/requestLint';
import type { RequestOperation } from '../../core/requestLint/requestOperation';
import type { AnalyzedBody } from '../../core/requestLint/body/analyzeBody';
import type { AnalyzedDocument } from './analyzedDocument';

/**
 * What a feature answers for one request (an outline entry, a body's formatting edit) when the
 * answer depends on nothing but the request's own `###` block: the laid-out blocks then compute
 * it once per block, relative to the block, keep it while the block's text is the same, and move
 * it to where the block stands.
 */
export interface PerRequest<T> {
  /** Where a block keeps this feature's answer: one slot per feature. */
  slot: string;
  /** What else the answer depends on (formatting options…): a kept answer of another variant is computed again. */
  variant: string;
  /** The answer for request `index` of `doc`. */
  of(doc: AnalyzedDocument, index: number): T;
  /** `answer` as it reads `lines` lines further down: a copy, `answer` itself is left as it is. */
  moved(answer: T, lines: number): T;
}

export interface DocumentLayout {
  readonly text: string;
  /** The text as core's request checks read it (the rule set shared with the Traffic view). */
  readonly requestDocument: RequestDocument;
  readonly file: RequestFile;
  request(index: number): ParsedRequest | undefined;
  readonly requestCount: number;
  requestNameAt(index: number): string | undefined;
  /** Named requests by name (the first of a name wins). */
  readonly namedRequests: Map<string, number>;
  /** Indexes of the requests that have a name, ascending. */
  readonly namedRequestIndexes: number[];
  readonly variables: VariableDef[];
  methodLine(index: number): number | undefined;
  operationOf(index: number): RequestOperation | undefined;
  bodyOf(index: number): AnalyzedBody | undefined;
  readonly lineCount: number;
  readonly lineStarts: number[];
  readonly lineEnds: number[];
  lineStart(line: number): number | undefined;
  lineText(line: number): string;
  offsetAt(position: Position): number;
  positionAt(offset: number): Position;
  /** Lines that start with `###`, in order. */
  readonly separatorLines: number[];
  blockAt(line: number): { first: number; last: number };
  requestIndexAt(line: number): number;
  /** For each request, in order, `feature`'s answer (`doc`: the document that holds this layout). */
  perRequest<T>(feature: PerRequest<T>, doc: AnalyzedDocument): T[];
}

/** Index of the last item whose key is ≤ `value` in an ascending list, or -1. */
export function lastAtOrBefore<T>(items: readonly T[], value: number, key: (item: T, index: number) => number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (key(items[mid], mid) <= value) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}
