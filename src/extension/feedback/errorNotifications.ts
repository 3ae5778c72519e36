// Shows a notification that notificationRules.ts worked out (severity, text, actions) and maps
// each action the user picks to what it does: a command, the caller's Retry, the log. Never
// awaited by the caller (a notification stays until clicked).
import * as vscode from 'vscode';
import { COMMANDS, operationCommandId } from '../contracts';
import type { ExchangeLog } from './exchangeLog';
import type { Notification, NotificationAction } from './notificationRules';
import { loadedRuntime } from '../lazy/runtime';

/** What the actions act on beyond their own data: the caller's Retry and the log. */
interface ActionHandlers {
  /** Sends the same request again (the notification offers Retry only when the caller can). */
  retry?: () => void;
  log: ExchangeLog;
}

function run(action: NotificationAction, handlers: ActionHandlers): void {
  switch (action.kind) {
    case 'set-keys':
      void vscode.commands.executeCommand(COMMANDS.setKeys, action.environmentName);
      return;
    case 'retry':
      handlers.retry?.();
      return;
    case 'search-transactions':
      void vscode.commands.executeCommand(operationCommandId('transactions.search'), { environmentName: action.environmentName });
      return;
    case 'edit-environment':
      void vscode.commands.executeCommand(COMMANDS.editEnvironment, action.environmentName);
      return;
    case 'show-log':
      handlers.log.show();
      return;
  }
}

/** Shows `notification` with its actions as buttons and runs the one picked. */
export function showNotification(notification: Notification, handlers: ActionHandlers): void {
  const { actions } = notification;
  const show = notification.severity === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  void Promise.resolve(show(notification.text, ...actions.map((a) => a.label))).then((picked) => {
    const action = actions.find((a) => a.label === picked);
    if (action) run(action, handlers);
  });
}

/**
 * Kind and one-line message of a failure. A GatewayError comes from the lazily loaded runtime
 * bundle (this bundle has no copy of the class), so the runtime's own guard recognises it.
 */
export function describeFailure(error: unknown): { kind: string; message: string } {
  if (loadedRuntime()?.isGatewayError(error)) return { kind: error.kind, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'network', message: message.split('\n')[0] ?? message };
}
