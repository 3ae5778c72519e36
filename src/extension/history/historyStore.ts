// The last HISTORY_SIZE requests of this workspace, in workspaceState, newest first. Entries
// are redacted before they are stored: no key, full card or account number, or CSC. A card token
// id the gateway's answer named is kept (tokenIds.ts): it is what a re-run charges.
import type * as vscode from 'vscode';
import { redact, redactValue } from '../../core/protection/redaction';
import type { HistoryEntry } from '../contracts';
import { redactKeeping } from './tokenIds';

const HISTORY_SIZE = 50;
const STATE_KEY = 'gatewayWorkbench.history';

export class HistoryStore {
  constructor(private readonly state: vscode.Memento) {}

  list(): readonly HistoryEntry[] {
    return this.state.get<HistoryEntry[]>(STATE_KEY, []);
  }

  /** `tokenIds`: the token ids the answer named (tokenIdsIn), left in the body. */
  async add(entry: HistoryEntry, secrets: readonly string[] = [], tokenIds: readonly string[] = []): Promise<void> {
    const clean: HistoryEntry = {
      ...entry,
      path: redact(entry.path, secrets),
      ...(entry.vars ? { vars: redactValue(entry.vars, secrets) } : {}),
      ...(entry.body !== undefined ? { body: redactKeeping(entry.body, tokenIds, (text) => redact(text, secrets)) } : {}),
    };
    await this.state.update(STATE_KEY, [clean, ...this.list()].slice(0, HISTORY_SIZE));
  }

  clear(): Thenable<void> {
    return this.state.update(STATE_KEY, undefined);
  }
}
