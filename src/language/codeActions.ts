// Quick fixes: a diagnostic that knows the fix ("did you mean …": a field name, a path) carries
// the replacement in its `data`; the fix writes it over the diagnostic's range. A JSON key keeps
// its quotes.

import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver-types';
import type { AnalyzedDocument } from './analyzedDocument';
import type { Replacement } from './diagnostics/diagnostic';
import { DIAGNOSTIC_SOURCE } from './protocol';

const replacementOf = (d: Diagnostic): string | undefined => {
  const data = d.data as Partial<Replacement> | undefined;
  return d.source === DIAGNOSTIC_SOURCE && typeof data?.replacement === 'string' ? data.replacement : undefined;
};

export function codeActionsFor(doc: AnalyzedDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    const replacement = replacementOf(d);
    if (replacement === undefined) continue;
    const current = doc.text.slice(doc.offsetAt(d.range.start), doc.offsetAt(d.range.end));
    const quoted = /^".*"$/.test(current) && !replacement.startsWith('"');
    const newText = quoted ? `"${replacement}"` : replacement;
    actions.push({
      title: `Change to ${newText}`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      isPreferred: true,
      edit: { changes: { [doc.uri]: [{ range: d.range, newText }] } },
    });
  }
  return actions;
}
