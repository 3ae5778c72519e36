// The language server's features as pure functions of an analyzed document: the server wires
// them to LSP, and unit, fuzz and benchmark code call them directly. Every handler answers
// something (an empty answer at worst) rather than throwing.

import type { CodeAction, CodeLens, CompletionItem, CompletionList, Diagnostic, DocumentLink, DocumentSymbol, Hover, Position, Range, TextEdit } from 'vscode-languageserver-types';
import { AnalyzedDocument, DocumentCache } from './documents/analyzedDocument';
import { complete, completionList } from './completion/completion';
import { completedDocumentation } from './completion/variables';
import { hoverAt } from './features/hover';
import { diagnose } from './diagnostics/requestDiagnostics';
import { codeLensesOf } from './features/codeLenses';
import { symbolsOf } from './features/symbols';
import { formatBodies, type FormattingOptions } from './features/formatting';
import type { EnvironmentsParams } from './protocol';
import { documentTarget } from './documents/documentTarget';
import { codeActionsFor } from './features/codeActions';
import { bodyFilesOf, documentLinksOf } from './features/documentLinks';
import { bodyFileCreateActions } from './bodyFiles/bodyFileCreate';
import { bodyFileBase, bodyFileDiagnostics } from './bodyFiles/bodyFiles';

export { AnalyzedDocument };
export type { FormattingOptions };

const recent = new DocumentCache(16);

/**
 * A document to hand to the handlers, parsed lazily and once. With a uri and version, the same
 * (uri, version, text) gives back the same analyzed document, so repeated calls reuse its parse.
 */
export function analyzeDocument(text: string, uri?: string, version?: number): AnalyzedDocument {
  return uri !== undefined && version !== undefined ? recent.get(uri, version, text) : new AnalyzedDocument(text, uri, version);
}

export const languageHandlers = {
  completion(doc: AnalyzedDocument, position: Position): CompletionItem[] {
    return complete(doc, position);
  },
  /** The same items, marked incomplete when cut short (the editor then asks again as the user types). */
  completionList(doc: AnalyzedDocument, position: Position): CompletionList {
    return completionList(doc, position);
  },
  /** A completion item's documentation where the list left it out (completionItem/resolve). */
  completionResolve(item: CompletionItem): CompletionItem {
    return completedDocumentation(item);
  },
  hover(doc: AnalyzedDocument, position: Position): Hover | null {
    return hoverAt(doc, position);
  },
  /**
   * With the environments, also what depends on where the file goes (test cards in production).
   * What the text says only: the body files that cannot be read are bodyFileDiagnostics'.
   */
  diagnostics(doc: AnalyzedDocument, environments?: EnvironmentsParams): Diagnostic[] {
    return diagnose(doc, environments ? documentTarget(doc, environments) : undefined);
  },
  /** The body files (`< ./sale.json`) that cannot be read, as the disk says now. */
  bodyFileDiagnostics(doc: AnalyzedDocument): Diagnostic[] {
    return bodyFileDiagnostics(bodyFilesOf(doc), bodyFileBase(doc.uri));
  },
  /** Each body file's path, linked to the file when it is there. */
  documentLinks(doc: AnalyzedDocument): DocumentLink[] {
    return documentLinksOf(doc);
  },
  /**
   * Quick fixes for the diagnostics in `range` that carry a replacement, and for keys written in
   * the file (of `diagnostics` when the caller has the document's already); with
   * `editorCommands`, the key's fix opens Set Keys for the file's environment.
   */
  codeActions(doc: AnalyzedDocument, range: Range, options?: { editorCommands?: boolean; environments?: EnvironmentsParams; diagnostics?: Diagnostic[]; createsFiles?: boolean; shown?: readonly Diagnostic[] }): CodeAction[] {
    const target = options?.environments ? documentTarget(doc, options.environments) : undefined;
    const fixes = codeActionsFor(doc, range, options?.diagnostics, { editorCommands: options?.editorCommands ?? false, ...(target ? { target } : {}) });
    // A missing body file is created (bodyFileCreate.ts); `shown`, the client's diagnostics there, are the ones that fixes.
    return options?.createsFiles ? [...fixes, ...bodyFileCreateActions(doc, range, options.shown, options.editorCommands === true)] : fixes;
  },
  codeLenses(doc: AnalyzedDocument, environments: EnvironmentsParams): CodeLens[] {
    return codeLensesOf(doc, environments);
  },
  symbols(doc: AnalyzedDocument): DocumentSymbol[] {
    return symbolsOf(doc);
  },
  formatting(doc: AnalyzedDocument, options: FormattingOptions, range?: Range): TextEdit[] {
    return formatBodies(doc, options, range);
  },
};
