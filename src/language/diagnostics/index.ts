// Every diagnostic of a request file: the parser's own, then per request its line, body and
// fields against the catalog, then keys and undefined variables across the file, and (when the
// file goes to production) sandbox test cards.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { AnalyzedDocument } from '../analyzedDocument';
import { diagnostic } from './diagnostic';
import { bodyPresenceDiagnostics, requestLineDiagnostics } from './requestChecks';
import { bodyDiagnostics } from './bodyChecks';
import { secretDiagnostics } from './secretChecks';
import { variableDiagnostics } from './variableChecks';
import { productionDiagnostics } from './productionChecks';
import type { DocumentTarget } from '../documentTarget';

export function diagnose(doc: AnalyzedDocument, target?: DocumentTarget): Diagnostic[] {
  const out: Diagnostic[] = doc.file.diagnostics.map((d) => diagnostic(d.range, d.code, d.message, d.severity));
  doc.requests.forEach((request, index) => {
    const resolved = doc.operationOf(index);
    if (!resolved) return;
    out.push(...requestLineDiagnostics(request, resolved));
    const body = doc.bodyOf(index);
    if (resolved.op) out.push(...bodyPresenceDiagnostics(doc, request, resolved.op, body));
    if (body) out.push(...bodyDiagnostics(doc, resolved.op, body));
  });
  out.push(...secretDiagnostics(doc), ...variableDiagnostics(doc));
  if (target) out.push(...productionDiagnostics(doc, target));
  return out;
}
