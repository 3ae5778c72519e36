// The links of resultLinks.ts in result editors: each runs its operation command on the
// result's environment (a command link, opened by a click like any document link).
import * as vscode from 'vscode';
import { operationById } from '../../catalog';
import { RESULT_SCHEME, operationCommandId } from '../contracts';
import type { ResultDocuments } from './resultDocuments';
import { resultLinks } from './resultLinks';

export function registerResultLinks(documents: ResultDocuments): vscode.Disposable {
  return vscode.languages.registerDocumentLinkProvider({ scheme: RESULT_SCHEME }, {
    provideDocumentLinks(doc) {
      const entry = documents.get(doc.uri);
      if (!entry) return [];
      return resultLinks(doc.getText(), entry.payloadType).map((link) => {
        const args = [{ environmentName: entry.environmentName, vars: link.vars }];
        const target = vscode.Uri.parse(`command:${operationCommandId(link.operationId)}?${encodeURIComponent(JSON.stringify(args))}`);
        const range = new vscode.Range(doc.positionAt(link.offset), doc.positionAt(link.offset + link.length));
        const found = new vscode.DocumentLink(range, target);
        found.tooltip = `${operationById(link.operationId)?.title ?? link.operationId} ${Object.values(link.vars).join(' ')} on ${entry.environmentName}`;
        return found;
      });
    },
  });
}
