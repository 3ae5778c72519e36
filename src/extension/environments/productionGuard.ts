// Stops accidents against real money: a read-only environment refuses anything but reads, and
// production asks a modal confirmation that names the environment and the amount before an
// operation that moves money or destroys. The rules themselves are in guardRules.ts.
import * as vscode from 'vscode';
import type { Operation } from '../../catalog/types';
import { COMMANDS, type EnvironmentEntry } from '../contracts';
import { describeAmount, guardDecision } from './guardRules';

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
      const confirm = `Send to ${env.name}`;
      // A dialog that cannot be shown (test hosts refuse them by throwing) is no confirmation.
      const choice = await Promise.resolve(vscode.window.showWarningMessage(
        `${operation.title} in PRODUCTION environment "${env.name}" — ${describeAmount(bodyText)}.`,
        {
          modal: true,
          detail: `${operation.method} ${operation.path}\nThis acts on real money or data and cannot be undone from here.`,
        },
        confirm,
      )).catch(() => undefined);
      return choice === confirm;
    }
  }
}
