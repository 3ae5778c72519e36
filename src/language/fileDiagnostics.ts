// The language server's diagnostics of one open file, kept up to date edit by edit at a cost
// proportional to the edit, not to the file (issue 13 §2: a one-line edit re-analysed all
// 20,000 lines). A request file is a list of `###` blocks that the parser reads one at a time,
// so each block is analysed alone (diagnostics relative to its first line) and the analysis is
// reused for as long as the block's text is the same — wherever the block has moved to. The
// only checks that need the rest of the file are the variable checks (is `{{x}}` defined, is
// `sale1` a named request): those are redone for a block only when the file's names change.
// test/language/incremental.test.ts holds it to "the same diagnostics as a full analysis".
// What depends on the disk, not the text (can a body file be read, what is in it), is not kept
// here: the blocks' body files are listed, with the requests that send them, for the caller to
// check each time it publishes (bodyFiles.ts, bodyFileContent.ts).

import type { Diagnostic } from 'vscode-languageserver-types';
import type { BodyFileRef, RequestFile, VariableDef, VariableRef } from '../core/requestFile';
import { movedParse, movedRange, shiftMovedParse } from './movedParse';
import { AnalyzedDocument } from './analyzedDocument';
import { LaidOutBlocks, type LaidOutBlock } from './laidOutBlocks';
import { blockLocalDiagnostics } from './diagnostics';
import { referenceDiagnostics, unpromptedRefs, type DefinedNames } from './diagnostics/variableChecks';
import { movedSyntaxMessage } from './diagnostics/diagnostic';
import type { DocumentTarget } from './documentTarget';
import { bodyFileRequestOf, type BodyFileRequest } from './bodyFileLint';
import type { PlacedBodyFile } from './bodyFileContent';
import { filledBodyFileRef } from './bodyFiles';

interface BlockAnalysis extends LaidOutBlock {
  /** The block alone: its parse and line offsets, counted from its start (not the rest of its analysis: bodies and field trees are not kept). */
  parse: { file: RequestFile; lineStarts: number[]; lineEnds: number[] };
  /** A copy of its parse moved to where the block last stood: moved again in place when the block moves. */
  placed?: { line: number; offset: number; file: RequestFile };
  /** Everything but the variable checks, relative to the block's first line. */
  local: Diagnostic[];
  /** The block's request (a block holds at most one), for the file's named requests. */
  hasRequest: boolean;
  requestName?: string;
  requestRefs: readonly VariableRef[];
  variableNames: readonly string[];
  variableRefs: readonly VariableRef[];
  /** Its request's body file (`< ./sale.json`), its path's range relative to the block's first line. */
  bodyFile: BodyFileRef | undefined;
  /** The request that sends that file, to check the file's content as its body. */
  bodyFileRequest: BodyFileRequest | undefined;
  /** The variable checks, for the names (generation) and ownership they were made with. */
  references?: { generation: number; firstOfName: boolean; diagnostics: Diagnostic[] };
}

/** Offsets where `###` blocks begin: 0, then every line that starts with `###` (line breaks as LSP counts them). */
export function blockStarts(text: string): number[] {
  return text === '' ? [0] : blockStartsIn(text, 0, text.length);
}

/**
 * A `###` line at `at` (a line start), as the parser reads one (SEPARATOR in
 * core/requestFile/parse.ts: its `.` stops at U+2028/U+2029, so such a line is no separator).
 */
const SEPARATOR_LINE = /###[^\r\n\u2028\u2029]*(?:[\r\n]|$)/y;
function isSeparatorAt(text: string, at: number): boolean {
  SEPARATOR_LINE.lastIndex = at;
  return SEPARATOR_LINE.test(text);
}

/** The block starts in [from, to), `from` being the start of a line: `from` itself, then each `###` line. */
function blockStartsIn(text: string, from: number, to: number): number[] {
  if (from >= to) return [];
  const starts = [from];
  for (let at = text.indexOf('###', from + 1); at >= 0 && at < to; at = text.indexOf('###', at + 3)) {
    const before = text.charCodeAt(at - 1);
    if ((before === 10 || before === 13) && isSeparatorAt(text, at)) starts.push(at);
  }
  return starts;
}

/** End of the block that runs up to `nextStart`: before the line break that precedes it. */
function blockEnd(text: string, nextStart: number): number {
  if (text.charCodeAt(nextStart - 1) === 13) return nextStart - 1;
  return text.charCodeAt(nextStart - 2) === 13 ? nextStart - 2 : nextStart - 1;
}

