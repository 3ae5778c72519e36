// THE request-file parser (docs/architecture.md, "How a request flows"), shared by the extension, the
// language server and the CLI. Line based; it never throws: whatever it cannot read becomes
// a diagnostic with a range.

import { BlockSplitter, type Line } from './blockSplitter';
import { parseExpectation, type ExpectationSpec } from './expectations';
import type { Expectation, HeaderLine, Located, ParseDiagnostic, ParsedRequest, PromptVariable, Range, RequestFile, VariableDef, VariableRef } from './types';
import type { LintCode, SeverityOf } from '../requestLint/rules';
import { addVariableRefs, findVariableRefs, rangeOn, unclosedReference, UNRECORDED } from './variables';
import { BODY_FILE_PATH_SOURCES, readsResponse } from './bodyFilePath';
import { isAlwaysSoSetting } from './alwaysSoSettings';

export const KNOWN_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

// A value up to its last non-space, `((?:.*\S)?)\s*$`, is what `(.*?)\s*$` captures, found
// greedily: the lazy form tried the end of the line after every character of the value.
const COMMENT = /^\s*(#|\/\/)(.*)$/;
// Keywords may hold hyphens (REST Client's `@no-redirect`), so a warning names the whole one.
const META = /^\s*(?:#|\/\/)\s*@(\w[\w-]*)\b\s*((?:.*\S)?)\s*$/;
/** `@prompt`'s rest: a variable's name, then what to ask (REST Client's `# @prompt refCode Your reference code`). */
const PROMPT = /^([A-Za-z_][\w-]*)(?:\s+(.*))?$/;

/** What a block's comment lines say about its request. */
interface BlockMetadata { name?: string; nameRange?: Range; expectations: Expectation[]; prompts?: PromptVariable[]; note?: string; first?: Line }
/** Built-ins the environment gives at send time and a file cannot set (a key's origin follows them). */
const ENVIRONMENT_BASE_URLS: readonly string[] = ['gatewayUrl', 'boardingUrl'];
const FILE_VARIABLE = /^\s*@([A-Za-z_$][\w$-]*)\s*=\s*((?:.*\S)?)\s*$/;
// The target is one word, but a `{{…}}` in it may hold blanks (`{{$datetime "MM-DD-YYYY" -1 d}}`).
const REQUEST_LINE = /^(\S+)(\s+)((?:\{\{[^{}]*\}\}|\S)+)(?:(\s+)(\S+))?\s*(.*)$/;
const HTTP_VERSION = /^HTTP\/\d(?:\.\d)?$/;
/** A body that is one line `< path` or `<@ path` (REST Client's and httpYac's syntax): a file. XML never starts "< ". */
const BODY_FILE = /^\s*(<@?)\s+(\S(?:.*\S)?)\s*$/;
/** REST Client's `<@latin1 path`: a body file with an encoding named. */
const BODY_FILE_ENCODING = /^\s*<@(\w+)\s+(\S(?:.*\S)?)\s*$/;
const HEADER = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*:[ \t]*((?:.*\S)?)\s*$/;

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
 * spread-built literal gets a fresh shape each time (see request() below). PERF(bench/lsp.ts)
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
  /**
   * Whether warnings are looked for (an unclosed `{{`, unknown metadata). The headless runner
   * reports only errors, which stop a file; it skips the checks that can only warn.
   */
  warnings?: boolean;
  /**
   * Whether a request keeps only what a run's outline reads (runner/outline.ts: its name,
   * title, method line, `{{…}}` references and expectations): its headers and body are still
   * checked and their references found, but not kept — such a request has no headers and no
   * body. The headless runner's first read of a file, which keeps nothing else of it.
   */
  outlineOnly?: boolean;
}

/** The headers of every request an outline-only parse yields: none kept, never modified. */
const NO_HEADERS: HeaderLine[] = Object.freeze([]) as unknown as HeaderLine[];

class Parser {
  requests: ParsedRequest[] = [];
  variables: VariableDef[] = [];
  diagnostics: ParseDiagnostic[] = [];
  private readonly positions: boolean;
  private readonly warnings: boolean;
  private readonly outlineOnly: boolean;

  constructor(options: ParseOptions = {}) {
    this.positions = options.positions ?? true;
    this.warnings = options.warnings ?? true;
    this.outlineOnly = options.outlineOnly ?? false;
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

  /** `severity` is the rule's (src/core/requestLint/rules.ts), held to it by the compiler: this file imports the table's types only. */
  private diagnose<C extends LintCode>(at: Located, code: C, severity: SeverityOf<C> & ParseDiagnostic['severity'], message: string): void {
    this.diagnostics.push({ ...at, code, message, severity });
  }

  /** One `###`-delimited block: metadata and variables, then at most one request. */
  block(lines: readonly Line[], title: string | undefined): void {
    const meta: BlockMetadata = { expectations: [] };
    let i = 0;
    for (; i < lines.length; i++) {
      const line = lines[i];
      if (line.text.trim() === '') continue;
      if (this.metadata(line, meta) || COMMENT.test(line.text) || this.fileVariable(line)) continue;
      this.request(lines, i, title, meta);
      return;
    }
    if (meta.first) this.diagnose(span(meta.first, 0, meta.first.text.length), 'missing-request-line', 'error', 'missing request line: add one like "GET {{gatewayUrl}}/rest/v2/transactions" below the metadata');
  }

  private metadata(line: Line, meta: BlockMetadata): boolean {
    const match = META.exec(line.text);
    if (!match) return false;
    meta.first ??= line;
    const [, keyword, rest] = match;
    const restStart = line.text.trimEnd().length - rest.length;
    const restSpan = this.at(line, restStart, restStart + rest.length);
    if (keyword === 'name') {
      if (!/^[A-Za-z_$][\w$-]*$/.test(rest)) {
        this.diagnose(span(line, 0, line.text.length), 'malformed-name', 'error', 'malformed @name: give one word of letters, digits, _ or -, e.g. "# @name sale1"');
      } else {
        meta.name = rest;
        meta.nameRange = restSpan.range;
      }
      return true;
    }
    if (keyword === 'expect') {
      const parsed = parseExpectation(rest);
      if (parsed.ok) meta.expectations.push(expectationAt(restSpan, parsed.spec));
      else this.diagnose(span(line, 0, line.text.length), 'malformed-expect', 'error', parsed.message);
      return true;
    }
    if (keyword === 'prompt') {
      const prompt = PROMPT.exec(rest);
      if (!prompt) {
        this.diagnose(span(line, 0, line.text.length), 'malformed-prompt', 'error', 'malformed @prompt: give the variable\'s name, then what to ask if you like, e.g. "# @prompt amount The amount to charge"');
      } else {
        const variable: PromptVariable = { name: prompt[1], nameRange: this.at(line, restStart, restStart + prompt[1].length).range };
        if (prompt[2]) variable.description = prompt[2];
        (meta.prompts ??= []).push(variable);
      }
      return true;
    }
    if (keyword === 'note') {
      meta.note = rest;
      return true;
    }
    // REST Client's no-redirect and no-cookie-jar: what this client always does, so nothing is wrong.
    if (isAlwaysSoSetting(keyword)) return true;
    if (this.warnings) this.diagnose(span(line, 0, line.text.length), 'unknown-metadata', 'warning', `unknown metadata "@${keyword}": use @name, @expect, @prompt or @note`);
    return true;
  }

  private fileVariable(line: Line): boolean {
    const match = FILE_VARIABLE.exec(line.text);
    if (!match) return false;
    const [, name, value] = match;
    const nameStart = line.text.indexOf('@') + 1;
    const valueStart = line.text.trimEnd().length - value.length;
    if (this.warnings && ENVIRONMENT_BASE_URLS.includes(name)) {
      this.diagnose(span(line, nameStart - 1, nameStart + name.length), 'environment-variable-set', 'warning',
        `@${name} is never read: {{${name}}} is the base URL of the environment the request is sent to, so that its keys go nowhere else; remove this line, or name your URL otherwise and write it out`);
    }
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

  /** The request whose method line is `lines[from]`, with the rest of its block. */
  private request(lines: readonly Line[], from: number, title: string | undefined, meta: BlockMetadata): void {
    const first = lines[from];
    const lead = first.text.length - first.text.trimStart().length;
    const match = REQUEST_LINE.exec(first.text.slice(lead));
    if (!match) {
      this.diagnose(span(first, lead, first.text.trimEnd().length), 'missing-request-line', 'error', 'missing request line: write the method and the URL, e.g. "GET {{gatewayUrl}}/rest/v2/transactions"');
      return;
    }
    const [, method, gap, target, gap2, version, extra] = match;
    const methodSpan = span(first, lead, lead + method.length);
    const targetStart = lead + method.length + gap.length;
    if (!KNOWN_METHODS.includes(method)) {
      this.diagnose(methodSpan, 'unknown-method', 'error', `unknown method "${method}": use GET, POST, PUT or DELETE (upper case)`);
    }
    if (version !== undefined && !HTTP_VERSION.test(version)) {
      const at = targetStart + target.length + (gap2?.length ?? 0);
      this.diagnose(span(first, at, first.text.trimEnd().length), 'unexpected-text', 'error', `unexpected "${version}${extra ? ' ' + extra : ''}" after the URL: only an HTTP version (HTTP/1.1) may follow it`);
    } else if (extra) {
      const at = first.text.trimEnd().length - extra.length;
      this.diagnose(span(first, at, first.text.trimEnd().length), 'unexpected-text', 'error', `unexpected "${extra}" after the HTTP version`);
    }
    const refs: VariableRef[] = [];
    addVariableRefs(refs, target, first.index, first.offset, targetStart, this.positions);
    this.checkUnclosed(first);
    const headers: HeaderLine[] = this.outlineOnly ? NO_HEADERS : [];
    let i = from + 1;
    for (; i < lines.length && lines[i].text.trim() !== ''; i++) {
      const line = lines[i];
      if (COMMENT.test(line.text)) continue;
      // An outline keeps nothing of a header but its references: a header holding none is only checked.
      if (this.outlineOnly && !line.text.includes('{{') && HEADER.test(line.text)) continue;
      const header = HEADER.exec(line.text);
      if (!header) {
        this.diagnose(span(line, 0, line.text.length), 'malformed-header', 'error', `malformed header "${line.text.trim()}": write "Name: value", and leave a blank line before the body`);
        continue;
      }
      const [, name, value] = header;
      const valueStart = line.text.trimEnd().length - value.length;
      addVariableRefs(refs, value, line.index, line.offset, valueStart, this.positions);
      this.checkUnclosed(line);
      if (this.outlineOnly) continue;
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
    }
    // The body is lines[i + 1 … last]: the blank lines that end the block are not part of it.
    let last = lines.length - 1;
    while (last > i && lines[last].text.trim() === '') last--;
    // Built property by property, never by spreading: V8 gives spread-built object literals a
    // fresh shape each time. PERF(bench/lsp.ts), guarded by test/core/performanceGuards.test.ts.
    const whole = this.spanningAt(first, last > i ? lines[last] : lines[i - 1]);
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
    if (meta.prompts) request.prompts = meta.prompts;
    if (meta.note !== undefined) request.note = meta.note;
    if (version !== undefined && HTTP_VERSION.test(version)) request.httpVersion = version;
    if (last > i) {
      for (let k = i + 1; k <= last; k++) {
        const line = lines[k];
        addVariableRefs(refs, line.text, line.index, line.offset, 0, this.positions);
        this.checkUnclosed(line);
      }
      const bodyFirst = lines[i + 1];
      // Only a one-line body starting with "<" can name a file: no pattern runs over the others.
      const startsWithAngle = last === i + 1 && bodyFirst.text.trimStart().startsWith('<');
      const file = startsWithAngle ? BODY_FILE.exec(bodyFirst.text) : null;
      if (file?.[1] === '<@') request.bodyFileFills = true;
      if (file && file[2].includes('{{')) this.checkBodyFilePath(bodyFirst, file[2]);
      // REST Client's `<@latin1 ./body.json` would otherwise go out as that text, a body no gateway reads.
      const encoding = startsWithAngle && !file ? BODY_FILE_ENCODING.exec(bodyFirst.text) : null;
      if (encoding) {
        const at = bodyFirst.text.indexOf('<@');
        this.diagnose(span(bodyFirst, at, at + 2 + encoding[1].length), 'body-file-encoding', 'error',
          `"<@${encoding[1]}": a body file's encoding cannot be chosen; it is read as UTF-8 (or UTF-16 with its byte order mark): write "<@ ${encoding[2]}"`);
      }
      if (!this.outlineOnly) {
        const at = this.spanningAt(bodyFirst, lines[last]);
        // Most bodies are one line (JSON as written by a script): that line's text, not a joined copy.
        const text = last === i + 1 ? bodyFirst.text : lines.slice(i + 1, last + 1).map((l) => l.text).join('\n');
        request.body = { range: at.range, startOffset: at.startOffset, endOffset: at.endOffset, text, firstLine: bodyFirst.index };
        if (file) {
          const pathStart = text.indexOf(file[2], text.indexOf(file[1]) + file[1].length);
          request.body.file = { path: file[2], pathRange: this.rangeAt(bodyFirst.index, pathStart, pathStart + file[2].length), fillVariables: file[1] === '<@' };
        }
      }
    }
    this.requests.push(request);
  }

  /** A body file's path that reads a response (`< ./{{sale1.payload.id}}.json`) can never be sent: said before anything is. */
  private checkBodyFilePath(line: Line, written: string): void {
    const at = line.text.indexOf(written, line.text.indexOf('<') + 1);
    for (const ref of findVariableRefs(written, line.index, line.offset, at)) {
      if (!readsResponse(ref.name)) continue;
      this.diagnose({ range: ref.range, startOffset: ref.startOffset, endOffset: ref.endOffset }, 'body-file-path-response', 'error',
        `{{${ref.name}}} in a body file's path: ${BODY_FILE_PATH_SOURCES}; name the file, or put the value in the file and send it with "<@"`);
    }
  }

  private checkUnclosed(line: Line): void {
    if (!this.warnings) return;
    const at = unclosedReference(line.text);
    if (at >= 0) this.diagnose(span(line, at, line.text.length), 'unclosed-variable', 'warning', 'unclosed "{{": close the variable reference with "}}"');
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
