// The layout of the document the incremental analysis (fileDiagnostics.ts) hands to completion,
// hover and the rest (documentLayout.ts): the file as the list of its `###` blocks, each analysed once and kept while its text
// is the same. A version costs one pass over the block list (where each block starts); nothing
// per line and nothing per parsed element. A block's parse is moved to where the block now stands
// only when something reads that block (completion reads the cursor's block and the named
// requests' names), and the whole file's parse and line offsets are joined only when a feature
// reads all of them. The outline and the formatting are answered per block instead (perRequest:
// each block's answer kept while its text is the same, moved with it) and the lenses read only
// each request's method line, so none of them joins the file. Issue 13 §2: after a one-line
// edit at 20,000 lines, rebuilding the line offsets and moving every block below the edit was
// most of what completion waited for, and the first completion after opening paid for moving
// them all.
// test/language/incremental.test.ts holds every answer to the whole text's (wholeText.ts).

import type { ParsedRequest, Position, RequestFile, VariableDef } from '../../core/requestFile';
import { RequestDocument } from '../../core/requestLint';
import { requestOperation, type RequestOperation } from '../../core/requestLint/requestOperation';
import { keptBodyOf, type AnalyzedBody } from '../../core/requestLint/body/analyzeBody';
import { AnalyzedDocument } from './analyzedDocument';
import { lastAtOrBefore, type DocumentLayout, type PerRequest } from './documentLayout';
import { joinedParse } from './movedParse';

/** A feature's answer for a block's request (PerRequest): as computed at the block's first line, and where it was last placed. */
interface KeptAnswer {
  variant: string;
  own: unknown;
  placed: { line: number; answer: unknown };
}

/** What the layout reads of one block's analysis; positions are relative to the block's start. */
export interface LaidOutBlock {
  /** Its text, as it was analysed (without the line break after it). */
  text: string;
  parse: { file: RequestFile; lineStarts: number[]; lineEnds: number[] };
  lineCount: number;
  /** Its lines that start with `###` (separatorLines of the block alone). */
  separators: readonly number[];
  /** The line its request starts on, when it has one (a block holds at most one). */
  requestLine?: number;
  requestName?: string;
  hasVariables: boolean;
  /** The request's catalog operation: the same for as long as the block's text is, so it outlives versions. */
  operation?: RequestOperation;
  /** The features' answers for its request, by slot: they outlive versions too. */
  answers?: Map<string, KeptAnswer>;
}

interface BlockLayout {
  blocks: readonly LaidOutBlock[];
  /** Offset of each block's first character. */
  offsets: readonly number[];
  /** Line of each block's first line. */
  firstLines: readonly number[];
  /** For each request, in order, the index of the block that holds it. */
  requestBlocks: readonly number[];
  lineCount: number;
  /** The text's length. */
  length: number;
  /** The parse of block `index`, moved to start at `line` (and at the block's own offset). */
  place(index: number, line: number): RequestFile;
}

export class LaidOutBlocks implements DocumentLayout {
  private readonly placed: Array<RequestFile | undefined> = [];
  private joined?: RequestFile;
  // Each joined from the blocks when first asked.
  private laidStarts?: number[];
  private laidEnds?: number[];
  private laidSeparators?: number[];
  private laidNames?: Map<string, number>;
  private laidNamedIndexes?: number[];
  private laidRequestNames?: Array<string | undefined>;
  private lastBlock = 0;
  private fileVariables?: VariableDef[];
  private checked?: RequestDocument;
  private readonly bodies = new Map<number, AnalyzedBody>();
  private whole?: string;

  /** `text`: the whole text, asked for only by what reads it whole (the lines are read from the blocks). */
  constructor(private readonly wholeText: () => string, private readonly layout: BlockLayout) {}

  get text(): string {
    this.whole ??= this.wholeText();
    return this.whole;
  }

  private placedBlock(index: number): RequestFile {
    let found = this.placed[index];
    if (!found) {
      found = this.layout.place(index, this.layout.firstLines[index]);
      this.placed[index] = found;
    }
    return found;
  }

  /** Index of the block holding `line` (0 ≤ line < lineCount); features read a block's lines in a row, so the last one found is tried first. */
  private blockOfLine(line: number): number {
    const { firstLines } = this.layout;
    const last = this.lastBlock;
    if (firstLines[last] <= line && (last + 1 === firstLines.length || firstLines[last + 1] > line)) return last;
    this.lastBlock = lastAtOrBefore(firstLines, line, (l) => l);
    return this.lastBlock;
  }

