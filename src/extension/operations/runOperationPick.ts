// "Gateway: Run Operation…": a quick pick over every operation, grouped by catalog group, or
// straight to one when an operation id is given.
import * as vscode from 'vscode';
import { registerCommand, type CommandLog } from '../commands/commandRunner';
import { groups, operationById, operations } from '../../catalog';
import type { Operation } from '../../catalog/types';
import { COMMANDS, type OperationArgs, type OperationRunner } from '../contracts';
import { operationArgsOf } from './operationCommands';
import { safetyLabel } from './requestDocumentText';

type Item = vscode.QuickPickItem & { operation?: Operation };

function operationPickItems(): Item[] {
  return groups.flatMap((group) => [
    { label: group.title, kind: vscode.QuickPickItemKind.Separator },
    ...operations
      .filter((op) => op.group === group.id)
      .map((op): Item => ({ label: op.title, description: `${op.method} ${op.path}`, detail: `${safetyLabel(op)} · ${op.id}`, operation: op })),
  ]);
}

export function registerRunOperationPick(runner: OperationRunner, log: CommandLog): vscode.Disposable {
  return registerCommand(COMMANDS.runOperation, async (operationId?: unknown, arg?: unknown) => {
    const args: OperationArgs = operationArgsOf(arg);
    if (typeof operationId === 'string') {
      const op = operationById(operationId);
      if (!op) {
        void vscode.window.showErrorMessage(`"${operationId}" is not a gateway operation id (for example transactions.sale).`);
        return undefined;
      }
      return runner.run(op, args);
    }
    const picked = await vscode.window.showQuickPick(operationPickItems(), {
      title: 'Run a gateway operation',
      placeHolder: 'Type to filter by title, method or path',
      matchOnDescription: true,
      matchOnDetail: true,
    });
    return picked?.operation ? runner.run(picked.operation, args) : undefined;
  }, log);
}
