// The environments: the built-in Local sandbox first, then the user's from the global setting
// `gatewayWorkbench.environments` (never keys: those are in SecretStorage). The active one is
// remembered per workspace. Implements the EnvironmentService seam, plus the edits the
// commands make.
import * as vscode from 'vscode';
import type { Credentials, EnvironmentKind } from '../../core/environments/environment';
import type { GatewayClient } from '../../core/http/client';
import { credentialSecrets } from '../../core/protection/redaction';
import { SHORTEST_HIDDEN_VALUE } from '../../core/runner/prompts';
import { LOCAL_SANDBOX_NAME, type EnvironmentEntry, type EnvironmentService, type LocalSandboxControls } from '../contracts';
import type { ClientCache } from './clientCache';
import type { LocalSandboxHost } from './localSandboxHost';
import type { SandboxExchange } from '../../sandbox/http/exchangeTap';
import type { SecretStore } from './secretStore';
import { sanitizeStored, validateEnvironment, type StoredEnvironment } from './environmentValidation';

const SECTION = 'gatewayWorkbench';
const SETTING = 'environments';
const ACTIVE_KEY = 'gatewayWorkbench.activeEnvironment';

const KIND_LABELS: Readonly<Record<EnvironmentKind, string>> = {
  local: 'Local sandbox',
  sandbox: 'Sandbox',
  production: 'Production',
  custom: 'Custom',
};

/** The service plus the edits behind the environment commands (and the tests' scripted path). */
export interface EnvironmentManager extends EnvironmentService, vscode.Disposable {
  /** Adds a user environment; production ones start read-only unless `readOnly` says otherwise. */
  add(env: StoredEnvironment, credentials?: Credentials): Promise<EnvironmentEntry>;
  /** Renames or changes URLs/kind/read-only; a rename carries the keys along. */
  update(name: string, changes: Partial<StoredEnvironment>): Promise<EnvironmentEntry>;
  /** Removes a user environment and its keys. */
  remove(name: string): Promise<void>;
  setReadOnly(name: string, readOnly: boolean): Promise<void>;
  setCredentials(name: string, credentials: Credentials): Promise<void>;
  /** Where the Local sandbox keeps its state (in the extension's global storage). */
  readonly localSandboxDataFile: string;
  /** Stops the Local sandbox and starts it again (same keys and state); its entry with the URLs it has now. */
  restartLocalSandbox(): Promise<EnvironmentEntry>;
  /** Tells listeners something changed that they cannot see (e.g. the sandbox was reset). */
  notifyChanged(): void;
  /** Closes every client and stops the Local sandbox (saving its state). */
  dispose(): Promise<void>;
}

export class EnvironmentStore implements EnvironmentManager {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private disposed: Promise<void> | undefined;
  /** Values typed unseen in this window (hideTypedValue): in memory only. */
  private readonly typed = new Set<string>();