  get file(): RequestFile {
    if (!this.joined) this.joined = joinedParse(this.layout.blocks.map((_, i) => this.placedBlock(i)));
    return this.joined;
  }

  /** Only for the checks that read the whole file (a full diagnose): the parse and line offsets joined from the blocks. */
  get requestDocument(): RequestDocument {
    this.checked ??= new RequestDocument(this.text, { file: this.file, lineStarts: this.lineStarts, lineEnds: this.lineEnds });
    return this.checked;
  }

  request(index: number): ParsedRequest | undefined {
    const block = this.layout.requestBlocks[index];
    return block === undefined ? undefined : this.placedBlock(block).requests[0];
  }

  get requestCount(): number {
    return this.layout.requestBlocks.length;
  }

  requestNameAt(index: number): string | undefined {
    return this.requestNames[index];
  }

  /** The requests' names by index, read from their blocks once per version: completion reads them in a loop. */
  private get requestNames(): Array<string | undefined> {
    if (!this.laidRequestNames) {
      const { blocks } = this.layout;
      this.laidRequestNames = this.layout.requestBlocks.map((block) => blocks[block].requestName);
    }
    return this.laidRequestNames;
  }

  get variables(): VariableDef[] {
    if (!this.fileVariables) {
      const found: VariableDef[] = [];
      this.layout.blocks.forEach((block, i) => {
        if (block.hasVariables) found.push(...this.placedBlock(i).variables);
      });
      this.fileVariables = found;
    }
    return this.fileVariables;
  }

  /** From the block's own parse (method and target are the same wherever it stands): no block is moved for it. */
  operationOf(index: number): RequestOperation | undefined {
    const block = this.layout.blocks[this.layout.requestBlocks[index]];
    const request = block?.parse.file.requests[0];
    if (!request) return undefined;
    block.operation ??= requestOperation(request.method, request.target, () => this.bodyOf(index)?.root?.children.find((c) => c.name === 'type')?.leaf?.text);
    return block.operation;
  }

  /** As core's RequestDocument analyses a body: from its text (in its block), once per version. */
  bodyOf(index: number): AnalyzedBody | undefined {
    const b = this.layout.requestBlocks[index];
    const offset = this.layout.offsets[b];
    return keptBodyOf(this.bodies, index, this.request(index), (start, end) => this.layout.blocks[b].text.slice(start - offset, end - offset));
  }

  methodLine(index: number): number | undefined {
    const block = this.layout.requestBlocks[index];
    const request = block === undefined ? undefined : this.layout.blocks[block].parse.file.requests[0];
    return request && this.layout.firstLines[block] + request.methodRange.start.line;
  }

  /**
   * Each request's answer from its block: computed on the block alone the first time, then moved
   * to where the block stands — the same answer object while the block stays on its line. After an
   * edit only the edited blocks are computed again; the blocks below it are copied when it added
   * or removed lines, and not even that when it did not.
   */
  perRequest<T>(feature: PerRequest<T>, doc: AnalyzedDocument): T[] {
    const { blocks, firstLines } = this.layout;
    return this.layout.requestBlocks.map((b) => {
      const block = blocks[b];
      block.answers ??= new Map();
      let kept = block.answers.get(feature.slot);
      if (!kept || kept.variant !== feature.variant) {
        const own = feature.of(new AnalyzedDocument(block.text, doc.uri, doc.version, block.parse), 0);
        kept = { variant: feature.variant, own, placed: { line: 0, answer: own } };
        block.answers.set(feature.slot, kept);
      }
      const line = firstLines[b];
      if (kept.placed.line !== line) kept.placed = { line, answer: feature.moved(kept.own as T, line) };
      return kept.placed.answer as T;
    });
  }

  get lineCount(): number {
    return this.layout.lineCount;
  }

  get lineStarts(): number[] {
    if (!this.laidStarts) this.laidStarts = this.joinedLines((block) => block.parse.lineStarts);
    return this.laidStarts;
  }

  get lineEnds(): number[] {
    if (!this.laidEnds) this.laidEnds = this.joinedLines((block) => block.parse.lineEnds);
    return this.laidEnds;
  }

  private joinedLines(of: (block: LaidOutBlock) => readonly number[]): number[] {
    const out: number[] = [];
    this.layout.blocks.forEach((block, i) => {
      const offset = this.layout.offsets[i];
      for (const at of of(block)) out.push(offset + at);
    });
    return out;
  }

