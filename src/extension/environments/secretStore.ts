// Environment keys in SecretStorage, one JSON entry per environment. Nothing here logs: keys
// must never reach settings, files, logs or results.
import * as vscode from 'vscode';
import type { Credentials } from '../../core/environments/environment';

const PREFIX = 'gatewayWorkbench.keys/';

const secretKeyOf = (environmentName: string): string => `${PREFIX}${environmentName}`;

export class SecretStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<string>();
  /** Fires with the environment name whose keys changed (also for changes from other windows). */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange(e => {
      if (e.key.startsWith(PREFIX)) this.changed.fire(e.key.slice(PREFIX.length));
    });
  }

  async get(environmentName: string): Promise<Credentials | undefined> {
    const raw = await this.secrets.get(secretKeyOf(environmentName));
    if (!raw) return undefined;
    try {
      return pick(JSON.parse(raw) as Credentials);
    } catch {
      return undefined;   // a corrupt entry is as good as none: the user sets keys again
    }
  }

  /** Stores the non-empty fields; nothing left means the entry is deleted. */
  async set(environmentName: string, credentials: Credentials): Promise<void> {
    const kept = pick(credentials);
    if (Object.keys(kept).length === 0) return this.delete(environmentName);
    await this.secrets.store(secretKeyOf(environmentName), JSON.stringify(kept));
  }

  async delete(environmentName: string): Promise<void> {
    await this.secrets.delete(secretKeyOf(environmentName));
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** Only the three known fields, trimmed, empty ones dropped. */
function pick(c: Credentials): Credentials {
  const out: Credentials = {};
  for (const field of ['apiKey', 'accessKey', 'merchantId'] as const) {
    const value = typeof c?.[field] === 'string' ? c[field].trim() : '';
    if (value) out[field] = value;
  }
  return out;
}
