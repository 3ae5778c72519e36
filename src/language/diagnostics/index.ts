// Every diagnostic of a request file: the request checks shared with the Traffic view and the
// recording proxy (core's rule set: the file's syntax, per request its line, body and fields
// against the catalog, keys written in the file), then undefined variables across the file,
// and (when the file goes to production) sandbox test cards. Only positions and LSP shape are
// added here.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { AnalyzedDocument } from '../analyzedDocument';
import { diagnosticOf } from './diagnostic';
import { lintRequestFile } from '../../core/requestLint';
import { variableDiagnostics } from './variableChecks';
import { productionDiagnostics } from './productionChecks';
import type { DocumentTarget } from '../documentTarget';

export function diagnose(doc: AnalyzedDocument, target?: DocumentTarget): Diagnostic[] {
  const out: Diagnostic[] = lintRequestFile(doc).map(diagnosticOf);
  out.push(...variableDiagnostics(doc));
  if (target) out.push(...productionDiagnostics(doc, target));
  return out;
}
