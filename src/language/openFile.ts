// A request file open in the editor, as the language server keeps it: its text, changed by the
// editor's edits (LSP incremental sync), and its incremental analysis (fileDiagnostics.ts), kept
// up to date by the same edits. vscode-languageserver's TextDocuments holds these by uri
// (openFiles, its configuration).

import type { TextDocumentsConfiguration } from 'vscode-languageserver';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { BodyFileRef } from '../core/requestFile';
import type { AnalyzedDocument } from './analyzedDocument';
import type { PlacedBodyFile } from './bodyFileContent';
import { documentTarget, type DocumentTarget } from './documentTarget';
import { FileDiagnostics } from './fileDiagnostics';
import type { EnvironmentsParams } from './protocol';

export class OpenFile {
  private doc: TextDocument;
  private readonly analysis = new FileDiagnostics();
  /** Whether anything has been asked of its analysis yet. */
  analysed = false;

  constructor(readonly uri: string, readonly languageId: string, version: number, text: string) {
    this.doc = TextDocument.create(uri, languageId, version, text);
  }

  get version(): number {
    return this.doc.version;
  }

  getText(): string {
    return this.doc.getText();
  }

  /** Applies the editor's changes (ranges, or the whole text), in order. */
  change(changes: TextDocumentContentChangeEvent[], version: number): this {
    this.doc = TextDocument.update(this.doc, changes, version);
    return this;
  }

  /** Where a plain Send of it goes: the environment its header names, else the active one. */
  target(environments: EnvironmentsParams): DocumentTarget {
    return documentTarget({ text: this.getText() }, environments);
  }

  /** Its current diagnostics (only the blocks that changed are analysed again). */
  diagnostics(target: DocumentTarget): Diagnostic[] {
    this.analysed = true;
    return this.analysis.update(this.getText(), target);
  }

  /** Its body files, each with the request that sends it. */
  bodyFileRequests(target: DocumentTarget): readonly PlacedBodyFile[] {
    this.analysed = true;
    return this.analysis.bodyFileRequests(this.getText(), target);
  }

  bodyFiles(target: DocumentTarget): readonly BodyFileRef[] {
    this.analysed = true;
    return this.analysis.bodyFiles(this.getText(), target);
  }

  /** Whether the text last analysed has body files. */
  hasBodyFiles(): boolean {
    return this.analysis.hasBodyFiles();
  }

  /** The analyzed document of the current version, for completion, hover and the rest. */
  document(target: DocumentTarget): AnalyzedDocument {
    this.analysed = true;
    return this.analysis.document(this.getText(), this.uri, this.version, target);
  }
}

/** How TextDocuments makes and changes an open file. */
export const openFiles: TextDocumentsConfiguration<OpenFile> = {
  create: (uri, languageId, version, text) => new OpenFile(uri, languageId, version, text),
  update: (file, changes, version) => file.change(changes, version),
};