function analyseBlock(text: string, target: DocumentTarget | undefined): BlockAnalysis {
  const doc = new AnalyzedDocument(text);
  const request = doc.requests[0];
  // Every field written, the ones filled later too: one object shape for every block keeps the
  // property reads of completion's loops over blocks monomorphic (a spread-in field made two).
  return {
    parse: { file: doc.file, lineStarts: doc.lineStarts, lineEnds: doc.lineEnds },
    placed: undefined,
    lineCount: doc.lineCount,
    separators: doc.separatorLines,
    hasVariables: doc.file.variables.length > 0,
    local: blockLocalDiagnostics(doc, target),
    hasRequest: request !== undefined,
    requestLine: request?.range.start.line,
    requestName: request?.name,
    requestRefs: request ? unpromptedRefs(request) : [],
    variableNames: doc.file.variables.map((v) => v.name),
    variableRefs: doc.file.variables.flatMap((v) => v.variableRefs),
    bodyFile: request?.body?.file,
    bodyFileRequest: request?.body?.file ? bodyFileRequestOf(text, request, request.body) : undefined,
    references: undefined,
    operation: undefined,
    answers: undefined,
  };
}

function shifted(d: Diagnostic, lines: number): Diagnostic {
  if (lines === 0) return d;
  return {
    ...d,
    range: movedRange(d.range, lines),
    message: movedSyntaxMessage(d, lines),
  };
}

/** Only production changes what a block says about where the file goes. */
const targetKey = (target: DocumentTarget | undefined) => (target?.production ? `production:${target.name}` : '');

/** The block's parse at `line` and `offset`: its placed copy, moved in place when the block has moved. */
function placedAt(block: BlockAnalysis, line: number, offset: number): RequestFile {
  const placed = block.placed;
  if (!placed) return (block.placed = { line, offset, file: movedParse(block.parse.file, line, offset) }).file;
  if (placed.line !== line || placed.offset !== offset) {
    shiftMovedParse(placed.file, line - placed.line, offset - placed.offset);
    placed.line = line;
    placed.offset = offset;
  }
  return placed.file;
}

export class FileDiagnostics {
  /** The blocks of the last text analysed: where each starts, and its analysis. */
  private text = '';
  private starts: number[] = [];
  private blocks: BlockAnalysis[] = [];
  private target = '';
  private names: string[] = [];
  private generation = 0;
  private last?: { text: string; target: string; diagnostics: Diagnostic[]; bodyFiles: PlacedBodyFile[] };

  /** The diagnostics of `text`, reusing what earlier calls found in blocks that did not change. */
  update(text: string, target?: DocumentTarget): Diagnostic[] {
    const key = targetKey(target);
    if (this.last && this.last.text === text && this.last.target === key) return this.last.diagnostics;
    this.sync(text, target);
    const bodyFiles: PlacedBodyFile[] = [];
    const diagnostics = this.collect(bodyFiles);
    this.last = { text, target: key, diagnostics, bodyFiles };
    return diagnostics;
  }

  /**
   * The body files of `text`'s requests, where they stand in it: whether each can be read depends
   * on the disk, so the caller asks that each time it publishes, never keeping the answer.
   */
  bodyFiles(text: string, target?: DocumentTarget): readonly BodyFileRef[] {
    return this.bodyFileRequests(text, target).map((placed) => placed.file);
  }

  /** The same body files, each with the request that sends it (whose body the file's content is checked as). */
  bodyFileRequests(text: string, target?: DocumentTarget): readonly PlacedBodyFile[] {
    this.update(text, target);
    return (this.last as { bodyFiles: PlacedBodyFile[] }).bodyFiles;
  }

  /** Whether the text last analysed has body files (whose readability the disk, not the text, decides). */
  hasBodyFiles(): boolean {
    return (this.last?.bodyFiles.length ?? 0) > 0;
  }

  /** The blocks of `text` for `target`, placed unless they are already. */
  private sync(text: string, target: DocumentTarget | undefined): void {
    const key = targetKey(target);
    if (key !== this.target) {
      this.text = '';
      this.starts = [];
      this.blocks = [];
      this.target = key;
    } else if (text === this.text && (text === '' || this.blocks.length > 0)) {
      return;
    }
    this.place(text, target);
  }

  /**
   * The blocks of `text`. An edit leaves the blocks before it where they were and the blocks after
   * it moved by the change in length: those are found by comparing each one's text in place (no
   * hashing, no copying), and only the blocks in between are looked at again.
   */
  private place(text: string, target: DocumentTarget | undefined): void {
    const { text: old, starts, blocks } = this;
    const n = blocks.length;
    const spanEnd = (i: number) => (i + 1 < n ? starts[i + 1] : old.length);
    // Before the edit: same text at the same offset, still followed by a `###` line.
    let p = 0;
    // (Slices compared with ===: several times faster in V8 than startsWith at an offset.)
    while (p + 1 < n && text.slice(starts[p], spanEnd(p)) === old.slice(starts[p], spanEnd(p)) && isSeparatorAt(text, starts[p + 1])) p++;
    const middleStart = p < n ? starts[p] : 0;
    // After the edit: same text, moved by `delta`, at the start of a line, not overlapping the blocks before.
    const delta = text.length - old.length;
    let q = n;
    while (q - 1 > p) {
      const at = starts[q - 1] + delta;
      const before = text.charCodeAt(at - 1);
      if (at < middleStart || (before !== 10 && before !== 13) || text.slice(at, spanEnd(q - 1) + delta) !== old.slice(starts[q - 1], spanEnd(q - 1))) break;
      q--;
    }
    const middleEnd = q < n ? starts[q] + delta : text.length;
    // In between: the blocks there now, reusing an old one of the same text (an undo, a paste).
    const replaced = new Map<string, BlockAnalysis>();
    for (let i = p; i < q; i++) replaced.set(old.slice(starts[i], i + 1 < n ? blockEnd(old, starts[i + 1]) : old.length), blocks[i]);
    const middleStarts = blockStartsIn(text, middleStart, middleEnd);
    const middle = middleStarts.map((from, i) => {
      const to = i + 1 < middleStarts.length ? blockEnd(text, middleStarts[i + 1]) : q < n ? blockEnd(text, middleEnd) : text.length;
      const slice = text.slice(from, to);
      return replaced.get(slice) ?? analyseBlock(slice, target);
    });
    this.text = text;
    this.starts = [...starts.slice(0, p), ...middleStarts, ...starts.slice(q).map((s) => s + delta)];
    this.blocks = [...blocks.slice(0, p), ...middle, ...blocks.slice(q)];
  }

