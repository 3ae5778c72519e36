// A request file open in the editor, as the language server keeps it: its text, changed by the
// editor's edits (LSP incremental sync) in chunks (editedText.ts), and its incremental analysis
// (fileDiagnostics.ts), which reads only what the edits changed. So a one-line edit costs the
// same in a file of 5,000 lines as in one of 50,000 (test/language/editCost.test.ts).
// vscode-languageserver's TextDocuments holds these by uri (openFiles, its configuration).

import type { TextDocumentsConfiguration } from 'vscode-languageserver';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { BodyFileRef } from '../../core/requestFile';
import type { AnalyzedDocument } from './analyzedDocument';
import type { PlacedBodyFile } from '../bodyFiles/bodyFileContent';
import { documentTarget, type DocumentTarget } from './documentTarget';
import { FileDiagnostics } from './fileDiagnostics';
import { EditedText } from './editedText';
import type { EnvironmentsParams } from '../protocol';

export class OpenFile {
  private readonly text: EditedText;
  private readonly analysis = new FileDiagnostics();
  private made?: AnalyzedDocument;
  /** Whether anything has been asked of its analysis yet. */
  analysed = false;

  constructor(readonly uri: string, readonly languageId: string, public version: number, text: string) {
    this.text = new EditedText(text);
  }

  /** The whole text (joined from its chunks when first asked after an edit). */
  getText(): string {
    return this.text.getText();
  }

  /** Applies the editor's changes (ranges, or the whole text), in order. */
  change(changes: TextDocumentContentChangeEvent[], version: number): this {
    this.text.change(changes);
    this.version = version;
    return this;
  }

  /** Where a plain Send of it goes: the environment its header (before the first `###`) names, else the active one. */
  target(environments: EnvironmentsParams): DocumentTarget {
    return documentTarget({ text: this.text.head() }, environments);
  }

  /** Its current diagnostics (only the blocks that changed are analysed again). */
  diagnostics(target: DocumentTarget): Diagnostic[] {
    this.analysed = true;
    return this.analysis.update(this.text, target);
  }

  /** Its body files, each with the request that sends it. */
  bodyFileRequests(target: DocumentTarget): readonly PlacedBodyFile[] {
    this.analysed = true;
    return this.analysis.bodyFileRequests(this.text, target);
  }

  bodyFiles(target: DocumentTarget): readonly BodyFileRef[] {
    this.analysed = true;
    return this.analysis.bodyFiles(this.text, target);
  }

  /** Whether the text last analysed has body files. */
  hasBodyFiles(): boolean {
    return this.analysis.hasBodyFiles();
  }

  /** The analyzed document of the current version, for completion, hover and the rest: its blocks laid out. */
  document(target: DocumentTarget): AnalyzedDocument {
    this.analysed = true;
    return this.analysis.document(this.text, this.uri, this.version, target);
  }

  /** The document the features read for the current version: `make`'s, once per version. */
  current(make: () => AnalyzedDocument): AnalyzedDocument {
    if (this.made?.version !== this.version) this.made = make();
    return this.made;
  }
}

/** How TextDocuments makes and changes an open file. */
export const openFiles: TextDocumentsConfiguration<OpenFile> = {
  create: (uri, languageId, version, text) => new OpenFile(uri, languageId, version, text),
  update: (file, changes, version) => file.change(changes, version),
};
