// Quick fixes offered for the server's own diagnostics. Today one: a legacy request form
// (the generic transaction endpoint, the v2 batches path) rewritten to its typed path.

import { CodeActionKind, type CodeAction, type Diagnostic, type Range } from 'vscode-languageserver-types';
import type { AnalyzedDocument } from './analyzedDocument';
import { diagnose } from './diagnostics';
import { LEGACY_FORM } from './diagnostics/requestChecks';

const overlaps = (a: Range, b: Range): boolean =>
  !(a.end.line < b.start.line || (a.end.line === b.start.line && a.end.character < b.start.character)
    || b.end.line < a.start.line || (b.end.line === a.start.line && b.end.character < a.start.character));

function replacementOf(d: Diagnostic): string | undefined {
  const data = d.data as { replacement?: unknown } | undefined;
  return d.code === LEGACY_FORM && typeof data?.replacement === 'string' ? data.replacement : undefined;
}

/**
 * Code actions for `range`. The diagnostics are recomputed rather than taken from the client's
 * context, so a client that drops `data` still gets the fix.
 */
export function codeActionsFor(doc: AnalyzedDocument, range: Range): CodeAction[] {
  const uri = doc.uri;
  return diagnose(doc)
    .filter((d) => replacementOf(d) !== undefined && overlaps(d.range, range))
    .map((d) => {
      const path = replacementOf(d) as string;
      return {
        title: `Use the typed path ${path}`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: true,
        edit: { changes: { [uri]: [{ range: d.range, newText: path }] } },
      };
    });
}
