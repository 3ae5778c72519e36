// The environment commands. Each accepts a tree node `{ environmentName }` or a name, and
// otherwise asks with a quick pick; every run goes through the one command wrapper (commands/).
// Scripts (tests, other extensions) use the extension API's `scripted` entry points instead
// (environmentScripts), which take the answers and reject on invalid input.
import * as vscode from 'vscode';
import type { Credentials } from '../../core/environments/environment';
import { registerCommand } from '../commands/commandRunner';
import { COMMANDS, LOCAL_SANDBOX_NAME, type EnvironmentEntry, type ScriptedEnvironments } from '../contracts';
import { loadCommands } from '../lazy/runtime';
import { clockStep, formatSandboxTime } from './sandboxClock';
import type { EnvironmentManager } from './environmentStore';
import type { UserEnvironmentKind } from './environmentValidation';
import { keyStorageNote } from './keyStorageNote';

export type Target = string | { environmentName?: unknown } | undefined;

/** The prompt-free forms of Add Environment, Edit Environment and Set Keys. */
export function environmentScripts(environments: EnvironmentManager): ScriptedEnvironments {
  const userEnvironment = (name: string): EnvironmentEntry => {
    const env = environments.get(name);
    if (!env) throw new Error(`There is no environment named "${name}".`);
    if (env.builtIn) throw new Error(`The ${LOCAL_SANDBOX_NAME} is built in: it cannot be edited, removed or made read-only.`);
    return env;
  };
  return {
    addEnvironment: async ({ apiKey, accessKey, merchantId, ...env }) => environments.add(env, { apiKey, accessKey, merchantId }),
    editEnvironment: async (name, changes) => environments.update(userEnvironment(name).name, changes),
    async setKeys(name, keys) {
      const env = userEnvironment(name);
      await environments.setCredentials(env.name, { ...((await environments.credentials(env.name)) ?? {}), ...keys });
    },
  };
}

export function registerEnvironmentCommands(environments: EnvironmentManager, log: vscode.LogOutputChannel): vscode.Disposable {
  const register = (id: string, handler: (...args: never[]) => Promise<unknown>) => registerCommand(id, handler, log);

  const userEnvironment = async (target: Target, placeHolder: string): Promise<EnvironmentEntry | undefined> => {
    const env = await resolveTarget(environments, target, placeHolder, e => !e.builtIn);
    if (env?.builtIn) throw new Error(`The ${LOCAL_SANDBOX_NAME} is built in: it cannot be edited, removed or made read-only.`);
    return env;
  };

  return vscode.Disposable.from(
    register(COMMANDS.addEnvironment, async () => {
      // The wizard's steps load from dist/commands.js: an environment is added once, not at every start.
      const result = await loadCommands().runEnvironmentWizard({ takenNames: environments.list().map(e => e.name), keyNote: keyStorageNote() });
      if (!result) return undefined;
      const added = await environments.add(result.env, result.credentials);
      offerSwitch(environments, added);
      return added;
    }),

    register(COMMANDS.editEnvironment, async (target?: Target) => {
      const env = await userEnvironment(target, 'Environment to edit');
      if (!env) return undefined;
      const result = await loadCommands().runEnvironmentWizard({
        takenNames: environments.list().map(e => e.name),
        editing: { ...env, kind: env.kind as UserEnvironmentKind },
      });
      return result && environments.update(env.name, result.env);
    }),

    register(COMMANDS.removeEnvironment, async (target?: Target) => {
      const env = await userEnvironment(target, 'Environment to remove');
      if (!env) return false;
      if (!(await confirmModal(`Remove environment "${env.name}"?`, 'Its keys are deleted from the secret storage too.', 'Remove'))) return false;
      await environments.remove(env.name);
      return true;
    }),

    register(COMMANDS.setKeys, async (target?: Target) => {
      const env = await resolveTarget(environments, target, 'Environment whose keys to set', e => !e.builtIn);
      if (!env) return false;
      if (env.builtIn) {
        void vscode.window.showInformationMessage(`The ${LOCAL_SANDBOX_NAME}'s keys are generated for it and kept in the secret storage; they need no setting.`);
        return false;
      }
      const current = (await environments.credentials(env.name)) ?? {};
      const next = await askKeys(env.name, current);
      if (!next) return false;
      await environments.setCredentials(env.name, next);
      void vscode.window.showInformationMessage(`Keys for "${env.name}" saved in the secret storage.`);
      return true;
    }),

    register(COMMANDS.switchEnvironment, async (target?: Target) => {
      const env = await resolveTarget(environments, target, 'Switch the active Gateway environment', () => true, true);
      if (!env) return undefined;
      await environments.setActive(env.name);
      return env.name;
    }),

    register(COMMANDS.toggleReadOnly, async (target?: Target) => {
      const env = await userEnvironment(target, 'Environment to toggle read-only');
      if (!env) return undefined;
      if (env.readOnly && env.kind === 'production' && !(await confirmModal(
        `Turn off read-only for PRODUCTION environment "${env.name}"?`,
        'Payments, settings changes and deletions can then be sent to it; each one still asks you to type its name first.',
        'Turn off read-only',
      ))) return env.readOnly;
      await environments.setReadOnly(env.name, !env.readOnly);
      void vscode.window.showInformationMessage(env.readOnly
        ? `"${env.name}" is no longer read-only${env.kind === 'production' ? ': payments and deletions will still ask for confirmation' : ''}.`
        : `"${env.name}" is now read-only: only reads will be sent.`);
      return !env.readOnly;
    }),

    register(COMMANDS.sandboxNextAchWindow, async () => {
      const now = await (await environments.localSandboxControl()).advanceToNextAchWindow();
      environments.notifyChanged();
      void vscode.window.showInformationMessage(`Local sandbox time is now ${formatSandboxTime(now)} (next ACH window): pending ACH transactions moved on.`);
      return now;
    }),

    // Recurring plans charge on their dates: a user moves the clock to watch one charge. A
    // script (a test, a walkthrough link) passes the step, e.g. "7d"; otherwise it is asked for.
    register(COMMANDS.sandboxAdvanceClock, async (_target?: unknown, given?: unknown) => {
      let text = typeof given === 'string' ? given : undefined;
      if (text === undefined) {
        text = await vscode.window.showInputBox({
          title: 'Advance the Local sandbox clock',
          prompt: 'How far forward? Payment plans due on the way charge; ACH moves through the windows passed.',
          placeHolder: '7d',
          validateInput: (value) => { const step = clockStep(value); return 'problem' in step ? step.problem : undefined; },
        });
        if (text === undefined) return undefined;
      }
      const step = clockStep(text);
      if ('problem' in step) throw new Error(`Cannot advance the clock by "${text}": ${step.problem}`);
      const now = await (await environments.localSandboxControl()).advanceClock(step.ms);
      environments.notifyChanged();
      void vscode.window.showInformationMessage(`Local sandbox time is now ${formatSandboxTime(now)}: payment plans due on the way charged.`);
      return now;
    }),

    register(COMMANDS.sandboxReset, async () => {
      const control = await environments.localSandboxControl();
      if (!(await confirmModal(
        `Reset the ${LOCAL_SANDBOX_NAME}?`,
        'This deletes its card and ACH transactions, tokens, batches, documents, merchants and settings changes. Kept: its keys (requests keep working) and its clock (the time stays where it is). Started from a seed, it goes back to the seed: its data and its time.',
        'Reset',
      ))) return undefined;
      await control.reset();
      environments.notifyChanged();
      const now = control.now();
      void vscode.window.showInformationMessage(`Local sandbox reset: its data is cleared; its keys and clock are kept (sandbox time ${formatSandboxTime(now)}).`);
      return now;
    }),
  );
}

