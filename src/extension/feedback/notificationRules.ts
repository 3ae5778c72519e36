// What the user is told about an exchange's outcome, as data: severity, text and the actions a
// notification offers (Set keys for a refused key, Retry for a read that failed, Search
// transactions instead of Retry when a payment may have arrived). Plain functions without vscode,
// tested as tables in test/extension-rules/notificationRules.test.ts; errorNotifications.ts only
// shows the result and maps each action to its command. Texts are redacted here, so that no
// caller can forget; they come from core's redacted errors and statusAdvice.
import type { GatewayResult } from '../../core/answers/result';
import type { RequestOutcome } from '../../core/runner';
import { operationById } from '../../catalog';
import { changesState, unreadableAnswerMessage } from '../../core/http/outcomeCheck';
import { explainStatus } from '../../core/http/statusAdvice';
import { redact } from '../../core/protection/redaction';
import type { ExchangeOutcome } from '../requestDocuments/exchangeOutcome';

/** A button of a notification: what it does, as data (the adapter maps its kind to a command). */
export type NotificationAction =
  | { kind: 'set-keys'; label: 'Set keys'; environmentName: string }
  | { kind: 'retry'; label: 'Retry' }
  | { kind: 'search-transactions'; label: 'Search transactions'; environmentName: string }
  | { kind: 'edit-environment'; label: 'Edit environment'; environmentName: string }
  | { kind: 'show-log'; label: 'Show log' };

type ActionKind = NotificationAction['kind'];

export interface Notification {
  severity: 'error' | 'warning';
  text: string;
  /** In the order the buttons show. */
  actions: readonly NotificationAction[];
}

/** What was sent, and where: the words a notification names it by. */
export interface NotificationContext {
  environmentName: string;
  /** What was being done, e.g. "Sale". */
  title: string;
  /** The request's method: a POST that may have arrived is searched for, never retried. */
  method?: string;
  /** Whether the caller can send the same request again (offered for 429, 5xx and network failures). */
  canRetry: boolean;
  secrets?: readonly string[];
}

interface StatusRule {
  matches(status: number): boolean;
  message(result: GatewayResult, ctx: NotificationContext): string;
  actions: readonly ActionKind[];
  severity: 'error' | 'warning';
}

const retryAfter = (r: GatewayResult) => (r.retryAfterMs !== undefined ? `${Math.ceil(r.retryAfterMs / 1000)} s` : 'a moment');

/** What each HTTP error status tells the user, first match wins. */
const STATUS_RULES: readonly StatusRule[] = [
  {
    matches: (s) => s === 401,
    message: (r, ctx) => `${ctx.title} failed: ${refusalReason(r, ctx.environmentName)}`,
    actions: ['set-keys'],
    severity: 'error',
  },
  {
    matches: (s) => s === 403,
    message: (r, ctx) => `${ctx.title} failed: ${refusalReason(r, ctx.environmentName)}`,
    actions: ['set-keys'],
    severity: 'error',
  },
  {
    matches: (s) => s === 429,
    message: (r, ctx) =>
      r.retryAfterMs !== undefined && r.retryWaitBudgetMs !== undefined && r.retryAfterMs > r.retryWaitBudgetMs
        ? `${ctx.title} on ${ctx.environmentName}: ${explainStatus(r) ?? '429'}`
        : `${ctx.title} was rate limited on ${ctx.environmentName}; retry after ${retryAfter(r)} (429).`,
    actions: ['retry'],
    severity: 'warning',
  },
  {
    matches: (s) => s === 402,
    message: (r, ctx) => `${ctx.title} on ${ctx.environmentName}: ${explainStatus(r) ?? 'declined (402)'}`,
    actions: [],
    severity: 'warning',
  },
  {
    matches: (s) => s >= 500,
    message: (r, ctx) => `${ctx.title} failed on ${ctx.environmentName}: ${explainStatus(r) ?? `${r.status} server error`}`,
    actions: ['retry'],
    severity: 'error',
  },
  {
    matches: (s) => s >= 400,
    message: (r, ctx) => `${ctx.title} failed on ${ctx.environmentName}: ${explainStatus(r) ?? `${r.status} ${r.statusText}`}`,
    actions: [],
    severity: 'error',
  },
];

