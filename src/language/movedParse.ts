// The parser's output for one `###` block, moved to where the block now stands in the file: the
// incremental analysis (fileDiagnostics.ts) parses each block once, on its own (lines and offsets
// counted from the block's start), and builds the file's parse from the blocks' parses instead
// of parsing the whole file again after every edit. Every position the parser writes is moved
// here: a field added to the parser's types must be moved too (test/language/incremental.test.ts
// compares the result with parseRequestFile of the whole text).

import type { Expectation, HeaderLine, Located, ParseDiagnostic, ParsedRequest, Range, RequestBody, RequestFile, VariableDef, VariableRef } from '../core/requestFile';

const movedRange = (r: Range, lines: number): Range => ({
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
  if (r.body) out.body = { ...moved<RequestBody>(r.body, lines, offset), firstLine: r.body.firstLine + lines };
  return out;
}

function movedVariable(v: VariableDef, lines: number, offset: number): VariableDef {
  return { ...moved(v, lines, offset), nameRange: movedRange(v.nameRange, lines), valueRange: movedRange(v.valueRange, lines), variableRefs: movedRefs(v.variableRefs, lines, offset) };
}

/** A block's parse moved `lines` lines and `offset` characters down. */
export function movedParse(part: RequestFile, lines: number, offset: number): RequestFile {
  if (lines === 0 && offset === 0) return part;
  return {
    requests: part.requests.map((r) => movedRequest(r, lines, offset)),
    variables: part.variables.map((v) => movedVariable(v, lines, offset)),
    diagnostics: part.diagnostics.map((d) => moved<ParseDiagnostic>(d, lines, offset)),
  };
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
