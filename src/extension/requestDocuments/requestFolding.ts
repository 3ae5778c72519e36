// Folds each `###` block of a request document (the language configuration's markers cannot
// express "up to the next separator").
import * as vscode from 'vscode';
import { REQUEST_LANGUAGE_ID } from '../contracts';

export function registerRequestFolding(): vscode.Disposable {
  return vscode.languages.registerFoldingRangeProvider({ language: REQUEST_LANGUAGE_ID }, {
    provideFoldingRanges(doc) {
      const starts: number[] = [];
      for (let i = 0; i < doc.lineCount; i++) if (doc.lineAt(i).text.startsWith('###')) starts.push(i);
      return starts
        .map((start, i) => new vscode.FoldingRange(start, (starts[i + 1] ?? doc.lineCount) - 1))
        .filter((r) => r.end > r.start);
    },
  });
}
