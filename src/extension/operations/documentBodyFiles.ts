// Body files (`< ./sale.json`) of a request document are read relative to its folder, as the CLI
// reads them relative to the file's: an untitled document has no folder, so only an absolute
// path works there, and the reader says so.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { bodyFileReader, type BodyFileReader } from '../../core/bodyFile';

export function documentBodyFiles(uri: vscode.Uri): BodyFileReader {
  return bodyFileReader(uri.scheme === 'file' ? path.dirname(uri.fsPath) : undefined);
}
