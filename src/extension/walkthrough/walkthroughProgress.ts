// Ticks the walkthrough's "Write a request file with completion" (issue 35, defect 8): VS Code
// judges a step's `onContext:` completion event against the window's global context keys, where
// an editor's own keys such as `editorLangId` never are, so the step never ticked. This sets a
// global key (WROTE_REQUEST_CONTEXT, the step's completion event) once a request document holds
// a request line — typed, completed or saved — and then stops listening.
import * as vscode from 'vscode';
import { REQUEST_LANGUAGE_ID } from '../contracts';
import { WROTE_REQUEST_CONTEXT } from './contributions';

/** A request line: a method in upper case and a target. */
const REQUEST_LINE = /^\s*(GET|POST|PUT|DELETE|PATCH)\s+\S/m;

const holdsRequest = (doc: vscode.TextDocument): boolean => doc.languageId === REQUEST_LANGUAGE_ID && REQUEST_LINE.test(doc.getText());

export function registerWalkthroughProgress(): vscode.Disposable {
  const listeners: vscode.Disposable[] = [];
  let done = false;
  const check = (doc: vscode.TextDocument): void => {
    if (done || !holdsRequest(doc)) return;
    done = true;
    void vscode.commands.executeCommand('setContext', WROTE_REQUEST_CONTEXT, true);
    for (const l of listeners.splice(0)) l.dispose();
  };
  listeners.push(
    vscode.workspace.onDidChangeTextDocument((e) => { if (e.contentChanges.length > 0) check(e.document); }),
    vscode.workspace.onDidSaveTextDocument(check),
  );
  // A request document edited before the extension started (it starts when one opens) counts too.
  for (const doc of vscode.workspace.textDocuments) if (doc.isDirty) check(doc);
  return { dispose: () => { for (const l of listeners.splice(0)) l.dispose(); } };
}
