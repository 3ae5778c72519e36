// The request-file checks on a request an application sent (through the recording proxy or to
// the Local sandbox): the request is written as a request file and diagnosed exactly as the
// language server diagnoses one the user wrote — unknown and missing fields, invalid card
// numbers and other values, wrong media type, legacy paths — so there is one rule set.

import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { exchangeRequestText, type RequestTextInput } from '../core/traffic/requestText';
import type { TrafficFinding } from '../core/traffic/exchange';
import { AnalyzedDocument } from './analyzedDocument';
import { diagnose } from './diagnostics';

const SEVERITY: Readonly<Record<number, TrafficFinding['severity']>> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'information',
};

/** Checks that say nothing about what an application sent: a request file's own conventions. */
const NOT_ABOUT_THE_APPLICATION = new Set(['undefined-variable']);

export function lintExchangeRequest(input: RequestTextInput): TrafficFinding[] {
  const text = exchangeRequestText(input);
  return diagnose(new AnalyzedDocument(text)).flatMap((d) => {
    const code = String(d.code ?? '');
    if (NOT_ABOUT_THE_APPLICATION.has(code)) return [];
    const message = typeof d.message === 'string' ? d.message : d.message.value;
    return [{ code, severity: SEVERITY[d.severity ?? DiagnosticSeverity.Error] ?? 'error', message, line: d.range.start.line + 1 }];
  });
}
