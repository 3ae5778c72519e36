// The last HISTORY_SIZE requests of this workspace, in workspaceState, newest first. Entries
// are redacted before they are stored: no key, full card or account number, or CSC.
import type * as vscode from 'vscode';
import { redact, redactValue } from '../../core/protection/redaction';
import type { HistoryEntry } from '../contracts';

const HISTORY_SIZE = 50;
const STATE_KEY = 'gatewayWorkbench.history';

export class HistoryStore {
  constructor(private readonly state: vscode.Memento) {}

  list(): readonly HistoryEntry[] {
    return this.state.get<HistoryEntry[]>(STATE_KEY, []);
  }

  async add(entry: HistoryEntry, secrets: readonly string[] = []): Promise<void> {
    const clean: HistoryEntry = {
      ...entry,
      path: redact(entry.path, secrets),
      ...(entry.vars ? { vars: redactValue(entry.vars, secrets) } : {}),
      ...(entry.body !== undefined ? { body: redact(entry.body, secrets) } : {}),
    };
    await this.state.update(STATE_KEY, [clean, ...this.list()].slice(0, HISTORY_SIZE));
  }

  clear(): Thenable<void> {
    return this.state.update(STATE_KEY, undefined);
  }
}
