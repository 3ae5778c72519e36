// Building LSP diagnostics: one source, stable codes, messages with secrets masked.

import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver-types';
import { DIAGNOSTIC_SOURCE } from '../protocol';
import { maskSecrets } from './keyPatterns';

export type Severity = 'error' | 'warning' | 'information';

const SEVERITY: Readonly<Record<Severity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
};

export function diagnostic(range: Range, code: string, message: string, severity: Severity = 'error'): Diagnostic {
  return { range, code, message: maskSecrets(message), severity: SEVERITY[severity], source: DIAGNOSTIC_SOURCE };
}

/** What a quick fix writes over the diagnostic's range ("did you mean …"). */
export interface Replacement {
  replacement: string;
}

/** The diagnostic with the text its quick fix puts in place of its range. */
export function withReplacement(d: Diagnostic, replacement: string): Diagnostic {
  const data: Replacement = { replacement };
  return { ...d, data };
}

export function onLine(line: number, from: number, to: number): Range {
  return { start: { line, character: from }, end: { line, character: to } };
}
