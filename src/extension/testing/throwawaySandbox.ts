// The examples run in a sandbox of their own (issue 35, defect 10): they close batches, advance
// the clock, change settings and queue faults, which on the user's Local sandbox would change
// what the user built there without a word. A Testing-view run on the Local sandbox therefore
// sends an example file — one in a `gateway-examples` folder, where "Open Examples" copies them —
// to a throwaway sandbox: a fresh Local sandbox (its own worker, a free loopback port, no data
// file, keys made for it) started for the run and closed after it. The run profile "Run against
// my Local sandbox" sends them to the user's own Local sandbox instead.
//
// It starts from the seed the user's Local sandbox was last started from ("Start from Seed…"),
// as a Reset of that sandbox would, so that examples reading seeded customers or tokens pass the
// same way there; without one, empty.
//
// The run engine reaches an environment by name through the EnvironmentService; the throwaway
// sandbox is one more name (`THROWAWAY_SANDBOX_NAME`) that an overlay of the service answers, the
// rest going to the user's environments unchanged. Nothing of the run outlives the sandbox: its
// requests go into no History entry (a re-run would name a sandbox that is gone), the ids it
// creates into no known-resources list, and its named responses (`# @name sale`) into sessions of
// the run's own, so a later chained send to the user's environments never reads an id of the
// throwaway sandbox (nor does the run read one of theirs).
import type * as vscode from 'vscode';
import type { Credentials } from '../../core/environments/environment';
import type { GatewayClient } from '../../core/http/client';
import { workbenchUserAgent } from '../../core/http/userAgent';
import type { EnvironmentEntry, EnvironmentService, KnownResourceStore } from '../contracts';
import type { DocumentRunDeps } from '../requestDocuments/documentRun';
import type { ExchangeDeps } from '../requestDocuments/exchangeFlow';
import { RequestSessions } from '../requestDocuments/requestSessions';
import { EXAMPLES_FOLDER } from '../environments/openExamples';
import { LOCAL_SANDBOX_TIME_ZONE } from '../environments/sandboxClock';
import { loadRuntime } from '../lazy/runtime';

export const THROWAWAY_SANDBOX_NAME = 'Throwaway sandbox';

/** An example file: one under a `gateway-examples` folder (what "Open Examples" makes). */
export function isExampleFile(uri: vscode.Uri): boolean {
  return uri.path.split('/').slice(0, -1).includes(EXAMPLES_FOLDER);
}

export interface ThrowawaySandbox {
  /**
   * What a document run on this sandbox needs: the user's environments and, by
   * THROWAWAY_SANDBOX_NAME, this sandbox; no History, known resources or named responses kept past the run.
   */
  deps: DocumentRunDeps;
  gatewayUrl: string;
  /** Stops it: nothing of what the run did is kept. */
  close(): Promise<void>;
}

export async function startThrowawaySandbox(base: DocumentRunDeps): Promise<ThrowawaySandbox> {
  const runtime = loadRuntime();
  const seed = base.exchange.environments.localSandboxSeed?.();
  const sandbox = await runtime.startLocalSandbox({ host: '127.0.0.1', port: 0, timeZone: LOCAL_SANDBOX_TIME_ZONE, ...(seed ? { seed } : {}) });
  const entry: EnvironmentEntry = { name: THROWAWAY_SANDBOX_NAME, kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl, readOnly: false, builtIn: true };
  const credentials: Credentials = { apiKey: sandbox.apiKey, accessKey: sandbox.accessKey, merchantId: sandbox.merchantId };
  const client: GatewayClient = new runtime.GatewayClient({
    environment: { name: entry.name, kind: entry.kind, gatewayUrl: entry.gatewayUrl, boardingUrl: entry.boardingUrl },
    credentials,
    bodyFacts: runtime.bodyFactsOffThread,
    userAgent: workbenchUserAgent('editor'),
  });
  const exchange: ExchangeDeps = {
    ...base.exchange,
    environments: overlay(base.exchange.environments, entry, credentials, client),
    history: NO_HISTORY,
    knownResources: knownForTheRun(base.exchange.knownResources),
  };
  return {
    // Its own sessions: the named responses of the run's documents, forgotten with it. The
    // results (✓/✗ marks, lastRun) are the user's: they show what the run did.
    deps: { ...base, exchange, sessions: new RequestSessions() },
    gatewayUrl: entry.gatewayUrl,
    close: async () => {
      await client.close().catch(() => undefined);
      await sandbox.close();
    },
  };
}

function overlay(base: EnvironmentService, entry: EnvironmentEntry, credentials: Credentials, client: GatewayClient): EnvironmentService {
  const mine = (name: string): boolean => name === entry.name;
  const keys = [credentials.apiKey, credentials.accessKey].filter((k): k is string => k !== undefined);
  const failure = base.localSandboxFailure?.bind(base);
  return {
    list: () => base.list(),
    get: (name) => (mine(name) ? entry : base.get(name)),
    active: () => base.active(),
    setActive: (name) => base.setActive(name),
    onDidChange: base.onDidChange,
    ready: async (name) => (mine(name) ? entry : base.ready(name)),
    credentials: async (name) => (mine(name) ? credentials : base.credentials(name)),
    secrets: async (name) => (mine(name) ? [...keys, ...base.typedSecrets()] : base.secrets(name)),
    hideTypedValue: (value) => base.hideTypedValue(value),
    typedSecrets: () => base.typedSecrets(),
    client: async (name) => (mine(name) ? client : base.client(name)),
    localSandboxControl: () => base.localSandboxControl(),
    onLocalSandboxExchange: base.onLocalSandboxExchange,
    localSandboxTime: () => base.localSandboxTime(),
    ...(failure ? { localSandboxFailure: failure } : {}),
    kindLabel: (kind) => base.kindLabel(kind),
  };
}

/** The throwaway sandbox is gone once the run ends: nothing it sent is kept to be re-run. */
const NO_HISTORY: ExchangeDeps['history'] = { add: () => Promise.resolve() };

/** Ids the run created are the throwaway sandbox's: none is listed under the user's environments, none kept. */
function knownForTheRun(base: KnownResourceStore): KnownResourceStore {
  return { list: () => [], add: () => Promise.resolve(), remove: () => Promise.resolve(), onDidChange: base.onDidChange };
}
