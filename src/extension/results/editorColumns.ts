// Which editor group a request document or a result opens in, so that a day of operations uses
// two columns, not one more per send: request documents keep to the column that already shows
// one (else the first), results to the one column that already shows a result (else the column
// beside the request). Results open as previews, so the next one replaces the last unless the
// user pinned it.
import * as vscode from 'vscode';
import { REQUEST_LANGUAGE_ID, RESULT_SCHEME } from '../contracts';

const isResult = (editor: vscode.TextEditor) => editor.document.uri.scheme === RESULT_SCHEME;
const isRequest = (editor: vscode.TextEditor) => editor.document.languageId === REQUEST_LANGUAGE_ID;

function columnOf(editors: readonly vscode.TextEditor[], which: (e: vscode.TextEditor) => boolean): vscode.ViewColumn | undefined {
  return editors.find((e) => which(e) && e.viewColumn !== undefined)?.viewColumn;
}

export function requestColumn(): vscode.ViewColumn {
  const active = vscode.window.activeTextEditor;
  if (active && isRequest(active) && active.viewColumn) return active.viewColumn;
  return columnOf(vscode.window.visibleTextEditors, isRequest) ?? vscode.ViewColumn.One;
}

export function resultColumn(): vscode.ViewColumn {
  const active = vscode.window.activeTextEditor;
  const requests = active && isRequest(active) ? active.viewColumn : columnOf(vscode.window.visibleTextEditors, isRequest);
  const results = vscode.window.visibleTextEditors.find((e) => isResult(e) && e.viewColumn !== undefined && e.viewColumn !== requests)?.viewColumn;
  if (results) return results;
  if (requests) return requests === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One;
  return vscode.ViewColumn.Active;
}
