// What a request check finds: where (a range in the request file, LSP-shaped so the language
// server passes it on as is), a stable code, how bad, an actionable message with secrets
// masked, and — when the fix is known ("did you mean …", a legacy form's typed path) — the
// text that replaces the range.

import type { Range } from '../requestFile';
import { maskSecrets } from './keyPatterns';

export type FindingSeverity = 'error' | 'warning' | 'information';

export interface LintFinding {
  range: Range;
  /** Stable: `unknown-field`, `invalid-value`, `missing-field`, `content-type-mismatch`, `legacy-form`… */
  code: string;
  severity: FindingSeverity;
  message: string;
  /** What a quick fix writes over `range`. */
  replacement?: string;
}

export function finding(range: Range, code: string, message: string, severity: FindingSeverity = 'error', replacement?: string): LintFinding {
  return { range, code, severity, message: maskSecrets(message), ...(replacement !== undefined ? { replacement } : {}) };
}

export function onLine(line: number, from: number, to: number): Range {
  return { start: { line, character: from }, end: { line, character: to } };
}
