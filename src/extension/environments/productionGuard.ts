// Stops accidents against real money: a read-only environment refuses anything but reads, and
// production asks the user to type the environment's name (or the amount) before an operation
// that moves money, destroys or changes settings. The rules themselves are in guardRules.ts.
import * as vscode from 'vscode';
import type { Operation } from '../../catalog/types';
import { COMMANDS, type EnvironmentEntry } from '../contracts';
import { confirmationProblem, describeAmount, extractAmount, guardDecision } from './guardRules';

const TURN_OFF_READ_ONLY = 'Turn off read-only';

/** True when the operation may be sent to `env` (the user confirmed where needed). */
export async function guardOperation(env: EnvironmentEntry, operation: Operation, bodyText?: string): Promise<boolean> {
  switch (guardDecision(env, operation)) {
    case 'send':
      return true;
    case 'refuse-read-only':
      // Not awaited: a notification stays until dismissed, and the refusal is immediate.
      void vscode.window.showErrorMessage(
        `"${env.name}" is read-only: ${operation.title} was not sent. Only reads are allowed until you turn read-only off.`,
        TURN_OFF_READ_ONLY,
      ).then(choice => {
        if (choice === TURN_OFF_READ_ONLY) void vscode.commands.executeCommand(COMMANDS.toggleReadOnly, env.name);
      });
      return false;
    case 'confirm': {
      // Typed, not a button: the focused button of a modal answers Enter, and in production
      // Enter alone must never send. Escape (or clicking away) is no confirmation.
      const amount = extractAmount(bodyText);
      const typed = await Promise.resolve(vscode.window.showInputBox({
        title: `${operation.title} in PRODUCTION "${env.name}" — ${describeAmount(bodyText)}`,
        prompt: `${operation.method} ${operation.path}: this acts on real money or data and cannot be undone from here.`,
        placeHolder: env.name,
        ignoreFocusOut: true,
        validateInput: (value) => confirmationProblem(value, env.name, amount),
      })).catch(() => undefined);
      return typed !== undefined && confirmationProblem(typed, env.name, amount) === undefined;
    }
  }
}
