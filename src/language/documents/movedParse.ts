// The parser's output for one `###` block, moved to where the block now stands in the file: the
// incremental analysis (fileDiagnostics.ts) parses each block once, on its own (lines and offsets
// counted from the block's start), and builds the file's parse from the blocks' parses instead
// of parsing the whole file again after every edit. Every position the parser writes is moved
// here: a field added to the parser's types must be moved too (test/language/incremental.test.ts
// compares the result with parseRequestFile of the whole text).

import type { Expectation, HeaderLine, Located, ParseDiagnostic, ParsedRequest, Range, RequestBody, RequestFile, VariableDef, VariableRef } from '../../core/requestFile';

/** `r` as it reads `lines` lines further down (a new range). */
export const movedRange = (r: Range, lines: number): Range => ({
  start: { line: r.start.line + lines, character: r.start.character },
  end: { line: r.end.line + lines, character: r.end.character },
});

function moved<T extends Located>(item: T, lines: number, offset: number): T {
  return { ...item, range: movedRange(item.range, lines), startOffset: item.startOffset + offset, endOffset: item.endOffset + offset };
}

const movedRefs = (refs: readonly VariableRef[], lines: number, offset: number): VariableRef[] => refs.map((r) => moved(r, lines, offset));

function movedRequest(r: ParsedRequest, lines: number, offset: number): ParsedRequest {
  const out: ParsedRequest = {
    ...moved(r, lines, offset),
    expectations: r.expectations.map((e): Expectation => moved(e, lines, offset)),
    methodRange: movedRange(r.methodRange, lines),
    targetRange: movedRange(r.targetRange, lines),
    headers: r.headers.map((h): HeaderLine => ({ ...moved(h, lines, offset), nameRange: movedRange(h.nameRange, lines), valueRange: movedRange(h.valueRange, lines) })),
    variableRefs: movedRefs(r.variableRefs, lines, offset),
  };
  if (r.nameRange) out.nameRange = movedRange(r.nameRange, lines);
  if (r.prompts) out.prompts = r.prompts.map((p) => ({ ...p, nameRange: movedRange(p.nameRange, lines) }));
  if (r.body) {
    out.body = { ...moved<RequestBody>(r.body, lines, offset), firstLine: r.body.firstLine + lines };
    if (r.body.file) out.body.file = { ...r.body.file, pathRange: movedRange(r.body.file.pathRange, lines) };
  }
  return out;
}

function movedVariable(v: VariableDef, lines: number, offset: number): VariableDef {
  return { ...moved(v, lines, offset), nameRange: movedRange(v.nameRange, lines), valueRange: movedRange(v.valueRange, lines), variableRefs: movedRefs(v.variableRefs, lines, offset) };
}

/** A block's parse moved `lines` lines and `offset` characters down: a copy, `part` is left as it is. */
export function movedParse(part: RequestFile, lines: number, offset: number): RequestFile {
  return {
    requests: part.requests.map((r) => movedRequest(r, lines, offset)),
    variables: part.variables.map((v) => movedVariable(v, lines, offset)),
    diagnostics: part.diagnostics.map((d) => moved<ParseDiagnostic>(d, lines, offset)),
  };
}

// Moving a copy made by movedParse again, in place. A one-character edit near the top of a
// 20,000-line file moves every block below it, and copying each one's parse again showed in
// every edit's completion. PERF(bench/lsp.ts) Only the objects movedParse made
// fresh are touched — never the block's own parse, which they share strings and the rest with.

const shiftRange = (r: Range, lines: number): void => {
  r.start.line += lines;
  r.end.line += lines;
};

function shift(item: Located, lines: number, offset: number): void {
  shiftRange(item.range, lines);
  item.startOffset += offset;
  item.endOffset += offset;
}

function shiftRequest(r: ParsedRequest, lines: number, offset: number): void {
  shift(r, lines, offset);
  for (const e of r.expectations) shift(e, lines, offset);
  shiftRange(r.methodRange, lines);
  shiftRange(r.targetRange, lines);
  for (const h of r.headers) {
    shift(h, lines, offset);
    shiftRange(h.nameRange, lines);
    shiftRange(h.valueRange, lines);
  }
  for (const ref of r.variableRefs) shift(ref, lines, offset);
  if (r.nameRange) shiftRange(r.nameRange, lines);
  for (const p of r.prompts ?? []) shiftRange(p.nameRange, lines);
  if (r.body) {
    shift(r.body, lines, offset);
    r.body.firstLine += lines;
    if (r.body.file) shiftRange(r.body.file.pathRange, lines);
  }
}

function shiftVariable(v: VariableDef, lines: number, offset: number): void {
  shift(v, lines, offset);
  shiftRange(v.nameRange, lines);
  shiftRange(v.valueRange, lines);
  for (const ref of v.variableRefs) shift(ref, lines, offset);
}

/** Moves `placed`, a copy movedParse made, `lines` lines and `offset` characters further down, in place. */
export function shiftMovedParse(placed: RequestFile, lines: number, offset: number): void {
  for (const r of placed.requests) shiftRequest(r, lines, offset);
  for (const v of placed.variables) shiftVariable(v, lines, offset);
  for (const d of placed.diagnostics) shift(d, lines, offset);
}

/** The parse of the whole file, from its blocks' (moved) parses in order. */
export function joinedParse(parts: readonly RequestFile[]): RequestFile {
  const file: RequestFile = { requests: [], variables: [], diagnostics: [] };
  for (const part of parts) {
    for (const r of part.requests) file.requests.push(r);
    for (const v of part.variables) file.variables.push(v);
    for (const d of part.diagnostics) file.diagnostics.push(d);
  }
  return file;
}
