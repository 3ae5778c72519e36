// Code lenses above each request of a request document: "▶ Send to <its environment>" and
// "Send to…" (pick another environment).
import * as vscode from 'vscode';
import { parseRequestFile } from '../../core/requestFile';
import { COMMANDS, REQUEST_LANGUAGE_ID, type EnvironmentService } from '../contracts';
import type { RequestSessions } from './requestSessions';
import type { SendTarget } from './sendRequest';

export function registerRequestCodeLens(environments: EnvironmentService, sessions: RequestSessions): vscode.Disposable {
  const changed = new vscode.EventEmitter<void>();
  const provider: vscode.CodeLensProvider = {
    onDidChangeCodeLenses: changed.event,
    provideCodeLenses(doc) {
      const target = sessions.targetOf(doc.uri.toString()) ?? environments.active().name;
      return parseRequestFile(doc.getText()).requests.flatMap((request, index) => {
        const at = new vscode.Range(request.range.start.line, 0, request.range.start.line, 0);
        const pick: SendTarget = { pickEnvironment: true };
        return [
          new vscode.CodeLens(at, { title: `▶ Send to ${target}`, command: COMMANDS.sendRequestAt, arguments: [doc.uri, index, target] }),
          new vscode.CodeLens(at, { title: 'Send to…', command: COMMANDS.sendRequestAt, arguments: [doc.uri, index, pick] }),
        ];
      });
    },
  };
  return vscode.Disposable.from(
    changed,
    vscode.languages.registerCodeLensProvider({ language: REQUEST_LANGUAGE_ID }, provider),
    environments.onDidChange(() => changed.fire()),
  );
}
