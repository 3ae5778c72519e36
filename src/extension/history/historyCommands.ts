// "Gateway: Show History" (pick a request to run again), "Gateway: Clear History", and the
// re-run itself: same environment, vars and body, through the runner (and so the guard) again.
import * as vscode from 'vscode';
import { operationById } from '../../catalog';
import { COMMANDS, type HistoryEntry, type OperationRunner } from '../contracts';
import type { HistoryStore } from './historyStore';

function describe(entry: HistoryEntry): vscode.QuickPickItem & { entry: HistoryEntry } {
  const op = entry.operationId ? operationById(entry.operationId) : undefined;
  const outcome = entry.status !== undefined ? `${entry.status}${entry.timingMs !== undefined ? ` · ${Math.round(entry.timingMs)} ms` : ''}` : 'no response';
  return {
    label: op?.title ?? `${entry.method} ${entry.path}`,
    description: `${entry.environmentName} · ${outcome}`,
    detail: `${new Date(entry.at).toLocaleString()} · ${entry.method} ${entry.path}`,
    entry,
  };
}

/**
 * Re-runs an entry. An operation with a body reopens its request document with the stored
 * (redacted) body, since masked card numbers must be filled in again; one without a body
 * sends again at once.
 */
async function rerun(runner: OperationRunner, entry: HistoryEntry): Promise<void> {
  const op = entry.operationId ? operationById(entry.operationId) : undefined;
  if (!op) {
    void vscode.window.showWarningMessage(`${entry.method} ${entry.path} matches no gateway operation, so it cannot be re-run from history. Open it as a request file instead.`);
    return;
  }
  await runner.run(op, { environmentName: entry.environmentName, vars: entry.vars, body: entry.body });
}

export function registerHistoryCommands(store: HistoryStore, runner: OperationRunner): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(COMMANDS.showHistory, async () => {
      const entries = store.list();
      if (entries.length === 0) {
        void vscode.window.showInformationMessage('No gateway requests in this workspace yet. Run an operation first.');
        return;
      }
      const picked = await vscode.window.showQuickPick(entries.map(describe), {
        title: 'Gateway history: pick a request to run again',
        matchOnDescription: true,
        matchOnDetail: true,
      });
      if (picked) await rerun(runner, picked.entry);
    }),
    vscode.commands.registerCommand(COMMANDS.rerunHistory, async (arg?: HistoryEntry | number) => {
      const entry = typeof arg === 'number' ? store.list()[arg] : arg;
      if (entry) await rerun(runner, entry);
      else await vscode.commands.executeCommand(COMMANDS.showHistory);
    }),
    vscode.commands.registerCommand(COMMANDS.clearHistory, async () => {
      await store.clear();
      void vscode.window.showInformationMessage('Gateway history cleared.');
    }),
  );
}