  constructor(
    private readonly workspaceState: vscode.Memento,
    private readonly keyStore: SecretStore,
    private readonly sandbox: LocalSandboxHost,
    private readonly clients: ClientCache,
  ) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration(e => {
        if (e.affectsConfiguration(`${SECTION}.${SETTING}`)) this.changed.fire();
      }),
      keyStore.onDidChange(name => {
        this.clients.invalidate(name);
        this.changed.fire();
      }),
      sandbox.onDidStart(() => this.changed.fire()),
      sandbox.onDidFail(() => this.changed.fire()),
    );
  }

  get onLocalSandboxExchange(): vscode.Event<SandboxExchange> {
    return this.sandbox.onExchange;
  }

  list(): readonly EnvironmentEntry[] {
    return [this.localEntry(), ...this.stored().map(toEntry)];
  }

  get(name: string): EnvironmentEntry | undefined {
    return this.list().find(e => e.name === name);
  }

  active(): EnvironmentEntry {
    const name = this.workspaceState.get<string>(ACTIVE_KEY);
    return (name && this.get(name)) || this.localEntry();
  }

  async setActive(name: string): Promise<void> {
    this.require(name);
    await this.workspaceState.update(ACTIVE_KEY, name === LOCAL_SANDBOX_NAME ? undefined : name);
    this.changed.fire();
  }

  async credentials(name: string): Promise<Credentials | undefined> {
    const env = this.require(name);
    // The Local sandbox's keys are generated on its first start.
    if (env.kind === 'local') await this.sandbox.start();
    return this.keyStore.get(name);
  }

  async secrets(name: string): Promise<string[]> {
    const credentials = await this.credentials(name).catch(() => undefined);
    return [...credentialSecrets(credentials), ...this.typed];
  }

  hideTypedValue(value: string): boolean {
    if (value.length < SHORTEST_HIDDEN_VALUE) return false;
    this.typed.add(value);
    return true;
  }

  typedSecrets(): readonly string[] {
    return [...this.typed];
  }

  async ready(name: string): Promise<EnvironmentEntry> {
    const env = this.require(name);
    if (env.kind !== 'local') return env;
    await this.sandbox.start();
    return this.localEntry();
  }

  async client(name: string): Promise<GatewayClient> {
    const env = await this.ready(name);
    return this.clients.get(env, (await this.keyStore.get(name)) ?? {});
  }

  async localSandboxControl(): Promise<LocalSandboxControls> {
    const control = (await this.sandbox.start()).control;
    return {
      ...control,
      // A seed the sandbox took is kept: its next start and the examples' throwaway sandbox start
      // from it. Kept as the sandbox holds it, a snapshot taken at once: records with a card's
      // last four, never a card or account number a hand-written seed may carry.
      loadSeed: async (seed) => {
        await control.loadSeed(seed);
        await this.sandbox.keepSeed(() => control.snapshot());
      },
    };
  }

  localSandboxSeed(): string | undefined {
    return this.sandbox.seedFile();
  }

  localSandboxFailure(): string | undefined {
    return this.sandbox.failure();
  }

  localSandboxTime(): Date | undefined {
    return this.sandbox.running()?.control.now();
  }

  async restartLocalSandbox(): Promise<EnvironmentEntry> {
    await this.sandbox.restart();
    this.clients.invalidate(LOCAL_SANDBOX_NAME);
    return this.localEntry();
  }

  get localSandboxDataFile(): string {
    return this.sandbox.dataFile;
  }

  kindLabel(kind: EnvironmentKind): string {
    return KIND_LABELS[kind];
  }

  async add(env: StoredEnvironment, credentials?: Credentials): Promise<EnvironmentEntry> {
    const stored = this.stored();
    const entry: StoredEnvironment = {
      name: env.name.trim(),
      kind: env.kind,
      gatewayUrl: env.gatewayUrl.trim(),
      boardingUrl: env.boardingUrl.trim(),
      readOnly: env.readOnly ?? env.kind === 'production',
    };
    const problem = validateEnvironment(entry, stored.map(s => s.name));
    if (problem) throw new Error(problem);
    // Keys first: the environment never appears without the keys the user just typed.
    if (credentials) await this.keyStore.set(entry.name, credentials);
    await this.write([...stored, entry]);
    return toEntry(entry);
  }

  async update(name: string, changes: Partial<StoredEnvironment>): Promise<EnvironmentEntry> {
    const stored = this.stored();
    const index = this.userIndex(stored, name);
    const next: StoredEnvironment = { ...stored[index], ...definedOnly(changes) };
    next.name = next.name.trim();
    const problem = validateEnvironment(next, stored.map(s => s.name), name);
    if (problem) throw new Error(problem);
    const renamed = next.name !== name;
    if (renamed) {
      const keys = await this.keyStore.get(name);
      if (keys) await this.keyStore.set(next.name, keys);
    }
    await this.write(stored.map((s, i) => (i === index ? next : s)));
    this.clients.invalidate(name);
    if (renamed) {
      await this.keyStore.delete(name);
      if (this.workspaceState.get<string>(ACTIVE_KEY) === name) await this.workspaceState.update(ACTIVE_KEY, next.name);
    }
    this.changed.fire();
    return toEntry(next);
  }

  async remove(name: string): Promise<void> {
    const stored = this.stored();
    const index = this.userIndex(stored, name);
    await this.write(stored.filter((_, i) => i !== index));
    await this.keyStore.delete(name);
    this.clients.invalidate(name);
    if (this.workspaceState.get<string>(ACTIVE_KEY) === name) await this.workspaceState.update(ACTIVE_KEY, undefined);
    this.changed.fire();
  }

  async setReadOnly(name: string, readOnly: boolean): Promise<void> {
    await this.update(name, { readOnly });
  }

  async setCredentials(name: string, credentials: Credentials): Promise<void> {
    const env = this.require(name);
    if (env.kind === 'local') throw new Error(`The ${LOCAL_SANDBOX_NAME}'s keys are generated for it and cannot be changed.`);
    await this.keyStore.set(name, credentials);
    this.clients.invalidate(name);
    this.changed.fire();
  }

  notifyChanged(): void {
    this.changed.fire();
  }

  /** Disposes `disposables` along with the store (its commands, status bar, secret store). */
  own(...disposables: vscode.Disposable[]): void {
    this.subscriptions.push(...disposables);
  }

  /** Idempotent; settles once the sandbox has saved its state and the clients are closed. */
  dispose(): Promise<void> {
    this.disposed ??= (async () => {
      for (const s of this.subscriptions) s.dispose();
      this.changed.dispose();
      await Promise.all([this.clients.closeAll(), this.sandbox.close()]);
    })();
    return this.disposed;
  }

  /** Before its first start the Local sandbox has no URLs yet (its port is picked then). */
  private localEntry(): EnvironmentEntry {
    const running = this.sandbox.running();
    return {
      name: LOCAL_SANDBOX_NAME,
      kind: 'local',
      gatewayUrl: running?.gatewayUrl ?? '',
      boardingUrl: running?.boardingUrl ?? '',
      readOnly: false,
      builtIn: true,
    };
  }

  /**
   * Only the user (global) value counts: a workspace must not be able to redirect a named
   * environment, and with it the keys, to another host.
   */
  private stored(): StoredEnvironment[] {
    const inspected = vscode.workspace.getConfiguration(SECTION).inspect<unknown>(SETTING);
    return sanitizeStored(inspected?.globalValue);
  }

  private async write(list: readonly StoredEnvironment[]): Promise<void> {
    await vscode.workspace.getConfiguration(SECTION).update(SETTING, list, vscode.ConfigurationTarget.Global);
  }

  private require(name: string): EnvironmentEntry {
    const env = this.get(name);
    if (!env) throw new Error(`There is no environment named "${name}".`);
    return env;
  }

  private userIndex(stored: readonly StoredEnvironment[], name: string): number {
    if (name === LOCAL_SANDBOX_NAME) throw new Error(`The ${LOCAL_SANDBOX_NAME} is built in and cannot be changed or removed.`);
    const index = stored.findIndex(s => s.name === name);
    if (index < 0) throw new Error(`There is no environment named "${name}".`);
    return index;
  }
}

function toEntry(s: StoredEnvironment): EnvironmentEntry {
  return { name: s.name, kind: s.kind, gatewayUrl: s.gatewayUrl, boardingUrl: s.boardingUrl, readOnly: s.readOnly === true, builtIn: false };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
