// What the agent tools need from the front end that hosts them (the CLI's MCP server, the
// editor's Language Model Tools): where to send, a client to send with, how to ask the human,
// the Local sandbox's controls and the code generator. Core cannot start a sandbox, read the
// CLI's environment variables or SecretStorage; the host can. The editor's sandbox runs on
// another thread, so its controls answer with promises; the CLI's answer at once.
import type { CoverageReport } from '../../catalog/localSandbox/coverage';
import type { Credentials, Environment } from '../environments/environment';
import type { GatewayClient } from '../http/client';

export interface AgentTarget {
  environment: Environment;
  credentials: Credentials;
  /** Only reads are sent. */
  readOnly: boolean;
}

/** The Local sandbox's controls, for `gateway_sandbox`. */
type Answer<T> = T | Promise<T>;

export interface AgentSandbox {
  gatewayUrl: string;
  advanceClock(ms: number): Answer<Date>;
  advanceToNextAchWindow(): Answer<Date>;
  reset(): Answer<void>;
  /** Throws (or rejects) with a message naming what is wrong with the seed. */
  loadSeed(seed: unknown): Answer<void>;
  coverage(): Answer<CoverageReport>;
  stats(): Answer<{ requests: number; byOperation: Record<string, number>; faultsLeft: number }>;
  now(): Date;
}

/** A client bound to a target's environment and keys; `release` closes it if the host made it for this call. */
interface AgentClient {
  client: Pick<GatewayClient, 'sendRaw'>;
  release: () => Promise<void>;
}

/** What the human said to a production send: typed text, or nothing (declined, cancelled). */
export type ConfirmationAnswer = { typed: string } | { declined: string };

export interface AgentHost {
  /** The target called `name` (`local` or undefined: the Local sandbox). Throws a clear message for an unknown name or missing keys. */
  target(name: string | undefined): Promise<AgentTarget>;
  /** A client for the target (the editor reuses its own, the CLI makes one per call). */
  openClient(target: AgentTarget): Promise<AgentClient>;
  /** The Local sandbox, started on first use. */
  sandbox(): Promise<AgentSandbox>;
  /** The code generator's program for one request of a request-file text (`request`: its @name). */
  generateCode(languageId: string, text: string, request: string | undefined): Promise<string>;
  /**
   * Asks the human to type the environment's name before a production send; resolves to
   * undefined when the host cannot ask (then the send is refused, never made).
   */
  confirm(message: string): Promise<ConfirmationAnswer | undefined>;
}
