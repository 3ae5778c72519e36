// One `###` block of an open file analysed on its own, as the incremental analysis keeps it
// (fileDiagnostics.ts): its parse and diagnostics relative to its first line, what the file-wide
// checks need of it (its names and references), and where the blocks of a text begin and end.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { BodyFileRef, RequestFile, VariableRef } from '../../core/requestFile';
import { movedParse, movedRange, shiftMovedParse } from './movedParse';
import { AnalyzedDocument } from './analyzedDocument';
import type { LaidOutBlock } from './laidOutBlocks';
import { blockLocalDiagnostics } from '../diagnostics/requestDiagnostics';
import { unpromptedRefs } from '../diagnostics/variableChecks';
import { movedSyntaxMessage } from '../diagnostics/diagnostic';
import type { DocumentTarget } from './documentTarget';
import { bodyFileRequestOf, type BodyFileRequest } from '../bodyFiles/bodyFileLint';

export interface BlockAnalysis extends LaidOutBlock {
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
  /** Its diagnostics where it last stood (`line`), made from `references`. */
  shown?: { line: number; references: object; diagnostics: Diagnostic[] };
  /** In more than one place in the file (pasted twice): its variable checks are looked at every time. */
  shared: boolean;
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
export function isSeparatorAt(text: string, at: number): boolean {
  SEPARATOR_LINE.lastIndex = at;
  return SEPARATOR_LINE.test(text);
}

/** The block starts in [from, to), `from` being the start of a line: `from` itself, then each `###` line. */
export function blockStartsIn(text: string, from: number, to: number): number[] {
  if (from >= to) return [];
  const starts = [from];
  for (let at = text.indexOf('###', from + 1); at >= 0 && at < to; at = text.indexOf('###', at + 3)) {
    const before = text.charCodeAt(at - 1);
    if ((before === 10 || before === 13) && isSeparatorAt(text, at)) starts.push(at);
  }
  return starts;
}

/** End of the block that runs up to `nextStart`: before the line break that precedes it. */
export function blockEnd(text: string, nextStart: number): number {
  if (text.charCodeAt(nextStart - 1) === 13) return nextStart - 1;
  return text.charCodeAt(nextStart - 2) === 13 ? nextStart - 2 : nextStart - 1;
}

export function analyseBlock(text: string, target: DocumentTarget | undefined): BlockAnalysis {
  const doc = new AnalyzedDocument(text);
  const request = doc.requests[0];
  // Every field written, the ones filled later too: one object shape for every block keeps the
  // property reads of completion's loops over blocks monomorphic. PERF(bench/lsp.ts)
  return {
    text,
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
    shown: undefined,
    shared: false,
    operation: undefined,
    answers: undefined,
  };
}

/** What the file's names take from a block: its request (and that request's name) and its variables' names. */
export function namesOf(block: BlockAnalysis): string {
  return JSON.stringify([block.hasRequest, block.requestName ?? null, block.variableNames]);
}

export function shifted(d: Diagnostic, lines: number): Diagnostic {
  if (lines === 0) return d;
  return {
    ...d,
    range: movedRange(d.range, lines),
    message: movedSyntaxMessage(d, lines),
  };
}

/** The block's parse at `line` and `offset`: its placed copy, moved in place when the block has moved. */
export function placedAt(block: BlockAnalysis, line: number, offset: number): RequestFile {
  const placed = block.placed;
  if (!placed) return (block.placed = { line, offset, file: movedParse(block.parse.file, line, offset) }).file;
  if (placed.line !== line || placed.offset !== offset) {
    shiftMovedParse(placed.file, line - placed.line, offset - placed.offset);
    placed.line = line;
    placed.offset = offset;
  }
  return placed.file;
}
