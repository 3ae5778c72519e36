// Commands whose bodies load on first use. Their ids, titles, menus and `when` clauses are the
// manifest's, as for every command; what registers at activation is a stub per id, so that the
// palette, menus, keybindings and other extensions find the command from the start while its
// code stays out of dist/extension.js (its size budget: test/extension-rules/activationBundle.test.ts).
// The first run of any of a part's commands loads dist/commands.js and registers the part's body,
// which hands each handler to its stub; every run after that goes straight to the kept handler.
import * as vscode from 'vscode';
import { registerCommand, type CommandHandler, type CommandLog } from './commandRunner';
import { loadCommands } from '../lazy/runtime';

/** How a part's body registers a handler: registerCommand's parameters (the part's own registerCommand when eager). */
export type RegisterCommand = (id: string, handler: CommandHandler, log: CommandLog) => vscode.Disposable;

type CommandsModule = ReturnType<typeof loadCommands>;

/**
 * Registers `ids` now, each through registerCommand (so a failure, of loading too, is reported as
 * every command's is), and, at the first run of any of them, the part's body: `body` gets the
 * loaded bundle and a RegisterCommand that keeps each handler for its stub. The body must
 * register exactly `ids`: anything else is a mistake in this list, said loudly at the first run.
 */
export function registerLazily(ids: readonly string[], log: CommandLog, body: (commands: CommandsModule, register: RegisterCommand) => vscode.Disposable): vscode.Disposable {
  const handlers = new Map<string, CommandHandler>();
  let loaded: vscode.Disposable | undefined;
  const keep: RegisterCommand = (id, handler) => {
    handlers.set(id, handler);
    return new vscode.Disposable(() => handlers.delete(id));
  };
  const load = () => {
    if (loaded) return;
    loaded = body(loadCommands(), keep);
    const wrong = [...ids.filter((id) => !handlers.has(id)), ...[...handlers.keys()].filter((id) => !ids.includes(id))];
    if (wrong.length > 0) throw new Error(`the lazily registered commands and their body disagree on ${wrong.join(', ')}`);
  };
  const stubs = ids.map((id) => registerCommand(id, (...args: unknown[]) => {
    load();
    return (handlers.get(id) as (...a: unknown[]) => unknown)(...args);
  }, log));
  return vscode.Disposable.from(...stubs, { dispose: () => { loaded?.dispose(); } });
}