  /**
   * The analyzed document of `text` for the other features (completion, hover…): its blocks laid
   * out, each block's parse moved into place when a feature reads it (laidOutBlocks.ts). Its
   * diagnostics are not collected here: completion right after an edit does not wait for them.
   */
  document(text: string, uri: string, version: number, target?: DocumentTarget): AnalyzedDocument {
    this.sync(text, target);
    const { blocks, starts } = this;
    if (blocks.length === 0) return new AnalyzedDocument(text, uri, version);
    const firstLines: number[] = [];
    const requestBlocks: number[] = [];
    // A block pasted twice is one analysis in two places: the second place gets a copy of its own.
    const seen = new Set<BlockAnalysis>();
    const copy: boolean[] = [];
    let line = 0;
    blocks.forEach((block, i) => {
      firstLines.push(line);
      if (block.hasRequest) requestBlocks.push(i);
      copy.push(seen.has(block));
      seen.add(block);
      line += block.lineCount;
    });
    return new AnalyzedDocument(new LaidOutBlocks(text, {
      blocks,
      offsets: starts,
      firstLines,
      requestBlocks,
      lineCount: line,
      place: (i, at) => (copy[i] ? movedParse(blocks[i].parse.file, at, starts[i]) : placedAt(blocks[i], at, starts[i])),
    }), uri, version);
  }

  /** The diagnostics of the blocks as they stand; their body files, placed, into `bodyFiles`. */
  private collect(bodyFiles: PlacedBodyFile[]): Diagnostic[] {
    const blocks = this.blocks;
    const defined = this.definedNames(blocks);
    const out: Diagnostic[] = [];
    // The file's variables, for a body file's path that uses them (rare: gathered only then).
    let fileVariables: VariableDef[] | undefined;
    const variables = () => (fileVariables ??= blocks.flatMap((block) => block.parse.file.variables));
    let line = 0;
    let request = 0;
    for (const block of blocks) {
      for (const d of block.local) out.push(shifted(d, line));
      const own = block.hasRequest ? request++ : undefined;
      const firstOfName = own !== undefined && block.requestName !== undefined && defined.named.get(block.requestName) === own;
      let refs = block.references;
      if (!refs || refs.generation !== this.generation || refs.firstOfName !== firstOfName) {
        // The checks need `own` only to tell "the first request of its own name" from others.
        const diagnostics = [...referenceDiagnostics(block.requestRefs, own, defined), ...referenceDiagnostics(block.variableRefs, undefined, defined)];
        refs = { generation: this.generation, firstOfName, diagnostics };
        block.references = refs;
      }
      for (const d of refs.diagnostics) out.push(shifted(d, line));
      const bodyFile = block.bodyFile && filledBodyFileRef(block.bodyFile, variables);
      if (bodyFile !== undefined && block.bodyFileRequest !== undefined) {
        const placed: PlacedBodyFile = { file: line === 0 ? bodyFile : { ...bodyFile, pathRange: movedRange(bodyFile.pathRange, line) }, sentBy: block.bodyFileRequest };
        if (bodyFile.fillVariables && own !== undefined) placed.references = { defined, request: own };
        bodyFiles.push(placed);
      }
      line += block.lineCount;
    }
    return out;
  }

  /** The file's variables and named requests; a new generation when they change. */
  private definedNames(blocks: readonly BlockAnalysis[]): DefinedNames {
    const variables = new Set<string>();
    const named = new Map<string, number>();
    const written: string[] = [];
    let request = 0;
    for (const block of blocks) {
      for (const name of block.variableNames) {
        variables.add(name);
        written.push(name);
      }
      if (block.hasRequest) {
        if (block.requestName !== undefined && !named.has(block.requestName)) named.set(block.requestName, request);
        request++;
      }
    }
    // Which names exist, and the named requests in order (the messages list the first few).
    const names = [...written, '', ...named.keys()];
    if (names.length !== this.names.length || names.some((name, i) => name !== this.names[i])) {
      this.names = names;
      this.generation++;
    }
    return { variables, named };
  }
}
