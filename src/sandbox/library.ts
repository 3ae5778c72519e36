// The Local sandbox as a library: what `require('gateway-workbench/sandbox')` gives an
// application's own integration tests (bundled to dist/sandbox.js in the CLI package, with its
// types in dist/sandbox.d.ts). Start it on port 0 in a test set-up, point the application at
// `gatewayUrl` with `apiKey`, and `close()` it at the end.
import { startSandbox as start, type RunningSandbox, type SandboxOptions as AllSandboxOptions } from './server';

export type { RunningSandbox };
export type { SandboxControl, SandboxStats } from './control';
export type { FaultSpec, FaultKind } from './http/faults';
export type { ChaosSpec, ChaosRuleSpec, ChaosFaultKind, ChaosView } from './http/chaos';
export type { KeyScope } from './domain/state';
export type { SeedDocument } from './seeds/seedDocument';

/** Options of a library user (the domain modules a test of ours may swap are not part of it). */
export type StartSandboxOptions = Omit<AllSandboxOptions, 'modules'>;

/** Starts the Local sandbox on 127.0.0.1 (port 0: a free one) and resolves once it listens. */
export function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  return start(options);
}
