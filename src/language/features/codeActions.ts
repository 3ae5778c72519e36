// Quick fixes: a diagnostic that knows the fix ("did you mean …": a field name, a path; a legacy
// form's typed path) carries the replacement in its `data`; the fix writes it over the diagnostic's
// range, and a JSON key keeps its quotes. A key written in the file is taken out (keyFix.ts). The diagnostics are recomputed for the range asked
// about rather than taken from the client's context, so a client that drops `data` still gets them.

import { CodeActionKind, type CodeAction, type Diagnostic, type Range } from 'vscode-languageserver-types';
import type { AnalyzedDocument } from '../documents/analyzedDocument';
import { diagnose } from '../diagnostics/requestDiagnostics';
import type { Replacement } from '../diagnostics/diagnostic';
import type { LintCode } from '../../core/requestLint';
import { isKeyDiagnostic, keyFixActions, type KeyFixOptions } from './keyFix';

const replacementOf = (d: Diagnostic): string | undefined => {
  const data = d.data as Partial<Replacement> | undefined;
  return typeof data?.replacement === 'string' ? data.replacement : undefined;
};

const before = (a: Range['start'], b: Range['start']): boolean => a.line < b.line || (a.line === b.line && a.character < b.character);
/** Whether two ranges share a position (touching ends count: a cursor at a range's end is in it). */
export const overlaps = (a: Range, b: Range): boolean => !before(a.end, b.start) && !before(b.end, a.start);

export function codeActionsFor(doc: AnalyzedDocument, range: Range, diagnostics: readonly Diagnostic[] = diagnose(doc), options: KeyFixOptions = { editorCommands: false }): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    if (isKeyDiagnostic(d) && overlaps(d.range, range)) {
      actions.push(...keyFixActions(doc, d, options));
      continue;
    }
    const replacement = replacementOf(d);
    if (replacement === undefined || !overlaps(d.range, range)) continue;
    const current = doc.text.slice(doc.offsetAt(d.range.start), doc.offsetAt(d.range.end));
    const quoted = /^".*"$/.test(current) && !replacement.startsWith('"');
    const newText = quoted ? `"${replacement}"` : replacement;
    actions.push({
      title: d.code === ('legacy-form' satisfies LintCode) ? `Use the typed path ${newText}` : `Change to ${newText}`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      isPreferred: true,
      edit: { changes: { [doc.uri]: [{ range: d.range, newText }] } },
    });
  }
  return actions;
}
