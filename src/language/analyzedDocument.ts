// One request file at one version, analyzed lazily and at most once: what the request checks
// read (core's RequestDocument: the parse, line offsets, per request its operation and body),
// plus the `###` blocks and named requests that editing needs. Completion and hover find their
// request by binary search instead of walking the file.

import { RequestDocument, type PreparedParse } from '../core/requestLint';
import type { VariableDef } from '../core/requestFile';

/**
 * What a feature answers for one request (an outline entry, a body's formatting edit) when the
 * answer depends on nothing but the request's own `###` block: the laid-out document
 * (laidOutDocument.ts) then computes it once per block, relative to the block, keeps it while the
 * block's text is the same, and moves it to where the block stands.
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

export class AnalyzedDocument extends RequestDocument {
  private separators?: number[];
  private names?: Map<string, number>;
  private namedIndexes?: number[];

  /**
   * `prepared`: the parse and line offsets when the caller already has them (the incremental
   * analysis builds them from the file's blocks); they must be what parsing `text` gives.
   */
  constructor(text: string, readonly uri = 'untitled:request.gwreq', readonly version = 0, prepared?: PreparedParse) {
    super(text, prepared);
  }

  /** Lines that start with `###`, in order. */
  get separatorLines(): number[] {
    if (!this.separators) {
      const found: number[] = [];
      const starts = this.lineStarts;
      for (let line = 0; line < starts.length; line++) {
        if (this.text.startsWith('###', starts[line])) found.push(line);
      }
      this.separators = found;
    }
    return this.separators;
  }

  /** The `###` block holding `line`: its first and last line (a separator line is its own block's start). */
  blockAt(line: number): { first: number; last: number } {
    const seps = this.separatorLines;
    const i = lastAtOrBefore(seps, line, (s) => s);
    const first = i >= 0 ? seps[i] + (seps[i] === line ? 0 : 1) : 0;
    const next = seps[i + 1];
    return { first, last: next !== undefined ? next - 1 : this.lineCount - 1 };
  }

  /** Index of the request whose block holds `line`, or -1. */
  requestIndexAt(line: number): number {
    const reqs = this.requests;
    const i = lastAtOrBefore(reqs, line, (r) => r.range.start.line);
    if (i >= 0) {
      const block = this.blockAt(line);
      if (reqs[i].range.start.line >= block.first) return i;
    }
    const block = this.blockAt(line);
    const next = reqs[i + 1];
    return next && next.range.start.line <= block.last ? i + 1 : -1;
  }

  get requestCount(): number {
    return this.requests.length;
  }

  /** For each request, in order, `feature`'s answer. */
  perRequest<T>(feature: PerRequest<T>): T[] {
    return this.requests.map((_, index) => feature.of(this, index));
  }

  /** The line of request `index`'s method (its request line). */
  methodLine(index: number): number | undefined {
    return this.request(index)?.methodRange.start.line;
  }

  /** The name of the request at `index` (undefined: none, or unnamed). */
  requestNameAt(index: number): string | undefined {
    return this.request(index)?.name;
  }

  /** The file variables (`@name = value`), in order. */
  get variables(): VariableDef[] {
    return this.file.variables;
  }

  /** Named requests by name (the first of a name wins). */
  get namedRequests(): Map<string, number> {
    if (!this.names) {
      const names = new Map<string, number>();
      this.requests.forEach((r, i) => {
        if (r.name !== undefined && !names.has(r.name)) names.set(r.name, i);
      });
      this.names = names;
    }
    return this.names;
  }

  /** Indexes of the requests that have a name, ascending: completion walks back from the cursor without visiting the others. */
  get namedRequestIndexes(): number[] {
    if (!this.namedIndexes) {
      const found: number[] = [];
      this.requests.forEach((r, i) => {
        if (r.name !== undefined) found.push(i);
      });
      this.namedIndexes = found;
    }
    return this.namedIndexes;
  }
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

/**
 * Documents by uri, kept while their version (and text) is current: each version is parsed
 * once. Bounded, oldest first out, so callers that make up uris cannot grow it without end.
 */
export class DocumentCache {
  private readonly docs = new Map<string, AnalyzedDocument>();

  constructor(private readonly capacity = 64) {}

  /** `make`: how to build the document when it is not cached (default: parse the text). */
  get(uri: string, version: number, text: string, make = () => new AnalyzedDocument(text, uri, version)): AnalyzedDocument {
    const cached = this.docs.get(uri);
    if (cached && cached.version === version && cached.text === text) return cached;
    const fresh = make();
    this.docs.delete(uri);
    this.docs.set(uri, fresh);
    if (this.docs.size > this.capacity) this.docs.delete(this.docs.keys().next().value as string);
    return fresh;
  }

  delete(uri: string): void {
    this.docs.delete(uri);
  }
}
