// A body file's content (`< ./bodies/sale.json`) checked as the body of the request that sends
// it, by the same rule set as a body written inline: the request's method line and headers, a
// blank line, then the file's content make one request, linted as an inline one is (core's
// lintRequest and the keys-in-the-file checks, plus the test cards a production target forbids).
// Only what is found inside the content is kept — the request line and headers are the request
// file's own and are reported there already — with its position counted in the file.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { ParsedRequest, RequestBody, RequestFile } from '../../core/requestFile';
import { lintRequest, RequestDocument, type LintCode, type LintFinding } from '../../core/requestLint';
import { finding, onLine } from '../../core/requestLint/finding';
import { unclosedReference } from '../../core/requestFile/variables';
import { secretFindings } from '../../core/requestLint/secretChecks';
import type { AnalyzedBody } from '../../core/requestLint/body/analyzeBody';
import { parseJson } from '../../core/codecs/codecs';
import { AnalyzedDocument } from '../documents/analyzedDocument';
import { diagnosticOf, movedSyntaxMessage } from '../diagnostics/diagnostic';
import { productionDiagnostics } from '../diagnostics/productionChecks';
import { movedParse } from '../documents/movedParse';
import type { DocumentTarget } from '../documents/documentTarget';

/**
 * The request that sends a body file, as its `###` block has it: the text from its method line to
 * the body's line (the headers and the blank line after them), and its parse counted from that
 * method line. What its body file's findings depend on, besides the file: a key for them.
 */
export interface BodyFileRequest {
  head: string;
  request: ParsedRequest;
  /** The body's line: the head's line count. */
  firstLine: number;
}

/** `request` of `blockText` (a `###` block alone), whose `body` is a file. */
export function bodyFileRequestOf(blockText: string, request: ParsedRequest, body: RequestBody): BodyFileRequest {
  const own: RequestFile = { requests: [request], variables: [], diagnostics: [] };
  const [moved] = movedParse(own, -request.range.start.line, -request.startOffset).requests;
  return { head: blockText.slice(request.startOffset, body.startOffset), request: moved, firstLine: body.firstLine - request.range.start.line };
}

/** Said of a `<` file whose `{{…}}` make it invalid JSON: the syntax error is real, the fix may be `<@`. */
const SENT_AS_IS = '"<" sends the file as it is, {{…}} included: write "<@" to fill them in first';

/**
 * The request with the file's content as its body. Its parse is the request's own with that
 * body in place, never a parse of the joined text: a line of the file that reads as request-file
 * syntax (`###`, `< other.json`) is body text here, as it is when sent.
 */
function bodyFileDocument(sentBy: BodyFileRequest, content: string): AnalyzedDocument {
  const text = sentBy.head + content;
  const { lineStarts, lineEnds } = new RequestDocument(text);
  const { head, firstLine } = sentBy;
  const last = lineStarts.length - 1;
  const end = { line: last, character: lineEnds[last] - lineStarts[last] };
  const body: RequestBody = { range: { start: { line: firstLine, character: 0 }, end }, startOffset: head.length, endOffset: text.length, text: content, firstLine };
  const file: RequestFile = { requests: [{ ...sentBy.request, expectations: [], variableRefs: [], body }], variables: [], diagnostics: [] };
  return new AnalyzedDocument(text, undefined, undefined, { file, lineStarts, lineEnds });
}

/**
 * A `<` file's JSON as the gateway gets it: an unquoted `{{x}}`, which an inline body (and a `<@`
 * file) fills in before sending, is sent as written, so it is the syntax error it looks like. The
 * body's syntax error becomes the unmasked text's; whether the templates alone caused it is the
 * answer. (Values holding `{{` stay unjudged, as core's valueProblem leaves them: the one check a
 * literal `{{` changes cheaply is the syntax.) XML needs nothing: its codec never masked them.
 */
function sentAsIs(body: AnalyzedBody): boolean {
  if (body.format !== 'json' || !body.text.includes('{{')) return false;
  const result = parseJson(body.text.replace(/\r(?!\n)/g, '\n'));
  if (result.ok) return false;
  const hadError = body.syntaxError !== undefined;
  // As analyzeBody places a codec error: 1-based, counted from the body's first line.
  const line = Number.isFinite(result.error.line) ? result.error.line : 1;
  const column = Number.isFinite(result.error.column) ? result.error.column : 1;
  body.syntaxError = { message: result.error.message, position: { line: body.firstLine + Math.max(0, line - 1), character: Math.max(0, column - 1) } };
  return !hadError;
}

/**
 * A `<@` file's `{{` that no `}}` closes on its line, warned of as the parser warns of one in an
 * inline body (the same code and words): it is sent as written, not filled. (In a `<` file every
 * `{{` is text.) Lines counted from the body's `firstLine`, as the other findings are.
 */
function unclosedTemplates(content: string, firstLine: number): LintFinding[] {
  if (!content.includes('{{')) return [];
  const out: LintFinding[] = [];
  content.split(/\r\n|\r|\n/).forEach((line, i) => {
    const at = unclosedReference(line);
    if (at >= 0) out.push(finding(onLine(firstLine + i, at, line.length), 'unclosed-variable', 'unclosed "{{": close the variable reference with "}}"'));
  });
  return out;
}

/** Already said on the `< path` line itself (bodyPresenceFindings sees that a body is there). */
const SAID_OF_THE_REQUEST: ReadonlySet<LintCode> = new Set(['unexpected-body']);

/** A finding inside a body file: its range in the file, its message with plain text only. */
export type BodyFileFinding = Diagnostic & { message: string };

/**
 * The findings of `content` as the body of `sentBy`: ranges and the line numbers syntax messages
 * name are the file's (0-based ranges, as LSP counts lines), worst first, then in file order.
 * No `data`: a quick fix would write a field's replacement over the request file's path.
 */
export function bodyFileFindings(sentBy: BodyFileRequest, content: string, fillVariables: boolean, target?: DocumentTarget): BodyFileFinding[] {
  // An inline body of blank lines is no body at all: nothing to check inside it.
  if (content.trim() === '') return [];
  const doc = bodyFileDocument(sentBy, content);
  // Read before the checks, which then find the body as sent.
  const body = doc.bodyOf(0);
  const templatesBreakJson = body !== undefined && !fillVariables && sentAsIs(body);
  const { firstLine } = sentBy;
  const inside = (d: { range: Diagnostic['range'] }) => d.range.start.line >= firstLine;
  const findings: LintFinding[] = [...(fillVariables ? unclosedTemplates(content, firstLine) : []), ...lintRequest(doc.requestDocument, 0), ...secretFindings(doc.requestDocument)];
  const found: Diagnostic[] = findings.filter((f) => inside(f) && !SAID_OF_THE_REQUEST.has(f.code)).map(diagnosticOf);
  if (target?.production) found.push(...productionDiagnostics(doc, target).filter(inside));
  const out = found.map((d): BodyFileFinding => {
    let message = String(movedSyntaxMessage(d, -firstLine));
    if (d.code === ('malformed-json' satisfies LintCode) && templatesBreakJson) message = `${message} (${SENT_AS_IS})`;
    return {
      range: { start: { line: d.range.start.line - firstLine, character: d.range.start.character }, end: { line: d.range.end.line - firstLine, character: d.range.end.character } },
      code: d.code, message, severity: d.severity, source: d.source,
    };
  });
  return out.sort((a, b) => (a.severity ?? 1) - (b.severity ?? 1) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
