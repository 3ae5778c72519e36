// Stops accidents against real money, as src/core/protection/guardPolicy.ts decides (the same policy the
// CLI uses): a read-only environment refuses anything but reads, and production asks the user to
// type the environment's name (or the amount) before an operation that moves money, destroys or
// changes settings. This file is only how the extension tells and asks the user.
import * as vscode from 'vscode';
import type { Operation } from '../../catalog/types';
import { SAFETY_WORDING } from '../../catalog/safety';
import { confirmationProblem, describeAmount, extractAmount, guardDecision } from '../../core/protection/guardPolicy';
import { COMMANDS, type EnvironmentEntry } from '../contracts';

const TURN_OFF_READ_ONLY = 'Turn off read-only';

interface GuardedSend {
  operation?: Operation;
  method: string;
  /** Path (and query) as sent. */
  path: string;
  /** What is being sent, e.g. "Sale" or a request's label. */
  title: string;
  body?: string;
}

/**
 * Undefined when the request may be sent to `env` (the user confirmed where needed); otherwise
 * why not, for the log line (the user has been told already).
 */
export async function guardRequest(env: EnvironmentEntry, request: GuardedSend): Promise<string | undefined> {
  const { operation, body } = request;
  switch (guardDecision(env, request, 'confirm')) {
    case 'send':
      return undefined;
    case 'refuse-read-only':
      // Not awaited: a notification stays until dismissed, and the refusal is immediate.
      void vscode.window.showErrorMessage(
        `"${env.name}" is read-only: ${request.title} was not sent. Only reads are allowed until you turn read-only off.`,
        TURN_OFF_READ_ONLY,
      ).then(choice => {
        if (choice === TURN_OFF_READ_ONLY) void vscode.commands.executeCommand(COMMANDS.toggleReadOnly, env.name);
      });
      return `${env.name} is read-only`;
    case 'refuse-unmatched':
    case 'refuse-production':
      void vscode.window.showErrorMessage(
        `${request.method} ${request.path} matches no gateway operation, so it is not sent to the production environment ${env.name}. Check the method and path.`,
      );
      return 'it matches no catalog operation, so the production guard cannot check it';
    case 'confirm': {
      if (!operation) return 'nothing to confirm';
      // Typed, not a button: the focused button of a modal answers Enter, and in production
      // Enter alone must never send. Escape (or clicking away) is no confirmation.
      const amount = extractAmount(body);
      const typed = await Promise.resolve(vscode.window.showInputBox({
        title: `${operation.title} in PRODUCTION "${env.name}" — ${describeAmount(body)}`,
        prompt: `${operation.method} ${operation.path} ${SAFETY_WORDING[operation.safety].does} in production: it cannot be undone from here.`,
        placeHolder: env.name,
        ignoreFocusOut: true,
        validateInput: (value) => confirmationProblem(value, env.name, amount),
      })).catch(() => undefined);
      const confirmed = typed !== undefined && confirmationProblem(typed, env.name, amount) === undefined;
      return confirmed ? undefined : `the ${env.name} guard did not allow ${operation.id}`;
    }
  }
}
