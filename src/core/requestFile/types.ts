// The request-file model. Every element carries an LSP-compatible range (0-based line and
// character, UTF-16 code units as JavaScript strings count them) plus absolute offsets, so
// the language server can point at it and the extension can edit it.

import type { LintCode } from '../requestLint/rules';

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface Located {
  range: Range;
  /** Offset of `range.start` in the document. */
  startOffset: number;
  /** Offset just past `range.end` in the document. */
  endOffset: number;
}

export interface VariableRef extends Located {
  /** The name as written, possibly dotted: `sale1.payload.transaction.id`. */
  name: string;
}

export interface VariableDef extends Located {
  name: string;
  value: string;
  nameRange: Range;
  valueRange: Range;
  /** `{{name}}` references inside the value. */
  variableRefs: VariableRef[];
}

export type ExpectOperator = '==' | '!=' | 'exists' | 'matches';

export interface Expectation extends Located {
  /** `status` checks the HTTP status; `path` checks a value in the parsed body. */
  subject: 'status' | 'path';
  /** Dotted path into the parsed body (subject `path`), e.g. `payload.transaction.result`. */
  path?: string;
  operator: ExpectOperator;
  /** Expected value for `==` / `!=`; regular expression source for `matches`. */
  expected?: string;
  /** Flags of a `matches /re/flags` expectation. */
  flags?: string;
  /** The expectation as written after `@expect`. */
  text: string;
}

export interface HeaderLine extends Located {
  name: string;
  value: string;
  nameRange: Range;
  valueRange: Range;
}

export interface RequestBody extends Located {
  text: string;
  /** 0-based line where the body starts. */
  firstLine: number;
  /** Set when the body is a file: a body of one line `< path` (or `<@ path`), as REST Client and httpYac write it. */
  file?: BodyFileRef;
}

/** `< ./sale.json`: the body is that file's content, its path relative to the request file's folder. */
export interface BodyFileRef {
  /** The path as written. */
  path: string;
  pathRange: Range;
  /** `<@`: the file's `{{…}}` are filled in like the request's own; `<` sends it as it is. */
  fillVariables: boolean;
}

export interface ParsedRequest extends Located {
  /** From `# @name sale1`. */
  name?: string;
  nameRange?: Range;
  /** Text after the `###` that opened this request. */
  title?: string;
  expectations: Expectation[];
  method: string;
  methodRange: Range;
  /** URL or path as written, variables unresolved. */
  target: string;
  targetRange: Range;
  httpVersion?: string;
  headers: HeaderLine[];
  body?: RequestBody;
  /** `{{name}}` references in the target, headers and body. */
  variableRefs: VariableRef[];
  /**
   * A `<@ path` body (set in an outline-only parse too): the file's own `{{…}}` are known only
   * once it is read, so a run keeps every named response until this request has run.
   */
  bodyFileFills?: true;
  /** `# @prompt name [description]` (REST Client's): values asked for when the request is sent. */
  prompts?: PromptVariable[];
  /**
   * `# @note [text]` (REST Client's): the editor asks before sending this request, showing the
   * text; a headless run sends it (nobody is there to ask). Empty when no text follows.
   */
  note?: string;
}

/** `# @prompt otp Your one-time code`: a variable of this request whose value is asked for at each send. */
export interface PromptVariable {
  name: string;
  nameRange: Range;
  /** What the question says; the name alone when there is none. */
  description?: string;
}

export interface ParseDiagnostic extends Located {
  message: string;
  severity: 'error' | 'warning';
  /** A row of the rule table (src/core/requestLint/rules.ts), e.g. `unknown-method`. */
  code: LintCode;
}

export interface RequestFile {
  requests: ParsedRequest[];
  variables: VariableDef[];
  diagnostics: ParseDiagnostic[];
}
