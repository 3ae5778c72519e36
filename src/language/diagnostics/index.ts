// Every diagnostic of a request file: the parser's own, then per request its line, body and
// fields against the catalog, keys, (when the file goes to production) sandbox test cards, and
// undefined variables across the file.
//
// Split in two for the language server's incremental analysis (fileDiagnostics.ts): what one
// `###` block decides on its own, and the variable checks, which also need the file's names.

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
  return [...blockLocalDiagnostics(doc, target), ...variableDiagnostics(doc)];
}

/**
 * The diagnostics that depend only on the text of each `###` block (and where the file goes):
 * run on one block's text they give that block's diagnostics, relative to its first line. A
 * check that needs other blocks belongs in variableChecks.ts (or next to it), not here — the
 * incremental-analysis test (test/language/incremental.test.ts) fails otherwise.
 */
export function blockLocalDiagnostics(doc: AnalyzedDocument, target?: DocumentTarget): Diagnostic[] {
  const out: Diagnostic[] = doc.file.diagnostics.map((d) => diagnostic(d.range, d.code, d.message, d.severity));
  doc.requests.forEach((request, index) => {
    const resolved = doc.operationOf(index);
    if (!resolved) return;
    out.push(...requestLineDiagnostics(request, resolved));
    const body = doc.bodyOf(index);
    if (resolved.op) out.push(...bodyPresenceDiagnostics(doc, request, resolved.op, body));
    if (body) out.push(...bodyDiagnostics(doc, resolved.op, body));
  });
  out.push(...secretDiagnostics(doc));
  if (target) out.push(...productionDiagnostics(doc, target));
  return out;
}
