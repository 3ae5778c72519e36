// One GatewayClient per environment, so connections are reused across operations. A client is
// built with exactly the environment's URLs and keys (core binds each key to its origin), and
// rebuilt when either changes.
import { createHash } from 'node:crypto';
import type * as vscode from 'vscode';
import type { Credentials } from '../../core/environments/environment';
import type { GatewayClient } from '../../core/http/client';
import { loadRuntime } from '../lazy/runtime';
import { workbenchUserAgent } from '../../core/http/userAgent';
import type { EnvironmentEntry } from '../contracts';

interface Cached {
  fingerprint: string;
  client: GatewayClient;
}

export class ClientCache implements vscode.Disposable {
  private readonly clients = new Map<string, Cached>();

  constructor(private readonly log: vscode.LogOutputChannel) {}

  get(env: EnvironmentEntry, credentials: Credentials): GatewayClient {
    const fingerprint = fingerprintOf(env, credentials);
    const cached = this.clients.get(env.name);
    if (cached?.fingerprint === fingerprint) return cached.client;
    if (cached) void cached.client.close();
    const runtime = loadRuntime();
    const client = new runtime.GatewayClient({
      environment: { name: env.name, kind: env.kind, gatewayUrl: env.gatewayUrl, boardingUrl: env.boardingUrl },
      credentials,
      // A large answer is judged in the result worker: its arrival parses nothing on this thread.
      bodyFacts: runtime.bodyFactsOffThread,
      // The client's line is already redacted and names method, path, status, ms and exchange-id.
      log: line => this.log.info(`[${env.name}] ${line}`),
      userAgent: workbenchUserAgent('editor'),
    });
    this.clients.set(env.name, { fingerprint, client });
    return client;
  }

  invalidate(environmentName: string): void {
    const cached = this.clients.get(environmentName);
    this.clients.delete(environmentName);
    void cached?.client.close();
  }

  async closeAll(): Promise<void> {
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(all.map(c => c.client.close().catch(() => undefined)));
  }

  dispose(): void {
    void this.closeAll();
  }
}

/** A digest, so that keys are not kept around as a readable map key. */
function fingerprintOf(env: EnvironmentEntry, c: Credentials): string {
  return createHash('sha256')
    .update(JSON.stringify([env.kind, env.gatewayUrl, env.boardingUrl, c.apiKey, c.accessKey, c.merchantId]))
    .digest('hex');
}
