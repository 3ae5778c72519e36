// What a request check finds: where (a range in the request file, LSP-shaped so the language
// server passes it on as is), a stable code from the rule table (rules.ts), how bad (the rule's
// severity), an actionable message with secrets masked, and — when the fix is known ("did you
// mean …", a legacy form's typed path) — the text that replaces the range.

import type { Range } from '../requestFile';
import { maskSecrets } from './keyPatterns';
import { severityOf, type FindingSeverity, type LintCode, type OtherSeverityOf } from './rules';

export type { FindingSeverity, LintCode } from './rules';

export interface LintFinding {
  range: Range;
  /** A row of RULES (rules.ts): `unknown-field`, `invalid-value`, `missing-field`… */
  code: LintCode;
  severity: FindingSeverity;
  message: string;
  /** What a quick fix writes over `range`. */
  replacement?: string;
}

interface FindingOptions<C extends LintCode> {
  /** What a quick fix writes over the range. */
  replacement?: string;
  /** Only for a rule whose row allows it (`or`): the severity this finding takes instead of the row's. */
  severity?: OtherSeverityOf<C>;
}

export function finding<C extends LintCode>(range: Range, code: C, message: string, options: FindingOptions<C> = {}): LintFinding {
  const { replacement, severity } = options;
  return { range, code, severity: severity ?? severityOf(code), message: maskSecrets(message), ...(replacement !== undefined ? { replacement } : {}) };
}

export function onLine(line: number, from: number, to: number): Range {
  return { start: { line, character: from }, end: { line, character: to } };
}
