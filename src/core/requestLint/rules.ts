// Every rule a request file is checked by, one row each: its stable code, how bad its findings
// are, what it checks and the files that implement it. The codes are a union type (LintCode), so
// a finding with a code not in this table does not compile; `finding()` and the language
// server's `diagnostic()` take the severity from here. The parser (src/core/requestFile/parse.ts)
// imports this file's types only — it is in the activation bundle, which must stay small — and
// names each severity, which the compiler holds to its row (SeverityOf).
// test/core/lintRules.test.ts checks that each row's files say its code.

export type FindingSeverity = 'error' | 'warning' | 'information';

interface LintRule {
  code: string;
  severity: FindingSeverity;
  /** The severities some of its findings take instead (said in `checks`). */
  or?: readonly FindingSeverity[];
  /** What it finds, and why it matters. */
  checks: string;
  /** The files that emit it, from the repository's root. */
  where: readonly string[];
}

const PARSE = 'src/core/requestFile/parse.ts';
const REQUEST = 'src/core/requestLint/requestChecks.ts';
const BODY = 'src/core/requestLint/bodyChecks.ts';
const SECRETS = 'src/core/requestLint/secretChecks.ts';
const VARIABLES = 'src/language/diagnostics/variableChecks.ts';

export const RULES = [
  // The file's own syntax (the parser: the runner and code generation refuse a request with an error here).
  { code: 'missing-request-line', severity: 'error', checks: 'a block with metadata or text but no method-and-URL line', where: [PARSE] },
  { code: 'malformed-name', severity: 'error', checks: '`# @name` that is not one word of letters, digits, _ or -', where: [PARSE] },
  { code: 'malformed-expect', severity: 'error', checks: '`# @expect` that cannot be read', where: [PARSE] },
  { code: 'malformed-prompt', severity: 'error', checks: '`# @prompt` without a variable name', where: [PARSE] },
  { code: 'unknown-metadata', severity: 'warning', checks: '`# @word` other than @name, @expect, @prompt, @note', where: [PARSE] },
  { code: 'environment-variable-set', severity: 'warning', checks: '`@gatewayUrl = …` or `@boardingUrl = …`: never read, the environment\'s base URL is', where: [PARSE] },
  { code: 'unknown-method', severity: 'error', checks: 'a method other than GET, POST, PUT, DELETE in upper case', where: [PARSE] },
  { code: 'unexpected-text', severity: 'error', checks: 'text after the URL other than an HTTP version', where: [PARSE] },
  { code: 'malformed-header', severity: 'error', checks: 'a header line that is not `Name: value` (often a body without the blank line before it)', where: [PARSE] },
  { code: 'body-file-encoding', severity: 'error', checks: '`<@latin1 path`: a body file\'s encoding cannot be chosen', where: [PARSE] },
  { code: 'body-file-path-response', severity: 'error', checks: 'a body file\'s path that reads an answer, so a server could pick the file sent', where: [PARSE] },
  { code: 'unclosed-variable', severity: 'warning', checks: '`{{` that no `}}` closes on its line, in a request or in a `<@` body file', where: [PARSE, 'src/language/bodyFiles/bodyFileLint.ts'] },

  // The request line and headers against the catalog.
  { code: 'sandbox-control', severity: 'information', checks: 'a Local sandbox control path: answered only by the Local sandbox', where: [REQUEST] },
  { code: 'unknown-sandbox-control', severity: 'error', checks: 'a `/__sandbox/` path the Local sandbox has no control action for', where: [REQUEST] },
  { code: 'unknown-path', severity: 'error', checks: 'a path no operation has, with the nearest known one as a fix', where: [REQUEST] },
  { code: 'wrong-method', severity: 'error', checks: 'a method the path does not take', where: [REQUEST] },
  { code: 'wrong-host', severity: 'warning', checks: 'a /rest/ path on the boarding base URL or an /api/ path on the gateway\'s', where: [REQUEST] },
  { code: 'unknown-param', severity: 'warning', checks: 'a query parameter the operation does not take', where: [REQUEST] },
  { code: 'invalid-value', severity: 'error', checks: 'a path, query or body value that fails its field\'s check (allowed values, Luhn, ABA, amount, dates, type)', where: [REQUEST, BODY] },
  { code: 'legacy-form-type', severity: 'error', checks: 'the generic transaction endpoint without a `type` that routes it', where: [REQUEST] },
  { code: 'legacy-form', severity: 'information', checks: 'a legacy form the gateway still accepts (v2 spelling, generic endpoint, `api_key` header, key as a body field): which operation it is, with the typed path as a fix', where: [REQUEST, BODY] },
  { code: 'unexpected-body', severity: 'error', or: ['warning'], checks: 'a body on an operation that takes none (a warning on a DELETE, whose body is ignored)', where: [REQUEST] },
  { code: 'missing-body', severity: 'error', checks: 'no body where the operation has required fields', where: [REQUEST] },
  { code: 'wrong-body-format', severity: 'error', checks: 'a JSON body where only XML is taken, or the other way round', where: [REQUEST] },
  { code: 'missing-content-type', severity: 'error', checks: 'a body an application sent without a Content-Type (the gateway answers 415); a request file gets one at send time', where: [REQUEST] },
  { code: 'content-type-mismatch', severity: 'error', checks: 'a Content-Type that names no body format, contradicts the body, or the operation does not take', where: [REQUEST] },

  // A body's syntax and fields against the catalog.
  { code: 'malformed-json', severity: 'error', checks: 'the first JSON syntax error, where the codec found it', where: [BODY] },
  { code: 'malformed-xml', severity: 'error', checks: 'the first XML syntax error, where the codec found it', where: [BODY] },
  { code: 'wrong-xml-root', severity: 'error', checks: 'an XML root element other than the operation\'s', where: [BODY] },
  { code: 'missing-field', severity: 'error', checks: 'required fields missing, on the object that lacks them', where: [BODY] },
  { code: 'unknown-field', severity: 'warning', checks: 'a field the operation does not know, with the nearest known name as a fix', where: [BODY] },
  { code: 'placeholder-value', severity: 'warning', checks: 'a sample\'s placeholder name left as a literal value', where: [BODY] },

  // Keys, which belong to the environment.
  { code: 'auth-header', severity: 'error', checks: 'an api-key, AccessKey or MerchantId header written in the file', where: [SECRETS] },
  { code: 'key-in-file', severity: 'error', checks: 'a key-named variable, field or query parameter with a value, or a key-like literal anywhere', where: [SECRETS] },

  // The language server's own: they need the other blocks, the disk, or where the file is sent.
  { code: 'undefined-variable', severity: 'error', checks: '`{{name}}` that nothing defines, or that reads its own request\'s answer', where: [VARIABLES] },
  { code: 'unknown-request', severity: 'error', checks: '`{{name.…}}` where no request is named `name`', where: [VARIABLES] },
  { code: 'invalid-system-variable', severity: 'error', checks: 'a system variable written wrong (`{{$randomInt 5}}`)', where: [VARIABLES] },
  { code: 'test-card-in-production', severity: 'warning', checks: 'a sandbox test card in a request that goes to a production environment', where: ['src/language/diagnostics/productionChecks.ts'] },
  { code: 'body-file-outside', severity: 'error', checks: 'a body file outside the folder it may be read from', where: ['src/language/bodyFiles/bodyFiles.ts'] },
  { code: 'body-file-unreadable', severity: 'error', checks: 'a body file that cannot be read', where: ['src/language/bodyFiles/bodyFiles.ts'] },
  {
    code: 'body-file-more-findings', severity: 'error', or: ['warning', 'information'],
    checks: 'on a body file\'s path: how many more findings its content has than are shown (as bad as the worst of them)', where: ['src/language/bodyFiles/bodyFileContent.ts'],
  },
] as const satisfies readonly LintRule[];

type Rule = (typeof RULES)[number];

/** Every code a request file's check can report. */
export type LintCode = Rule['code'];

/** The severities a finding of `C` may take: its row's, and its `or`. */
export type SeverityOf<C extends LintCode> = Extract<Rule, { code: C }> extends infer R
  ? R extends { severity: infer S; or: readonly (infer O)[] } ? S | O : R extends { severity: infer S } ? S : never
  : never;

/** The severities other than its row's that a finding of `C` may be given (never for most). */
export type OtherSeverityOf<C extends LintCode> = Exclude<SeverityOf<C>, Extract<Rule, { code: C }>['severity']>;

const SEVERITY = Object.fromEntries(RULES.map((rule) => [rule.code, rule.severity])) as Readonly<Record<LintCode, FindingSeverity>>;

/** The severity of `code`'s row. */
export const severityOf = (code: LintCode): FindingSeverity => SEVERITY[code];
