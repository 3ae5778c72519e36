// Failures as notifications a user can act on: what failed, why, and the buttons that fix it.
// Never awaited by the caller (a notification stays until clicked), never a stack trace or a
// secret: messages come from core's redacted errors and statusAdvice.
import * as vscode from 'vscode';
import type { GatewayResult } from '../../core/answers/result';
import { operationById } from '../../catalog';
import { changesState, unreadableAnswerMessage } from '../../core/http/outcomeCheck';
import { explainStatus } from '../../core/http/statusAdvice';
import { redact } from '../../core/protection/redaction';
import { COMMANDS, operationCommandId } from '../contracts';
import type { ExchangeLog } from './exchangeLog';
import { loadedRuntime } from '../lazy/runtime';

export interface NotificationContext {
  environmentName: string;
  /** What was being done, e.g. "Sale". */
  title: string;
  /** Sends the same request again (offered for 429, 5xx and network failures). */
  retry?: () => void;
  /** The request's method: a POST that may have arrived is searched for, never retried. */
  method?: string;
  secrets?: readonly string[];
}

interface Action {
  label: string;
  run(ctx: NotificationContext): void;
}

const SHOW_LOG = (log: ExchangeLog): Action => ({ label: 'Show log', run: () => log.show() });
const RETRY: Action = { label: 'Retry', run: (ctx) => ctx.retry?.() };
const SET_KEYS: Action = { label: 'Set keys', run: (ctx) => void vscode.commands.executeCommand(COMMANDS.setKeys, ctx.environmentName) };
const SEARCH_TRANSACTIONS: Action = {
  label: 'Search transactions',
  run: (ctx) => void vscode.commands.executeCommand(operationCommandId('transactions.search'), { environmentName: ctx.environmentName }),
};
const EDIT_ENVIRONMENT: Action = {
  label: 'Edit environment',
  run: (ctx) => void vscode.commands.executeCommand(COMMANDS.editEnvironment, ctx.environmentName),
};

interface StatusRule {
  matches(status: number): boolean;
  message(result: GatewayResult, ctx: NotificationContext): string;
  actions: readonly Action[];
  severity: 'error' | 'warning';
}

const retryAfter = (r: GatewayResult) => (r.retryAfterMs !== undefined ? `${Math.ceil(r.retryAfterMs / 1000)} s` : 'a moment');

/** What each HTTP error status tells the user, first match wins. */
const STATUS_RULES: readonly StatusRule[] = [
  {
    matches: (s) => s === 401,
    message: (r, ctx) => `${ctx.title} failed: the ${ctx.environmentName} ${keyName(r)} was refused (401). Set the environment's keys.`,
    actions: [SET_KEYS],
    severity: 'error',
  },
  {
    matches: (s) => s === 403,
    message: (r, ctx) => `${ctx.title} failed: the ${ctx.environmentName} ${keyName(r)} has no access to this resource (403). Check the key's permissions and the merchant id.`,
    actions: [SET_KEYS],
    severity: 'error',
  },
  {
    matches: (s) => s === 429,
    message: (r, ctx) =>
      r.retryAfterMs !== undefined && r.retryWaitBudgetMs !== undefined && r.retryAfterMs > r.retryWaitBudgetMs
        ? `${ctx.title} on ${ctx.environmentName}: ${explainStatus(r) ?? '429'}`
        : `${ctx.title} was rate limited on ${ctx.environmentName}; retry after ${retryAfter(r)} (429).`,
    actions: [RETRY],
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
    actions: [RETRY],
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
const FAILURE_ACTIONS: Readonly<Record<string, readonly Action[]>> = {
  unreachable: [RETRY, EDIT_ENVIRONMENT],
  timeout: [RETRY, EDIT_ENVIRONMENT],
  'connection-lost': [RETRY],
  'not-http': [RETRY, EDIT_ENVIRONMENT],
  network: [RETRY, EDIT_ENVIRONMENT],
  'origin-refused': [EDIT_ENVIRONMENT],
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

function present(severity: 'error' | 'warning', message: string, actions: readonly Action[], ctx: NotificationContext): void {
  const usable = actions.filter((a) => a !== RETRY || ctx.retry);
  const show = severity === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  void Promise.resolve(show(redact(message, ctx.secrets ?? []), ...usable.map((a) => a.label))).then((picked) => {
    usable.find((a) => a.label === picked)?.run(ctx);
  });
}

/** For a result with an error status (>= 400). */
export function notifyErrorStatus(result: GatewayResult, ctx: NotificationContext, log: ExchangeLog): void {
  const rule = STATUS_RULES.find((r) => r.matches(result.status));
  if (!rule) return;
  // A 5xx on a request that changes state is an unknown outcome: check first, no blind Retry.
  const operation = result.operationId ? operationById(result.operationId) : undefined;
  const unknown = result.status >= 500 && changesState(result.method, operation);
  const actions = rule.actions.filter((a) => !unknown || a !== RETRY);
  present(rule.severity, rule.message(result, ctx), [...actions, SHOW_LOG(log)], ctx);
}

/** For a success status whose body could not be read: an unknown outcome, never shown as a success. */
export function notifyUnreadable(result: GatewayResult, ctx: NotificationContext, log: ExchangeLog): void {
  present('error', `${ctx.title} on ${ctx.environmentName}: ${result.status}, but ${unreadableAnswerMessage(result)}.`, [SHOW_LOG(log)], ctx);
}

/** For a failure without a response (GatewayError from core, or anything else thrown). */
export function notifyFailure(error: unknown, ctx: NotificationContext, log: ExchangeLog): void {
  const { kind, message } = describeFailure(error);
  // It may have happened: the message names what to check, and no button sends it again blind;
  // a POST that may have arrived offers the search that tells instead of Retry.
  const unknown = (error as { outcomeUnknown?: unknown } | undefined)?.outcomeUnknown === true;
  const mayHaveArrived = ctx.method?.toUpperCase() === 'POST' && (kind === 'connection-lost' || kind === 'timeout');
  const base = (FAILURE_ACTIONS[kind] ?? []).filter((a) => !(unknown || mayHaveArrived) || a !== RETRY);
  const actions = mayHaveArrived ? [SEARCH_TRANSACTIONS, ...base] : base;
  present('error', `${ctx.title} on ${ctx.environmentName} failed: ${message}`, [...actions, SHOW_LOG(log)], ctx);
}

/**
 * Kind and one-line message of a failure. A GatewayError comes from the lazily loaded runtime
 * bundle (this bundle has no copy of the class), so the runtime's own guard recognises it.
 */
export function describeFailure(error: unknown): { kind: string; message: string } {
  if (loadedRuntime()?.isGatewayError(error)) return { kind: error.kind, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'network', message: message.split('\n')[0] ?? message };
}
