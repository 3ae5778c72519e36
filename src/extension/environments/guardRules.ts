// What happens before a request leaves the extension, in order, and the words of the production
// prompts: plain functions without vscode (tested as tables in
// test/extension-rules/guardRules.test.ts). The decision itself is core's guardPolicy.ts, the
// same policy the CLI uses; requestDocuments/exchangeFlow.ts runs the steps and
// productionGuard.ts asks and tells the user.
import { SAFETY_WORDING } from '../../catalog/safety';
import type { Operation } from '../../catalog/types';
import type { EnvironmentKind } from '../../core/environments/environment';
import { allowedInWorkspace, describeAmount, guardDecision } from '../../core/protection/guardPolicy';
import { isSettingsWrite } from '../operations/settingsDocuments';

/**
 * One step of the guard, in the order they run:
 * - `trust-refusal`: Restricted Mode, the environment is not the Local sandbox; nothing is sent.
 * - `settings-diff`: a settings write to production shows current ↔ new settings first…
 * - `confirm`: …then production asks the user to type the environment's name (or the amount).
 * - `refuse-read-only`: a read-only environment takes only reads.
 * - `refuse-unmatched`: production, and the request matches no catalog operation to judge it by.
 * No step: it is sent.
 */
export type GuardStep = 'trust-refusal' | 'settings-diff' | 'confirm' | 'refuse-read-only' | 'refuse-unmatched';

interface GuardedEnvironment {
  kind: EnvironmentKind;
  readOnly: boolean;
  /** The embedded Local sandbox. */
  builtIn: boolean;
}

interface GuardedRequest {
  operation?: Pick<Operation, 'id' | 'group' | 'safety' | 'method'>;
  method: string;
  body?: string;
}

/** The production guard's own step (core's guardDecision, as the extension asks): the last of guardSteps, if any. */
export function productionGuardStep(env: Omit<GuardedEnvironment, 'builtIn'>, request: GuardedRequest): Extract<GuardStep, 'confirm' | 'refuse-read-only' | 'refuse-unmatched'> | undefined {
  switch (guardDecision(env, request, 'confirm')) {
    case 'send':
      return undefined;
    case 'confirm':
      return 'confirm';
    case 'refuse-read-only':
      return 'refuse-read-only';
    case 'refuse-unmatched':
    case 'refuse-production':
      return 'refuse-unmatched';
  }
}

/** The guard's steps for sending `request` to `env` from a workspace that is (or is not) trusted. */
export function guardSteps(env: GuardedEnvironment, request: GuardedRequest, workspaceTrusted: boolean): GuardStep[] {
  if (!allowedInWorkspace(env, workspaceTrusted)) return ['trust-refusal'];
  const steps: GuardStep[] = [];
  // In production a settings change shows what it changes before the user confirms it.
  if (request.operation && env.kind === 'production' && !env.readOnly && isSettingsWrite(request.operation) && request.body !== undefined) {
    steps.push('settings-diff');
  }
  const last = productionGuardStep(env, request);
  return last ? [...steps, last] : steps;
}

/** The typed confirmation's input box before a production send of `operation`. */
export function productionPrompt(environmentName: string, operation: Pick<Operation, 'title' | 'method' | 'path' | 'safety'>, body: string | undefined): { title: string; prompt: string; placeHolder: string } {
  return {
    title: `${operation.title} in PRODUCTION "${environmentName}" — ${describeAmount(body)}`,
    prompt: `${operation.method} ${operation.path} ${SAFETY_WORDING[operation.safety].does} in production: it cannot be undone from here.`,
    placeHolder: environmentName,
  };
}

/** The refusal of anything but a read on a read-only environment (with a "Turn off read-only" button). */
export function readOnlyRefusal(environmentName: string, title: string): string {
  return `"${environmentName}" is read-only: ${title} was not sent. Only reads are allowed until you turn read-only off.`;
}

/** The refusal of a production request that matches no catalog operation. */
export function unmatchedRefusal(environmentName: string, method: string, path: string): string {
  return `${method} ${path} matches no gateway operation, so it is not sent to the production environment ${environmentName}. Check the method and path.`;
}
