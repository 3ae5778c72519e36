// One request file's text as the request checks read it, analyzed lazily and at most once: the
// shared parser's output, line offsets (LSP positions), and per request its catalog operation
// and its body. The language server's documents hold one (src/language/documents/wholeText.ts).

import { parseRequestFile, type ParsedRequest, type Position, type RequestFile } from '../requestFile';
import { keptBodyOf, type AnalyzedBody } from './body/analyzeBody';
import { requestOperation, type RequestOperation } from './requestOperation';

/** A parse and line offsets made elsewhere (the language server's incremental analysis). */
export interface PreparedParse {
  file: RequestFile;
  lineStarts: number[];
  lineEnds: number[];
}

export class RequestDocument {
  private parsed?: RequestFile;
  private starts?: number[];
  private ends?: number[];
  private readonly operations = new Map<number, RequestOperation>();
  private readonly bodies = new Map<number, AnalyzedBody>();

  /** `prepared`: the parse and line offsets when the caller has them; they must be what parsing `text` gives. */
  constructor(readonly text: string, prepared?: PreparedParse) {
    if (prepared) {
      this.parsed = prepared.file;
      this.starts = prepared.lineStarts;
      this.ends = prepared.lineEnds;
    }
  }

  get file(): RequestFile {
    this.parsed ??= parseRequestFile(this.text);
    return this.parsed;
  }

  get requests(): ParsedRequest[] {
    return this.file.requests;
  }

  /** One request by index: what reads a single request asks for it here, not through the whole file's list. */
  request(index: number): ParsedRequest | undefined {
    return this.requests[index];
  }

  /** Offset of the start of each line; lines end at \n, \r\n or a lone \r, as LSP counts them. */
  get lineStarts(): number[] {
    if (!this.starts) this.countLines();
    return this.starts as number[];
  }

  /** Offset of the end of each line (before its line break). */
  get lineEnds(): number[] {
    if (!this.ends) this.countLines();
    return this.ends as number[];
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

  /** Offset where `line` starts (undefined past the last line). */
  lineStart(line: number): number | undefined {
    return this.lineStarts[line];
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

  operationOf(index: number): RequestOperation | undefined {
    const request = this.request(index);
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
    return keptBodyOf(this.bodies, index, this.request(index), (start, end) => this.text.slice(start, end));
  }
}
