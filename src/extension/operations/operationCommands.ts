// The `gateway.op.<id>` commands (one per catalog operation), registered in one loop over the catalog. Each accepts a
// tree node (HasOperationArgs), an OperationArgs object, or nothing (the active environment).
import * as vscode from 'vscode';
import { registerCommand, type CommandLog } from '../commands/commandRunner';
import { operations } from '../../catalog';
import { operationCommandId, type HasOperationArgs, type OperationArgs, type OperationRunner } from '../contracts';

function hasOperationArgs(value: unknown): value is HasOperationArgs {
  return typeof value === 'object' && value !== null && typeof (value as HasOperationArgs).operationArgs === 'function';
}

/** Whatever a command was invoked with, as OperationArgs. */
export function operationArgsOf(arg: unknown): OperationArgs {
  if (hasOperationArgs(arg)) return arg.operationArgs();
  if (typeof arg === 'object' && arg !== null) {
    const a = arg as OperationArgs;
    return {
      ...(typeof a.environmentName === 'string' ? { environmentName: a.environmentName } : {}),
      ...(a.vars && typeof a.vars === 'object' ? { vars: a.vars } : {}),
      ...(typeof a.body === 'string' ? { body: a.body } : {}),
    };
  }
  return {};
}

export function registerOperationCommands(runner: OperationRunner, log: CommandLog): vscode.Disposable {
  return vscode.Disposable.from(
    ...operations.map((op) => registerCommand(operationCommandId(op.id), (arg?: unknown) => runner.run(op, operationArgsOf(arg)), log)),
  );
}
