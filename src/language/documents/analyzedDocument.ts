// One request file at one version, analyzed lazily and at most once, as the language server's
// features read it. It holds a layout that answers where its lines, `###` blocks and requests
// are (documentLayout.ts): the whole text parsed at once (wholeText.ts, which holds core's
// RequestDocument), or the incremental analysis's blocks laid out where they stand
// (laidOutBlocks.ts). The checks shared with the Traffic view read `requestDocument`.

import type { PreparedParse, RequestDocument } from '../../core/requestLint';
import type { ParsedRequest, Position, RequestFile, VariableDef } from '../../core/requestFile';
import type { RequestOperation } from '../../core/requestLint/requestOperation';
import type { AnalyzedBody } from '../../core/requestLint/body/analyzeBody';
import type { DocumentLayout, PerRequest } from './documentLayout';
import { WholeText } from './wholeText';

export type { PerRequest };
export { lastAtOrBefore } from './documentLayout';

export class AnalyzedDocument {
  private readonly layout: DocumentLayout;

  /**
   * `source`: the text, parsed as a whole (with `prepared`, the parse and line offsets when the
   * caller already has them: they must be what parsing the text gives), or a layout made elsewhere.
   */
  constructor(source: string | DocumentLayout, readonly uri = 'untitled:request.gwreq', readonly version = 0, prepared?: PreparedParse) {
    this.layout = typeof source === 'string' ? new WholeText(source, prepared) : source;
  }

  get text(): string {
    return this.layout.text;
  }

  /** The text as core's request checks read it. */
  get requestDocument(): RequestDocument {
    return this.layout.requestDocument;
  }

  get file(): RequestFile {
    return this.layout.file;
  }

  get requests(): ParsedRequest[] {
    return this.layout.file.requests;
  }

  /** One request by index: what reads a single request asks for it here, not through the whole file's list. */
  request(index: number): ParsedRequest | undefined {
    return this.layout.request(index);
  }

  get requestCount(): number {
    return this.layout.requestCount;
  }

  /** The name of the request at `index` (undefined: none, or unnamed). */
  requestNameAt(index: number): string | undefined {
    return this.layout.requestNameAt(index);
  }

  /** Named requests by name (the first of a name wins). */
  get namedRequests(): Map<string, number> {
    return this.layout.namedRequests;
  }

  /** Indexes of the requests that have a name, ascending: completion walks back from the cursor without visiting the others. */
  get namedRequestIndexes(): number[] {
    return this.layout.namedRequestIndexes;
  }

  /** The file variables (`@name = value`), in order. */
  get variables(): VariableDef[] {
    return this.layout.variables;
  }

  /** The line of request `index`'s method (its request line). */
  methodLine(index: number): number | undefined {
    return this.layout.methodLine(index);
  }

  operationOf(index: number): RequestOperation | undefined {
    return this.layout.operationOf(index);
  }

  bodyOf(index: number): AnalyzedBody | undefined {
    return this.layout.bodyOf(index);
  }

  /** For each request, in order, `feature`'s answer. */
  perRequest<T>(feature: PerRequest<T>): T[] {
    return this.layout.perRequest(feature, this);
  }

  get lineCount(): number {
    return this.layout.lineCount;
  }

  /** Offset of the start of each line; lines end at \n, \r\n or a lone \r, as LSP counts them. */
  get lineStarts(): number[] {
    return this.layout.lineStarts;
  }

  /** Offset of the end of each line (before its line break). */
  get lineEnds(): number[] {
    return this.layout.lineEnds;
  }

  /** Offset where `line` starts (undefined past the last line). */
  lineStart(line: number): number | undefined {
    return this.layout.lineStart(line);
  }

  /** A line without its line break. */
  lineText(line: number): string {
    return this.layout.lineText(line);
  }

  offsetAt(position: Position): number {
    return this.layout.offsetAt(position);
  }

  positionAt(offset: number): Position {
    return this.layout.positionAt(offset);
  }

  /** Lines that start with `###`, in order. */
  get separatorLines(): number[] {
    return this.layout.separatorLines;
  }

  /** The `###` block holding `line`: its first and last line (a separator line is its own block's start). */
  blockAt(line: number): { first: number; last: number } {
    return this.layout.blockAt(line);
  }

  /** Index of the request whose block holds `line`, or -1. */
  requestIndexAt(line: number): number {
    return this.layout.requestIndexAt(line);
  }
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