/** What each GatewayError kind offers (kinds from src/core/http/gatewayErrors.ts). */
const FAILURE_ACTIONS: Readonly<Record<string, readonly ActionKind[]>> = {
  unreachable: ['retry', 'edit-environment'],
  timeout: ['retry', 'edit-environment'],
  'connection-lost': ['retry'],
  'not-http': ['retry', 'edit-environment'],
  network: ['retry', 'edit-environment'],
  'origin-refused': ['edit-environment'],
  'body-too-large': [],
  'bad-input': [],
};

function keyName(result: GatewayResult): string {
  try {
    return new URL(result.url).pathname.startsWith('/api/') ? 'AccessKey' : 'api-key';
  } catch {
    return 'api-key';
  }
}

/** Why a 401 or 403 answer was refused, and what to do: the same words wherever it shows. */
function refusalReason(result: GatewayResult, environmentName: string): string {
  return result.status === 401
    ? `the ${environmentName} ${keyName(result)} was refused (401). Set the environment's keys.`
    : `the ${environmentName} ${keyName(result)} has no access to this resource (403). Check the key's permissions and the merchant id.`;
}

/**
 * A 401/403 answer's reason and buttons (Set keys, Show log), or undefined for any other answer:
 * a request file's failed `@expect status 200` and Send All's summary say what a plain send says.
 */
function keyRefusal(result: GatewayResult | undefined, environmentName: string): { reason: string; actions: NotificationAction[] } | undefined {
  if (result?.status !== 401 && result?.status !== 403) return undefined;
  return { reason: refusalReason(result, environmentName), actions: [action('set-keys', environmentName), action('show-log', environmentName)] };
}

function action(kind: ActionKind, environmentName: string): NotificationAction {
  switch (kind) {
    case 'set-keys':
      return { kind, label: 'Set keys', environmentName };
    case 'retry':
      return { kind, label: 'Retry' };
    case 'search-transactions':
      return { kind, label: 'Search transactions', environmentName };
    case 'edit-environment':
      return { kind, label: 'Edit environment', environmentName };
    case 'show-log':
      return { kind, label: 'Show log' };
  }
}

/** The notification: Retry only where the caller can retry, "Show log" always last. */
function notification(severity: Notification['severity'], text: string, kinds: readonly ActionKind[], ctx: NotificationContext): Notification {
  const usable = [...kinds.filter((k) => k !== 'retry' || ctx.canRetry), 'show-log' as const];
  return { severity, text: redact(text, ctx.secrets ?? []), actions: usable.map((k) => action(k, ctx.environmentName)) };
}

/** For a result with an error status (>= 400). */
function errorStatusNotification(result: GatewayResult, ctx: NotificationContext): Notification | undefined {
  const rule = STATUS_RULES.find((r) => r.matches(result.status));
  if (!rule) return undefined;
  // A 5xx on a request that changes state is an unknown outcome: check first, no blind Retry.
  const operation = result.operationId ? operationById(result.operationId) : undefined;
  const unknown = result.status >= 500 && changesState(result.method, operation);
  return notification(rule.severity, rule.message(result, ctx), rule.actions.filter((k) => !unknown || k !== 'retry'), ctx);
}

/** For a success status whose body could not be read: an unknown outcome, never shown as a success. */
function unreadableNotification(result: GatewayResult, ctx: NotificationContext): Notification {
  return notification('error', `${ctx.title} on ${ctx.environmentName}: ${result.status}, but ${unreadableAnswerMessage(result)}.`, [], ctx);
}

