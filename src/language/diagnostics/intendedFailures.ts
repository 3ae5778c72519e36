// A request written to be refused (issue 35, defect 11): one whose `# @expect status` is a 4xx
// sends an invalid value on purpose — a routing number that fails its checksum, to see the 400 —
// so its findings about what it sends (values, fields, body, method, content type) are shown as
// information with a note, not as errors a newcomer reads as "the examples are broken". What
// stays as bad as its rule says: the file's own syntax (the runner refuses it), keys written in
// the file, and every request that does not expect a 4xx. The rule is said in the README and in
// the `@expect` keyword's hover and completion (completion/metadata.ts).
import type { Expectation, ParsedRequest } from '../../core/requestFile';
import type { LintCode, LintFinding } from '../../core/requestLint';

/** What a request may get wrong on purpose to be refused: the checks of what it sends against the catalog. */
const INTENDED_CODES: ReadonlySet<LintCode> = new Set<LintCode>([
  'unknown-path', 'wrong-method', 'wrong-host', 'unknown-param', 'invalid-value', 'legacy-form-type',
  'unexpected-body', 'missing-body', 'wrong-body-format', 'missing-content-type', 'content-type-mismatch',
  'wrong-xml-root', 'missing-field', 'unknown-field', 'placeholder-value',
]);

const isRefusal = (e: Expectation): boolean => e.subject === 'status' && e.operator === '==' && /^4\d\d$/.test(e.expected ?? '');

/** The 4xx status the request expects (`# @expect status 400`), if it expects one. */
function expectedRefusal(request: ParsedRequest): string | undefined {
  return request.expectations.find(isRefusal)?.expected;
}

/** What the hover on `# @expect status 4xx` adds: the rule above, said where it applies. */
export function refusalNote(expectation: Expectation): string {
  return isRefusal(expectation) ? ' A request that expects a 4xx is meant to be refused: what it sends wrong is shown as information ("intended"), not as an error.' : '';
}

/** The request's findings, those it makes on purpose (it expects a 4xx) as information with a note. */
export function markIntendedFailures(request: ParsedRequest | undefined, findings: LintFinding[]): LintFinding[] {
  const status = request && expectedRefusal(request);
  if (status === undefined) return findings;
  return findings.map((f) => (INTENDED_CODES.has(f.code) && f.severity !== 'information'
    ? { ...f, severity: 'information', message: `${f.message} (intended: this request expects ${status})` }
    : f));
}
