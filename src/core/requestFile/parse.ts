// THE request-file parser (docs/architecture.md, "How a request flows"), shared by the extension, the
// language server and the CLI. Line based; it never throws: whatever it cannot read becomes
// a diagnostic with a range.

import { BlockSplitter, type Line } from './blockSplitter';
import { parseExpectation, type ExpectationSpec } from './expectations';
import type { Expectation, HeaderLine, Located, ParseDiagnostic, ParsedRequest, Range, RequestFile, VariableDef, VariableRef } from './types';
import { findVariableRefs, rangeOn, unclosedReference, UNRECORDED } from './variables';

export const KNOWN_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

const COMMENT = /^\s*(#|\/\/)(.*)$/;
const META = /^\s*(?:#|\/\/)\s*@(\w+)\b\s*(.*?)\s*$/;
const FILE_VARIABLE = /^\s*@([A-Za-z_$][\w$-]*)\s*=\s*(.*?)\s*$/;
const REQUEST_LINE = /^(\S+)(\s+)(\S+)(?:(\s+)(\S+))?\s*(.*)$/;
const HTTP_VERSION = /^HTTP\/\d(?:\.\d)?$/;
const HEADER = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*:[ \t]*(.*?)\s*$/;

/** Location of characters [from, to) of one line. */
function span(line: Line, from: number, to: number): Located {
  return { range: rangeOn(line.index, from, to), startOffset: line.offset + from, endOffset: line.offset + to };
}

function spanning(first: Line, last: Line): Located {
  return {
    range: { start: { line: first.index, character: 0 }, end: { line: last.index, character: last.text.length } },
    startOffset: first.offset,
    endOffset: last.offset + last.text.length,
  };
}

/**
 * An expectation where it is written, built property by property in the spread's order: a
 * spread-built literal gets a fresh shape each time (see request() below), which made the
 * expectations the costliest objects a long file's parse allocated.
 */
function expectationAt(at: Located, spec: ExpectationSpec): Expectation {
  const expectation = { range: at.range, startOffset: at.startOffset, endOffset: at.endOffset, subject: spec.subject } as Expectation;
  if (spec.path !== undefined) expectation.path = spec.path;
  expectation.operator = spec.operator;
  if (spec.expected !== undefined) expectation.expected = spec.expected;
  if (spec.flags !== undefined) expectation.flags = spec.flags;
  expectation.text = spec.text;
  return expectation;
}

/** How a parse runs. */
interface ParseOptions {
  /**
   * Whether elements record where they are (ranges and offsets). The headless runner reads only
   * a request's method line (for its report) and the diagnostics' places, which are always
   * recorded; every other element then shares UNRECORDED, which spares the three objects a range
   * costs, a few dozen times per request.
   */
  positions?: boolean;
}

class Parser {
  requests: ParsedRequest[] = [];
  variables: VariableDef[] = [];
  diagnostics: ParseDiagnostic[] = [];
  private readonly positions: boolean;

  constructor(options: ParseOptions = {}) {
    this.positions = options.positions ?? true;
  }

  /** Where characters [from, to) of `line` are, as an element records it (diagnostics use span()). */
  private at(line: Line, from: number, to: number): Located {
    return this.positions ? span(line, from, to) : UNRECORDED;
  }

  private rangeAt(line: number, from: number, to: number): Range {
    return this.positions ? rangeOn(line, from, to) : UNRECORDED.range;
  }

  private spanningAt(first: Line, last: Line): Located {
    return this.positions ? spanning(first, last) : UNRECORDED;
  }

  private diagnose(at: Located, code: string, message: string, severity: 'error' | 'warning' = 'error'): void {
    this.diagnostics.push({ ...at, code, message, severity });
  }

  /** One `###`-delimited block: metadata and variables, then at most one request. */
  block(lines: readonly Line[], title: string | undefined): void {
    const meta: { name?: string; nameRange?: Range; expectations: Expectation[]; first?: Line } = { expectations: [] };
    let i = 0;
    for (; i < lines.length; i++) {
      const line = lines[i];
      if (line.text.trim() === '') continue;
      if (this.metadata(line, meta) || COMMENT.test(line.text) || this.fileVariable(line)) continue;
      this.request(lines.slice(i), title, meta);
      return;
    }
    if (meta.first) this.diagnose(span(meta.first, 0, meta.first.text.length), 'missing-request-line', 'missing request line: add one like "GET {{gatewayUrl}}/rest/v2/transactions" below the metadata');
  }

  private metadata(line: Line, meta: { name?: string; nameRange?: Range; expectations: Expectation[]; first?: Line }): boolean {
    const match = META.exec(line.text);
    if (!match) return false;
    meta.first ??= line;
    const [, keyword, rest] = match;
    const restStart = line.text.trimEnd().length - rest.length;
    const restSpan = this.at(line, restStart, restStart + rest.length);
    if (keyword === 'name') {
      if (!/^[A-Za-z_$][\w$-]*$/.test(rest)) {
        this.diagnose(span(line, 0, line.text.length), 'malformed-name', 'malformed @name: give one word of letters, digits, _ or -, e.g. "# @name sale1"');
      } else {
        meta.name = rest;
        meta.nameRange = restSpan.range;
      }
      return true;
    }
    if (keyword === 'expect') {
      const parsed = parseExpectation(rest);
      if (parsed.ok) meta.expectations.push(expectationAt(restSpan, parsed.spec));
      else this.diagnose(span(line, 0, line.text.length), 'malformed-expect', parsed.message);
      return true;
    }
    this.diagnose(span(line, 0, line.text.length), 'unknown-metadata', `unknown metadata "@${keyword}": use @name or @expect`, 'warning');
    return true;
  }

  private fileVariable(line: Line): boolean {
    const match = FILE_VARIABLE.exec(line.text);
    if (!match) return false;
    const [, name, value] = match;
    const nameStart = line.text.indexOf('@') + 1;
    const valueStart = line.text.trimEnd().length - value.length;
    this.variables.push({
      ...this.at(line, line.text.length - line.text.trimStart().length, line.text.trimEnd().length),
      name,
      value,
      nameRange: this.rangeAt(line.index, nameStart, nameStart + name.length),
      valueRange: this.rangeAt(line.index, valueStart, valueStart + value.length),
      variableRefs: findVariableRefs(value, line.index, line.offset, valueStart, this.positions),
    });
    return true;
  }

  private request(lines: readonly Line[], title: string | undefined, meta: { name?: string; nameRange?: Range; expectations: Expectation[] }): void {
    const first = lines[0];
    const lead = first.text.length - first.text.trimStart().length;
    const match = REQUEST_LINE.exec(first.text.slice(lead));
    if (!match) {
      this.diagnose(span(first, lead, first.text.trimEnd().length), 'missing-request-line', 'missing request line: write the method and the URL, e.g. "GET {{gatewayUrl}}/rest/v2/transactions"');
      return;
    }
    const [, method, gap, target, gap2, version, extra] = match;
    const methodSpan = span(first, lead, lead + method.length);
    const targetStart = lead + method.length + gap.length;
    if (!KNOWN_METHODS.includes(method)) {
      this.diagnose(methodSpan, 'unknown-method', `unknown method "${method}": use GET, POST, PUT or DELETE (upper case)`);
    }
    if (version !== undefined && !HTTP_VERSION.test(version)) {
      const at = targetStart + target.length + (gap2?.length ?? 0);
      this.diagnose(span(first, at, first.text.trimEnd().length), 'unexpected-text', `unexpected "${version}${extra ? ' ' + extra : ''}" after the URL: only an HTTP version (HTTP/1.1) may follow it`);
    } else if (extra) {
      const at = first.text.trimEnd().length - extra.length;
      this.diagnose(span(first, at, first.text.trimEnd().length), 'unexpected-text', `unexpected "${extra}" after the HTTP version`);
    }
    const refs: VariableRef[] = findVariableRefs(target, first.index, first.offset, targetStart, this.positions);
    this.checkUnclosed(first);
    const headers: HeaderLine[] = [];
    let i = 1;
    for (; i < lines.length && lines[i].text.trim() !== ''; i++) {
      const line = lines[i];
      if (COMMENT.test(line.text)) continue;
      const header = HEADER.exec(line.text);
      if (!header) {
        this.diagnose(span(line, 0, line.text.length), 'malformed-header', `malformed header "${line.text.trim()}": write "Name: value", and leave a blank line before the body`);
        continue;
      }
      const [, name, value] = header;
      const valueStart = line.text.trimEnd().length - value.length;
      const at = this.at(line, 0, line.text.trimEnd().length);
      headers.push({
        range: at.range,
        startOffset: at.startOffset,
        endOffset: at.endOffset,
        name,
        value,
        nameRange: this.rangeAt(line.index, 0, name.length),
        valueRange: this.rangeAt(line.index, valueStart, valueStart + value.length),
      });
      refs.push(...findVariableRefs(value, line.index, line.offset, valueStart, this.positions));
      this.checkUnclosed(line);
    }
    const bodyLines = lines.slice(i + 1);
    while (bodyLines.length > 0 && bodyLines[bodyLines.length - 1].text.trim() === '') bodyLines.pop();
    // Built property by property, never by spreading: V8 gives spread-built object literals a
    // fresh shape each time, which made parsing a 5,000-line file grow faster than linearly.
    // Measured by bench/lsp.ts; guarded in npm test by test/core/performanceGuards.test.ts.
    const whole = this.spanningAt(first, bodyLines[bodyLines.length - 1] ?? lines[i - 1]);
    const request: ParsedRequest = {
      range: whole.range,
      startOffset: whole.startOffset,
      endOffset: whole.endOffset,
      expectations: meta.expectations,
      method,
      methodRange: methodSpan.range,
      target,
      targetRange: this.rangeAt(first.index, targetStart, targetStart + target.length),
      headers,
      variableRefs: refs,
    };
    if (meta.name !== undefined) {
      request.name = meta.name;
      request.nameRange = meta.nameRange;
    }
    if (title !== undefined) request.title = title;
    if (version !== undefined && HTTP_VERSION.test(version)) request.httpVersion = version;
    if (bodyLines.length > 0) {
      const [bodyFirst, bodyLast] = [bodyLines[0], bodyLines[bodyLines.length - 1]];
      const at = this.spanningAt(bodyFirst, bodyLast);
      request.body = { range: at.range, startOffset: at.startOffset, endOffset: at.endOffset, text: bodyLines.map((l) => l.text).join('\n'), firstLine: bodyFirst.index };
      for (const line of bodyLines) {
        refs.push(...findVariableRefs(line.text, line.index, line.offset, 0, this.positions));
        this.checkUnclosed(line);
      }
    }
    this.requests.push(request);
  }

  private checkUnclosed(line: Line): void {
    const at = unclosedReference(line.text);
    if (at >= 0) this.diagnose(span(line, at, line.text.length), 'unclosed-variable', 'unclosed "{{": close the variable reference with "}}"', 'warning');
  }
}

/** Parses a request file. Never throws: problems come back as diagnostics. */
export function parseRequestFile(text: string): RequestFile {
  const parser = new RequestFileStreamParser();
  parser.push(text);
  parser.end();
  return parser.take();
}

/**
 * The same parser for a file read as a stream (a headless run of a long file): text goes in
 * chunk by chunk, and each `###` block is parsed as soon as the separator after it (or the end)
 * arrives, with the line numbers and offsets it has in the whole file (blockSplitter.ts). What a
 * block yields — its request, file variables, diagnostics — is taken with `take()`, so nothing
 * piles up. However the text is cut into chunks, the result equals parseRequestFile's
 * (test/core/requestFileStream.test.ts).
 */
export class RequestFileStreamParser {
  private readonly parser: Parser;
  private readonly splitter: BlockSplitter;

  constructor(options: ParseOptions = {}) {
    const parser = new Parser(options);
    this.parser = parser;
    this.splitter = new BlockSplitter((lines, title) => parser.block(lines, title));
  }

  /** Adds the next chunk of the file's text. */
  push(chunk: string): void {
    this.splitter.push(chunk);
  }

  /** The file's text has all arrived: parses the last block. */
  end(): void {
    this.splitter.end();
  }

  /** What the blocks parsed since the last call yielded, in file order; the parser lets go of it. */
  take(): RequestFile {
    const { requests, variables, diagnostics } = this.parser;
    this.parser.requests = [];
    this.parser.variables = [];
    this.parser.diagnostics = [];
    return { requests, variables, diagnostics };
  }
}
