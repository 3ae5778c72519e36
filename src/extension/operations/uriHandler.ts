// vscode://gateway-workbench.gateway-workbench/run?operation=<id>&environment=<name>: runs that
// operation like its command would (parameters asked for, request documents opened, and the
// production guard applied as everywhere else).
import * as vscode from 'vscode';
import { operationById } from '../../catalog';
import type { OperationRunner } from '../contracts';

export function registerUriHandler(runner: OperationRunner): vscode.Disposable {
  return vscode.window.registerUriHandler({
    async handleUri(uri) {
      if (uri.path !== '/run') {
        void vscode.window.showErrorMessage(`Gateway Workbench cannot open "${uri.path}": links look like …/run?operation=transactions.sale&environment=Local%20sandbox.`);
        return;
      }
      const query = new URLSearchParams(uri.query);
      const id = query.get('operation') ?? '';
      const op = operationById(id);
      if (!op) {
        void vscode.window.showErrorMessage(`The link names no known gateway operation ("${id}"). Use an id such as transactions.sale.`);
        return;
      }
      const environmentName = query.get('environment') ?? undefined;
      await runner.run(op, environmentName ? { environmentName } : {});
    },
  });
}
