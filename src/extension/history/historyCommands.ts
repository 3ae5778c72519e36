// "Gateway: Show History" (pick a request to run again), "Gateway: Clear History", and the
// re-run itself: same environment, vars and body, through the runner (and so the guard) again.
import * as vscode from 'vscode';
import { registerCommand, type CommandLog } from '../commands/commandRunner';
import type { RegisterCommand } from '../commands/lazyCommands';
import { operationById } from '../../catalog';
import type { Operation } from '../../catalog/types';
import { checks } from '../../core/checks/inputChecks';
import { COMMANDS, LOCAL_SANDBOX_NAME, type HistoryEntry, type OperationRunner } from '../contracts';
import { displayTimeIn } from '../environments/environmentTimeZone';
import { hasMaskedCsc, maskedCardIn, testCardFor, withCard, withCsc, withoutMaskedCsc } from './maskedBody';
import type { HistoryStore } from './historyStore';

function describe(entry: HistoryEntry): vscode.QuickPickItem & { entry: HistoryEntry } {
  const op = entry.operationId ? operationById(entry.operationId) : undefined;
  const outcome = entry.status !== undefined ? `${entry.status}${entry.timingMs !== undefined ? ` · ${Math.round(entry.timingMs)} ms` : ''}` : 'no response';
  return {
    label: op?.title ?? `${entry.method} ${entry.path}`,
    description: `${entry.environmentName} · ${outcome}`,
    detail: `${displayTimeIn(entry.environmentName, new Date(entry.at))} · ${entry.method} ${entry.path}`,
    entry,
  };
}

/**
 * Re-runs an entry: same environment, vars and body. An operation without a body is sent again
 * at once. A body is stored redacted, so one that carried a card comes back masked: the user is
 * told so and chooses how to put the card back (rerunWithCard); one that carried only a CSC (a
 * token sale) is sent without it or with one typed again (rerunWithCsc); any other body reopens
 * as its request document.
 */
async function rerun(runner: OperationRunner, entry: HistoryEntry): Promise<void> {
  const op = entry.operationId ? operationById(entry.operationId) : undefined;
  if (!op) {
    void vscode.window.showWarningMessage(`${entry.method} ${entry.path} matches no gateway operation, so it cannot be re-run from history. Open it as a request file instead.`);
    return;
  }
  const masked = maskedCardIn(entry.body);
  if (entry.body !== undefined && masked) {
    await rerunWithCard(runner, op, entry, entry.body, masked.lastFour);
    return;
  }
  if (entry.body !== undefined && hasMaskedCsc(entry.body)) {
    await rerunWithCsc(runner, op, entry, entry.body);
    return;
  }
  await runner.run(op, { environmentName: entry.environmentName, vars: entry.vars, body: entry.body });
}

type CardChoice = vscode.QuickPickItem & { action: 'test-card' | 'enter-card' | 'open' };

async function rerunWithCard(runner: OperationRunner, op: Operation, entry: HistoryEntry, body: string, lastFour: string): Promise<void> {
  const environmentName = entry.environmentName;
  const testCard = testCardFor(lastFour);
  const choices: CardChoice[] = environmentName === LOCAL_SANDBOX_NAME
    ? [
        { action: 'test-card', label: `$(debug-restart) Send again with the test card …${testCard.slice(-4)}`, detail: `The ${LOCAL_SANDBOX_NAME} test card it was, with CSC 999.` },
        { action: 'open', label: '$(edit) Open it to edit first', detail: 'The card and CSC stay masked until you fill them in.' },
      ]
    : [
        { action: 'enter-card', label: '$(credit-card) Enter the card number…', detail: `Then it is sent to ${environmentName} as before (the production guard still asks where it applies).` },
        { action: 'open', label: '$(edit) Open it to fill the card in', detail: 'The card and CSC stay masked until you fill them in.' },
      ];
  const picked = await vscode.window.showQuickPick(choices, {
    title: `Re-run ${op.title} on ${environmentName}: history keeps the card (…${lastFour}) and CSC masked`,
    placeHolder: 'A full card number or CSC is never stored. How should the card come back?',
    ignoreFocusOut: true,
  });
  if (!picked) return;
  const args = { environmentName, vars: entry.vars, show: true };
  if (picked.action === 'test-card') {
    await runner.send(op, { ...args, body: withCard(body, testCard, '999') });
    return;
  }
  if (picked.action === 'enter-card') {
    const card = await askCard(op, environmentName);
    if (card) await runner.send(op, { ...args, body: withCard(body, card.pan, card.csc) });
    return;
  }
  await runner.run(op, {
    environmentName, vars: entry.vars, body,
    note: `Re-run from history: the card (…${lastFour}) and CSC were stored masked. Put the card number and CSC back before sending.`,
  });
}

