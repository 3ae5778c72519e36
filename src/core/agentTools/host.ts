// What the agent tools need from the front end that hosts them (the CLI's MCP server, later the
// editor's Language Model Tools): where to send, how to ask the human, and the Local sandbox's
// controls. Core cannot start a sandbox or read the CLI's environment variables; the host can.
import type { CoverageReport } from '../../catalog/localSandbox/coverage';
import type { Credentials, Environment } from '../environments/environment';

export interface AgentTarget {
  environment: Environment;
  credentials: Credentials;
  /** Only reads are sent. */
  readOnly: boolean;
}

/** The Local sandbox's controls, for `gateway_sandbox`. */
export interface AgentSandbox {
  gatewayUrl: string;
  advanceClock(ms: number): Date;
  advanceToNextAchWindow(): Date;
  reset(): void;
  /** Throws with a message naming what is wrong with the seed. */
  loadSeed(seed: unknown): void;
  coverage(): CoverageReport;
  stats(): { requests: number; byOperation: Record<string, number>; faultsLeft: number };
  now(): Date;
}

/** What the human said to a production send: typed text, or nothing (declined, cancelled). */
export type ConfirmationAnswer = { typed: string } | { declined: string };

export interface AgentHost {
  /** The target called `name` (`local` or undefined: the Local sandbox). Throws a clear message for an unknown name or missing keys. */
  target(name: string | undefined): Promise<AgentTarget>;
  /** The Local sandbox, started on first use. */
  sandbox(): Promise<AgentSandbox>;
  /**
   * Asks the human to type the environment's name before a production send; resolves to
   * undefined when the host cannot ask (then the send is refused, never made).
   */
  confirm(message: string): Promise<ConfirmationAnswer | undefined>;
}
