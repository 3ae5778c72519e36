// Building LSP diagnostics: one source, stable codes, messages with secrets masked. The request
// checks themselves live in core (src/core/requestLint); their findings become diagnostics here.
// Every code, and its severity, is a row of core's rule table (src/core/requestLint/rules.ts).

import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver-types';
import { DIAGNOSTIC_SOURCE } from '../protocol';
import { maskSecrets, type FindingSeverity, type LintCode, type LintFinding } from '../../core/requestLint';
import { severityOf } from '../../core/requestLint/rules';
import { linesMoved } from '../../core/requestLint/bodyChecks';

const SEVERITY: Readonly<Record<FindingSeverity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
};

/** A diagnostic of the language server's own rules, as bad as its row says. */
export function diagnostic(range: Range, code: LintCode, message: string): Diagnostic {
  return { range, code, message: maskSecrets(message), severity: SEVERITY[severityOf(code)], source: DIAGNOSTIC_SOURCE };
}

/** What a quick fix writes over the diagnostic's range ("did you mean …"). */
export interface Replacement {
  replacement: string;
}

/** A core finding as an LSP diagnostic; a known fix travels in `data` for the quick fix. */
export function diagnosticOf(found: LintFinding): Diagnostic {
  const d: Diagnostic = { range: found.range, code: found.code, message: found.message, severity: SEVERITY[found.severity], source: DIAGNOSTIC_SOURCE };
  if (found.replacement !== undefined) {
    const data: Replacement = { replacement: found.replacement };
    d.data = data;
  }
  return d;
}

/**
 * The message of a diagnostic whose block moved `lines` lines down (incremental analysis): a
 * syntax error's message names document lines ("opened in line 12"), which move with it.
 */
export function movedSyntaxMessage(d: Diagnostic, lines: number): Diagnostic['message'] {
  return (d.code === ('malformed-json' satisfies LintCode) || d.code === ('malformed-xml' satisfies LintCode)) && typeof d.message === 'string' ? linesMoved(d.message, lines) : d.message;
}
