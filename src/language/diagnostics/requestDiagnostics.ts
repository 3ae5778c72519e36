// Every diagnostic of a request file: the request checks shared with the Traffic view and the
// recording proxy (core's rule set: the file's syntax, per request its line, body and fields
// against the catalog, keys written in the file), (when the file goes to production) sandbox
// test cards, and undefined variables across the file. Only positions and LSP shape are added
// here.
//
// Split in two for the language server's incremental analysis (fileDiagnostics.ts): what one
// `###` block decides on its own, and the variable checks, which also need the file's names.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { AnalyzedDocument } from '../documents/analyzedDocument';
import { diagnosticOf } from './diagnostic';
import { lintRequest, parseFindings } from '../../core/requestLint';
import { secretFindings } from '../../core/requestLint/secretChecks';
import { markIntendedFailures } from './intendedFailures';
import { variableDiagnostics } from './variableChecks';
import { productionDiagnostics } from './productionChecks';
import type { DocumentTarget } from '../documents/documentTarget';

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
  // lintRequestFile's parts, each request's findings marked where it expects a 4xx (intendedFailures.ts).
  const rd = doc.requestDocument;
  const out: Diagnostic[] = [
    ...parseFindings(rd),
    ...rd.requests.flatMap((request, index) => markIntendedFailures(request, lintRequest(rd, index))),
    ...secretFindings(rd),
  ].map(diagnosticOf);
  if (target) out.push(...productionDiagnostics(doc, target));
  return out;
}