/** A modal question with one action; no dialog (a test host refuses them) is a no. */
async function confirmModal(question: string, detail: string, action: string): Promise<boolean> {
  const choice = await Promise.resolve(vscode.window.showWarningMessage(question, { modal: true, detail }, action)).catch(() => undefined);
  return choice === action;
}

function nameOf(target: Target): string | undefined {
  if (typeof target === 'string') return target;
  if (target && typeof target === 'object' && typeof target.environmentName === 'string') return target.environmentName;
  return undefined;
}

interface EnvironmentItem extends vscode.QuickPickItem { env?: EnvironmentEntry }

export async function resolveTarget(
  environments: EnvironmentManager,
  target: Target,
  placeHolder: string,
  eligible: (env: EnvironmentEntry) => boolean,
  offerAdd = false,
): Promise<EnvironmentEntry | undefined> {
  const name = nameOf(target);
  if (name !== undefined) {
    const env = environments.get(name);
    if (!env) throw new Error(`There is no environment named "${name}".`);
    return env;
  }
  const active = environments.active().name;
  const items: EnvironmentItem[] = environments.list().filter(eligible).map(env => ({
    env,
    label: `${env.name === active ? '$(check)' : '$(blank)'} ${env.name}`,
    description: [environments.kindLabel(env.kind), env.readOnly ? 'read-only' : ''].filter(Boolean).join(' · '),
    detail: env.gatewayUrl || (env.kind === 'local' ? 'Starts on first use' : undefined),
  }));
  if (!items.length && !offerAdd) {
    void vscode.window.showInformationMessage('There are no environments of your own yet: add one with "Gateway: Add Environment…".');
    return undefined;
  }
  if (offerAdd) items.push({ label: '$(add) Add Environment…', alwaysShow: true });
  const picked = await vscode.window.showQuickPick(items, { placeHolder, matchOnDescription: true });
  if (picked && !picked.env) void vscode.commands.executeCommand(COMMANDS.addEnvironment);
  return picked?.env;
}

/** Three password boxes; Enter on an empty box keeps the current value. Undefined on Escape. */
async function askKeys(name: string, current: Credentials): Promise<Credentials | undefined> {
  const fields = [
    { key: 'apiKey', label: 'api-key', use: '/rest/ operations', password: true },
    { key: 'accessKey', label: 'AccessKey', use: '/api/ (boarding) operations', password: true },
    { key: 'merchantId', label: 'MerchantId', use: '/api/ (boarding) operations', password: false },
  ] as const;
  const next: Credentials = { ...current };
  for (const [i, f] of fields.entries()) {
    const isSet = !!current[f.key];
    const value = await vscode.window.showInputBox({
      title: `Set Keys for "${name}" (${i + 1}/${fields.length})`,
      prompt: `${f.label} for ${f.use}. ${isSet ? 'Currently set: press Enter on an empty box to keep it.' : 'Not set: press Enter to leave it unset.'}${keyStorageNote()}`,
      password: f.password,
      ignoreFocusOut: true,
    });
    if (value === undefined) return undefined;
    if (value.trim()) next[f.key] = value.trim();
  }
  return next;
}

function offerSwitch(environments: EnvironmentManager, added: EnvironmentEntry): void {
  const use = `Switch to ${added.name}`;
  void vscode.window.showInformationMessage(
    `Environment "${added.name}" added${added.readOnly ? ' (read-only until you turn that off)' : ''}.`,
    use,
  ).then(choice => {
    if (choice === use) void environments.setActive(added.name);
  });
}
