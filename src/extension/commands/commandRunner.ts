// One way to run a command. Every command is declared once (its part's contributions: id,
// title, icon) and registered here with its handler; every run goes through one wrapper whose
// one error handler logs the failure (redacted), turns a cancellation into silence and shows
// one notification the user can act on. Handlers return their value (tests and other
// extensions read it); a failure returns undefined.
import * as vscode from 'vscode';
import { redact } from '../../core/protection/redaction';
import { declaredCommand } from './declaredCommands';

/** Any handler: its parameters are whatever the palette, a menu, a click or a script passes. */
export type CommandHandler = (...args: never[]) => unknown;

const SHOW_LOG = 'Show log';

/** Where failures are written: the "Gateway" log (its "Show log" button when it can show). */
export type CommandLog = Pick<vscode.LogOutputChannel, 'info' | 'error'> & Partial<Pick<vscode.LogOutputChannel, 'show'>>;

/** The user (or a Cancel button) stopped it: nothing to tell. */
function isCancellation(error: unknown): boolean {
  if (error instanceof vscode.CancellationError) return true;
  const e = error as { name?: unknown; kind?: unknown } | undefined;
  return e?.name === 'AbortError' || e?.name === 'Canceled' || e?.kind === 'aborted';
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return redact(message.split('\n')[0] ?? message);
}

/** The declared title without its trailing "…", for messages: "Edit Environment". */
const titleOf = (id: string) => declaredCommand(id).title.replace(/…$/, '');

/** The one error handler of every command run. */
function reportCommandFailure(id: string, error: unknown, log: CommandLog): void {
  if (isCancellation(error)) {
    log.info(`${titleOf(id)}: cancelled`);
    return;
  }
  const reason = reasonOf(error);
  log.error(`${titleOf(id)} failed: ${reason}`);
  const actions = log.show ? [SHOW_LOG] : [];
  void Promise.resolve(vscode.window.showErrorMessage(`Gateway: ${titleOf(id)} failed: ${reason}`, ...actions)).then((choice) => {
    if (choice === SHOW_LOG) log.show?.(true);
  });
}

/** Registers a declared command's handler, run through the one wrapper. */
export function registerCommand(id: string, handler: CommandHandler, log: CommandLog): vscode.Disposable {
  declaredCommand(id);
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      return await (handler as (...a: unknown[]) => unknown)(...args);
    } catch (error) {
      reportCommandFailure(id, error, log);
      return undefined;
    }
  });
}

/** A click (tree item) that runs a declared command with these arguments, titled as declared. */
export function commandFor(id: string, ...args: unknown[]): vscode.Command {
  return { command: id, title: declaredCommand(id).title, arguments: args };
}