  lineStart(line: number): number | undefined {
    if (line < 0 || line >= this.layout.lineCount) return undefined;
    const i = this.blockOfLine(line);
    return this.layout.offsets[i] + this.layout.blocks[i].parse.lineStarts[line - this.layout.firstLines[i]];
  }

  lineText(line: number): string {
    if (line < 0 || line >= this.layout.lineCount) return '';
    const i = this.blockOfLine(line);
    const { parse, text } = this.layout.blocks[i];
    const r = line - this.layout.firstLines[i];
    return text.slice(parse.lineStarts[r], parse.lineEnds[r]);
  }

  offsetAt(position: Position): number {
    if (position.line >= this.layout.lineCount) return this.layout.length;
    const line = Math.max(0, position.line);
    const start = this.lineStart(line) as number;
    return Math.min(start + Math.max(0, position.character), start + this.lineText(line).length);
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.layout.length));
    const i = lastAtOrBefore(this.layout.offsets, clamped, (o) => o);
    const r = lastAtOrBefore(this.layout.blocks[i].parse.lineStarts, clamped - this.layout.offsets[i], (s) => s);
    const line = this.layout.firstLines[i] + r;
    // An offset on the CR of a CRLF belongs to the end of its line (ranges never count the CR).
    return { line, character: Math.min(clamped - (this.lineStart(line) as number), this.lineText(line).length) };
  }

  get separatorLines(): number[] {
    if (!this.laidSeparators) {
      const found: number[] = [];
      this.layout.blocks.forEach((block, i) => {
        for (const s of block.separators) found.push(this.layout.firstLines[i] + s);
      });
      this.laidSeparators = found;
    }
    return this.laidSeparators;
  }

  /** The last `###` line at or before `line`, or -1: in the line's block, else in the blocks above it. */
  private separatorAtOrBefore(line: number): number {
    for (let i = this.blockOfLine(line); i >= 0; i--) {
      const { separators } = this.layout.blocks[i];
      const first = this.layout.firstLines[i];
      const k = lastAtOrBefore(separators, line - first, (s) => s);
      if (k >= 0) return first + separators[k];
    }
    return -1;
  }

  /** The first `###` line after `line`, if any. */
  private separatorAfter(line: number): number | undefined {
    const { blocks, firstLines } = this.layout;
    for (let i = this.blockOfLine(line); i < blocks.length; i++) {
      const k = lastAtOrBefore(blocks[i].separators, line - firstLines[i], (s) => s) + 1;
      if (k < blocks[i].separators.length) return firstLines[i] + blocks[i].separators[k];
    }
    return undefined;
  }

  blockAt(line: number): { first: number; last: number } {
    const clamped = Math.max(0, Math.min(line, this.layout.lineCount - 1));
    const sep = line < 0 ? -1 : this.separatorAtOrBefore(clamped);
    const first = sep >= 0 ? sep + (sep === line ? 0 : 1) : 0;
    const next = line < 0 ? this.separatorLines[0] : this.separatorAfter(clamped);
    return { first, last: next !== undefined ? next - 1 : this.lineCount - 1 };
  }

  /** Line where request `index` starts. */
  private requestStart(index: number): number {
    const block = this.layout.requestBlocks[index];
    return this.layout.firstLines[block] + (this.layout.blocks[block].requestLine as number);
  }

  requestIndexAt(line: number): number {
    const count = this.layout.requestBlocks.length;
    const i = lastAtOrBefore(this.layout.requestBlocks, line, (_, index) => this.requestStart(index));
    const block = this.blockAt(line);
    if (i >= 0 && this.requestStart(i) >= block.first) return i;
    return i + 1 < count && this.requestStart(i + 1) <= block.last ? i + 1 : -1;
  }

  get namedRequests(): Map<string, number> {
    if (!this.laidNames) {
      const names = new Map<string, number>();
      this.requestNames.forEach((name, i) => {
        if (name !== undefined && !names.has(name)) names.set(name, i);
      });
      this.laidNames = names;
    }
    return this.laidNames;
  }

  get namedRequestIndexes(): number[] {
    if (!this.laidNamedIndexes) {
      const found: number[] = [];
      this.requestNames.forEach((name, i) => {
        if (name !== undefined) found.push(i);
      });
      this.laidNamedIndexes = found;
    }
    return this.laidNamedIndexes;
  }
}
