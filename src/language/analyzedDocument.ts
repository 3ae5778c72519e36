// One request file at one version, analyzed lazily and at most once: the shared parser's
// output, line offsets, the `###` blocks, and per request its catalog operation and body.
// Completion and hover find their request by binary search instead of walking the file.

import { parseRequestFile, type ParsedRequest, type Position, type RequestFile } from '../core/requestFile';
import { analyzeBody, type AnalyzedBody } from './body/analyzeBody';
import { requestOperation, type RequestOperation } from './requestOperation';

export class AnalyzedDocument {
  private parsed?: RequestFile;
  private starts?: number[];
  private ends?: number[];
  private separators?: number[];
  private readonly operations = new Map<number, RequestOperation>();
  private readonly bodies = new Map<number, AnalyzedBody | null>();
  private names?: Map<string, number>;
  private namedIndexes?: number[];

  /**
   * `prepared`: the parse and line offsets when the caller already has them (the incremental
   * analysis builds them from the file's blocks); they must be what parsing `text` gives.
   */
  constructor(readonly text: string, readonly uri = 'untitled:request.gwreq', readonly version = 0, prepared?: { file: RequestFile; lineStarts: number[]; lineEnds: number[] }) {
    if (prepared) {
      this.parsed = prepared.file;
      this.starts = prepared.lineStarts;
      this.ends = prepared.lineEnds;
    }
  }

  /** Offset of the end of each line (before its line break). */
  get lineEnds(): number[] {
    if (!this.ends) this.countLines();
    return this.ends as number[];
  }

  get file(): RequestFile {
    this.parsed ??= parseRequestFile(this.text);
    return this.parsed;
  }

  get requests(): ParsedRequest[] {
    return this.file.requests;
  }

  /** Offset of the start of each line; lines end at \n, \r\n or a lone \r, as LSP counts them. */
  get lineStarts(): number[] {
    if (!this.starts) this.countLines();
    return this.starts as number[];
  }

  private countLines(): void {
    const starts = [0];
    const ends: number[] = [];
    const ending = /\r\n?|\n/g;
    for (let match = ending.exec(this.text); match; match = ending.exec(this.text)) {
      ends.push(match.index);
      starts.push(match.index + match[0].length);
    }
    ends.push(this.text.length);
    this.starts = starts;
    this.ends = ends;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** A line without its line break. */
  lineText(line: number): string {
    const starts = this.lineStarts;
    if (line < 0 || line >= starts.length) return '';
    return this.text.slice(starts[line], (this.ends as number[])[line]);
  }

  offsetAt(position: Position): number {
    const starts = this.lineStarts;
    if (position.line >= starts.length) return this.text.length;
    const line = Math.max(0, position.line);
    return Math.min(starts[line] + Math.max(0, position.character), starts[line] + this.lineText(line).length);
  }

  positionAt(offset: number): Position {
    const starts = this.lineStarts;
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= clamped) lo = mid;
      else hi = mid - 1;
    }
    // An offset on the CR of a CRLF belongs to the end of its line (ranges never count the CR).
    return { line: lo, character: Math.min(clamped - starts[lo], this.lineText(lo).length) };
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

  operationOf(index: number): RequestOperation | undefined {
    const request = this.requests[index];
    if (!request) return undefined;
    let found = this.operations.get(index);
    if (!found) {
      found = requestOperation(request.method, request.target, () => this.bodyTypeOf(index));
      this.operations.set(index, found);
    }
    return found;
  }

  /** The text of the body's top-level `type` field (JSON key or XML child), if written. */
  bodyTypeOf(index: number): string | undefined {
    const root = this.bodyOf(index)?.root;
    return root?.children.find((c) => c.name === 'type')?.leaf?.text;
  }

  bodyOf(index: number): AnalyzedBody | undefined {
    const request = this.requests[index];
    if (!request?.body) return undefined;
    let found = this.bodies.get(index);
    if (found === undefined) {
      const { startOffset, endOffset, firstLine } = request.body;
      found = analyzeBody(this.text.slice(startOffset, endOffset), startOffset, firstLine);
      this.bodies.set(index, found);
    }
    return found ?? undefined;
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
export function lastAtOrBefore<T>(items: readonly T[], value: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (key(items[mid]) <= value) {
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
