// The agent tools' host inside VS Code: the user's environments (the Local sandbox by default)
// with their SecretStorage keys and the editor's own clients, the production guard's typed
// confirmation in an input box, the Local sandbox's controls, and the code generator from its
// lazily loaded bundle. In Restricted Mode an agent reaches the Local sandbox only, as a request
// file from an untrusted folder does.
import * as vscode from 'vscode';
import type { AgentHost, AgentSandbox, AgentTarget, ConfirmationAnswer } from '../../core/agentTools/host';
import { allowedInWorkspace } from '../../core/protection/guardPolicy';
import type { SeedDocument } from '../../sandbox/seeds/seedDocument';
import { LOCAL_SANDBOX_NAME, type EnvironmentEntry } from '../contracts';
import type { EnvironmentManager } from '../environments/registerEnvironments';
import { loadCodegen, loadRuntime } from '../lazy/runtime';

export interface EditorAgentHost extends AgentHost {
  /** The environment a call names (`local` or nothing: the Local sandbox); throws a message an agent can act on. */
  entry(name: string | undefined): EnvironmentEntry;
  /** Whether the user has an environment of this name (whatever Restricted Mode allows). */
  exists(name: string): boolean;
  /** Every key and unseen typed value the editor knows: hidden from every answer and error. */
  secrets(): Promise<string[]>;
}

export function editorAgentHost(environments: EnvironmentManager): EditorAgentHost {
  /** The user's environment a name means: as written, else whatever its case. */
  const named = (name: string): EnvironmentEntry | undefined => {
    const all = environments.list();
    return all.find((e) => e.name === name) ?? all.find((e) => e.name.toLowerCase() === name.trim().toLowerCase());
  };
  const entry = (name: string | undefined): EnvironmentEntry => {
    const all = environments.list();
    if (name === undefined || name.trim() === '' || name.trim().toLowerCase() === 'local' || name === LOCAL_SANDBOX_NAME) return all.find((e) => e.builtIn)!;
    const found = named(name);
    if (!found) throw new Error(`there is no environment "${name}": the user has ${all.map((e) => `"${e.name}"`).join(', ')}. Leave "environment" out to use the Local sandbox`);
    if (!allowedInWorkspace(found, vscode.workspace.isTrusted)) throw new Error(`this workspace is in Restricted Mode, so agents' requests go only to the Local sandbox; "${found.name}" holds the user's keys. Leave "environment" out, or ask the user to trust the workspace`);
    return found;
  };
  const host: EditorAgentHost = {
    entry,
    exists: (name) => named(name) !== undefined,
    async target(name): Promise<AgentTarget> {
      const ready = await environments.ready(entry(name).name);
      const credentials = (await environments.credentials(ready.name)) ?? {};
      return { environment: ready, credentials, readOnly: ready.readOnly };
    },
    async openClient(target) {
      // The editor's own client for the environment: shared, so it is not closed after the call.
      const client = await environments.client(target.environment.name);
      return { client, release: async () => undefined };
    },
    async confirm(message): Promise<ConfirmationAnswer> {
      const typed = await vscode.window.showInputBox({
        title: 'Production: an agent asks to send this',
        prompt: message,
        placeHolder: 'The environment\'s name, as the Gateway view shows it',
        ignoreFocusOut: true,
      });
      return typed === undefined ? { declined: 'cancelled in VS Code' } : { typed };
    },
    async sandbox(): Promise<AgentSandbox> {
      const ready = await environments.ready(LOCAL_SANDBOX_NAME);
      const controls = await environments.localSandboxControl();
      const changed = <T>(done: Promise<T>): Promise<T> => done.then((value) => {
        environments.notifyChanged();
        return value;
      });
      return {
        gatewayUrl: ready.gatewayUrl,
        advanceClock: (ms) => changed(controls.advanceClock(ms)),
        advanceToNextAchWindow: () => changed(controls.advanceToNextAchWindow()),
        reset: () => changed(controls.reset()),
        loadSeed: (seed) => changed(controls.loadSeed(seed as SeedDocument)),
        coverage: () => loadRuntime().fetchCoverage(ready.gatewayUrl),
        stats: () => controls.stats(),
        now: () => controls.now(),
      };
    },
    async generateCode(languageId, text, request) {
      const codegen = loadCodegen();
      const language = codegen.languageById(languageId);
      if (!language) throw new Error('"language" is not one the generator knows: see the tool\'s enum');
      return codegen.generateFromText(language, text, { choice: request ? { name: request } : undefined }).code;
    },
    async secrets() {
      const all = await Promise.all(environments.list().map((e) => environments.secrets(e.name).catch(() => [] as string[])));
      return [...new Set(all.flat())];
    },
  };
  return host;
}