type CscChoice = vscode.QuickPickItem & { action: 'without' | 'type' | 'open' };

/** A body whose only masked value is its CSC: a `***` sent as is would be refused, and opened as is it is an error. */
async function rerunWithCsc(runner: OperationRunner, op: Operation, entry: HistoryEntry, body: string): Promise<void> {
  const environmentName = entry.environmentName;
  const choices: CscChoice[] = [
    { action: 'without', label: '$(debug-restart) Send without CSC', detail: `The csc field is left out (a stored token needs none); sent to ${environmentName} as before.` },
    { action: 'type', label: '$(key) Type the CSC…', detail: 'Typed unseen, sent once and never stored: history masks it again.' },
    { action: 'open', label: '$(edit) Open it without the CSC', detail: 'Edit the request first; add a csc back if you need one.' },
  ];
  const picked = await vscode.window.showQuickPick(choices, {
    title: `Re-run ${op.title} on ${environmentName}: history keeps the CSC masked`,
    placeHolder: 'A CSC is never stored. Send without it, or type it again?',
    ignoreFocusOut: true,
  });
  if (!picked) return;
  const args = { environmentName, vars: entry.vars, show: true };
  if (picked.action === 'without') {
    await runner.send(op, { ...args, body: withoutMaskedCsc(body) });
    return;
  }
  if (picked.action === 'type') {
    const csc = await askCsc(op, environmentName);
    if (csc) await runner.send(op, { ...args, body: withCsc(body, csc) });
    return;
  }
  await runner.run(op, {
    environmentName, vars: entry.vars, body: withoutMaskedCsc(body),
    note: 'Re-run from history: the CSC was stored masked, so it is left out here. Add "csc" back before sending if this request needs one.',
  });
}

function askCsc(op: Operation, environmentName: string): Promise<string | undefined> {
  return Promise.resolve(vscode.window.showInputBox({
    title: `${op.title} on ${environmentName}: CSC`,
    prompt: 'The card security code (3 or 4 digits); it is not stored (history masks it again).',
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() ? checks.csc(value.trim()) : 'Enter the CSC, or Escape to send nothing'),
  })).then((value) => value?.trim() || undefined);
}

async function askCard(op: Operation, environmentName: string): Promise<{ pan: string; csc?: string } | undefined> {
  const pan = await vscode.window.showInputBox({
    title: `${op.title} on ${environmentName}: card number`,
    prompt: 'The card number to send; it is not stored (history masks it again).',
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() ? checks.luhn(value.trim()) : 'Enter the card number'),
  });
  if (!pan) return undefined;
  const csc = await vscode.window.showInputBox({
    title: `${op.title} on ${environmentName}: CSC (optional)`,
    prompt: 'The card security code, or Enter on an empty box to send without one.',
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() ? checks.csc(value.trim()) : undefined),
  });
  if (csc === undefined) return undefined;
  return { pan: pan.trim(), ...(csc.trim() ? { csc: csc.trim() } : {}) };
}

export function registerHistoryCommands(store: HistoryStore, runner: OperationRunner, log: CommandLog, register: RegisterCommand = registerCommand): vscode.Disposable {
  return vscode.Disposable.from(
    register(COMMANDS.showHistory, async () => {
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
    }, log),
    register(COMMANDS.rerunHistory, async (arg?: HistoryEntry | number) => {
      const entry = typeof arg === 'number' ? store.list()[arg] : arg;
      if (entry) await rerun(runner, entry);
      else await vscode.commands.executeCommand(COMMANDS.showHistory);
    }, log),
    register(COMMANDS.clearHistory, async () => {
      await store.clear();
      void vscode.window.showInformationMessage('Gateway history cleared.');
    }, log),
  );
}
