// A document's layout when its whole text is parsed at once: what core's RequestDocument has
// (the parse, line offsets, per request its operation and body), plus the `###` blocks and the
// named requests that editing needs. Completion and hover find their request by binary search
// instead of walking the file.

import { RequestDocument, type PreparedParse } from '../../core/requestLint';
import type { ParsedRequest, Position, RequestFile, VariableDef } from '../../core/requestFile';
import type { RequestOperation } from '../../core/requestLint/requestOperation';
import type { AnalyzedBody } from '../../core/requestLint/body/analyzeBody';
import type { AnalyzedDocument } from './analyzedDocument';
import { lastAtOrBefore, type DocumentLayout, type PerRequest } from './documentLayout';

export class WholeText implements DocumentLayout {
  readonly requestDocument: RequestDocument;
  private separators?: number[];
  private names?: Map<string, number>;
  private namedIndexes?: number[];

  /** `prepared`: the parse and line offsets when the caller already has them; they must be what parsing `text` gives. */
  constructor(readonly text: string, prepared?: PreparedParse) {
    this.requestDocument = new RequestDocument(text, prepared);
  }

  get file(): RequestFile {
    return this.requestDocument.file;
  }

  request(index: number): ParsedRequest | undefined {
    return this.requestDocument.request(index);
  }

  get requestCount(): number {
    return this.requestDocument.requests.length;
  }

  requestNameAt(index: number): string | undefined {
    return this.request(index)?.name;
  }

  get namedRequests(): Map<string, number> {
    if (!this.names) {
      const names = new Map<string, number>();
      this.requestDocument.requests.forEach((r, i) => {
        if (r.name !== undefined && !names.has(r.name)) names.set(r.name, i);
      });
      this.names = names;
    }
    return this.names;
  }

  get namedRequestIndexes(): number[] {
    if (!this.namedIndexes) {
      const found: number[] = [];
      this.requestDocument.requests.forEach((r, i) => {
        if (r.name !== undefined) found.push(i);
      });
      this.namedIndexes = found;
    }
    return this.namedIndexes;
  }

  get variables(): VariableDef[] {
    return this.file.variables;
  }

  methodLine(index: number): number | undefined {
    return this.request(index)?.methodRange.start.line;
  }

  operationOf(index: number): RequestOperation | undefined {
    return this.requestDocument.operationOf(index);
  }

  bodyOf(index: number): AnalyzedBody | undefined {
    return this.requestDocument.bodyOf(index);
  }

  get lineCount(): number {
    return this.requestDocument.lineCount;
  }

  get lineStarts(): number[] {
    return this.requestDocument.lineStarts;
  }

  get lineEnds(): number[] {
    return this.requestDocument.lineEnds;
  }

  lineStart(line: number): number | undefined {
    return this.requestDocument.lineStart(line);
  }

  lineText(line: number): string {
    return this.requestDocument.lineText(line);
  }

  offsetAt(position: Position): number {
    return this.requestDocument.offsetAt(position);
  }

  positionAt(offset: number): Position {
    return this.requestDocument.positionAt(offset);
  }

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

  blockAt(line: number): { first: number; last: number } {
    const seps = this.separatorLines;
    const i = lastAtOrBefore(seps, line, (s) => s);
    const first = i >= 0 ? seps[i] + (seps[i] === line ? 0 : 1) : 0;
    const next = seps[i + 1];
    return { first, last: next !== undefined ? next - 1 : this.lineCount - 1 };
  }

  requestIndexAt(line: number): number {
    const reqs = this.requestDocument.requests;
    const i = lastAtOrBefore(reqs, line, (r) => r.range.start.line);
    if (i >= 0) {
      const block = this.blockAt(line);
      if (reqs[i].range.start.line >= block.first) return i;
    }
    const block = this.blockAt(line);
    const next = reqs[i + 1];
    return next && next.range.start.line <= block.last ? i + 1 : -1;
  }

  perRequest<T>(feature: PerRequest<T>, doc: AnalyzedDocument): T[] {
    return this.requestDocument.requests.map((_, index) => feature.of(doc, index));
  }
}