/** For a failure without a response: its GatewayError kind and message, and whether it may have happened. */
export function failureNotification(failure: { kind: string; message: string; outcomeUnknown: boolean }, ctx: NotificationContext): Notification {
  const { kind, message } = failure;
  // It may have happened: the message names what to check, and no button sends it again blind;
  // a POST that may have arrived offers the search that tells instead of Retry.
  const mayHaveArrived = ctx.method?.toUpperCase() === 'POST' && (kind === 'connection-lost' || kind === 'timeout');
  const base = (FAILURE_ACTIONS[kind] ?? []).filter((k) => !(failure.outcomeUnknown || mayHaveArrived) || k !== 'retry');
  const kinds: readonly ActionKind[] = mayHaveArrived ? ['search-transactions', ...base] : base;
  return notification('error', `${ctx.title} on ${ctx.environmentName} failed: ${message}`, kinds, ctx);
}

/**
 * The notification an exchange's outcome needs, or undefined when the result editor (or the
 * guard's own question, or the user's cancel) says it all. `statusJudged`: a request file's
 * `@expect status` judges the status, so a 4xx/5xx gets no notification.
 */
export function notificationFor(outcome: ExchangeOutcome, ctx: NotificationContext, statusJudged = false): Notification | undefined {
  if (outcome.kind === 'failed') return failureNotification(outcome.failure, ctx);
  if (outcome.kind !== 'answered') return undefined;
  const { result } = outcome;
  if (result.status >= 400) return statusJudged ? undefined : errorStatusNotification(result, ctx);
  return result.unreadable !== undefined ? unreadableNotification(result, ctx) : undefined;
}

/** A verdict: a notification whose buttons, when it has any, are a key refusal's. */
export type VerdictNotice = Omit<Notification, 'actions'> & { actions?: readonly NotificationAction[] };

/**
 * Send All's closing message: its summary, and when the run stopped at a refused key (401/403),
 * why and the Set keys button, as a plain send of that request would say.
 */
export function sendAllNotification(summary: string, outcomes: readonly RequestOutcome[], run: Omit<RunSoFar, 'exchangeOf'>): VerdictNotice {
  const stoppedAt = outcomes.find((o) => o.state !== 'passed' && o.state !== 'skipped');
  const refusal = keyRefusal(stoppedAt?.result, run.env.name);
  if (!refusal) return { severity: 'warning', text: redact(`Send All: ${summary}.`, run.secrets) };
  return { severity: 'error', text: redact(`Send All: ${summary}. ${stoppedAt?.label}: ${refusal.reason}`, run.secrets), actions: refusal.actions };
}

/** What verdictNotification needs of a request-file run (requestDocuments/documentRun.ts). */
export interface RunSoFar {
  env: { name: string };
  secrets: readonly string[];
  exchangeOf(index: number): ExchangeOutcome | undefined;
}

/**
 * After a request file's request ran (Send Request, a lens): why it did not pass — failed
 * expectations, a request not sent or skipped — unless its exchange's outcome said it already.
 */
export function verdictNotification(run: RunSoFar, outcomes: readonly RequestOutcome[], target: RequestOutcome): VerdictNotice | undefined {
  const say = (text: string) => redact(text, run.secrets);
  if (target.state === 'failed') {
    const failed = target.expectations.filter((e) => !e.outcome.pass);
    // Without a failed expectation it failed on its HTTP status, which the outcome's notification has shown.
    if (failed.length === 0) return undefined;
    const counted = `${target.label}: ${failed.length} of ${target.expectations.length} expectations failed — ${failed[0].outcome.message}`;
    // `@expect status` silenced the status's own notification: a refused key still gets its words and Set keys.
    const refusal = keyRefusal(target.result, run.env.name);
    if (refusal) return { severity: 'error', text: say(`${counted}: ${refusal.reason}`), actions: refusal.actions };
    return { severity: 'warning', text: say(`${counted}. See the marks beside the request.`) };
  }
  if (target.state === 'error' && run.exchangeOf(target.index)?.kind !== 'failed') {
    return { severity: 'error', text: say(`${target.label}: ${target.message ?? 'not sent'}.`) };
  }
  if (target.state === 'skipped') {
    const dependency = outcomes.find((o) => o.asDependency && o.state !== 'passed');
    const why = dependency?.message ? ` (${dependency.label}: ${dependency.message})` : '';
    return { severity: 'error', text: say(`${target.label}: ${target.message ?? 'not sent'}${why}.`) };
  }
  return undefined;
}
