// The one way a user's request leaves the extension — a request document's, or a command's run
// as a request document in memory (documentRun.ts): production guard, cancellable progress, the
// exchange, then its effects (log line, history, known resources, the tree's refresh event).
// Two reads are the extension's own and go straight through the client, with no history: the
// Gateway view's listings (tree/listLoading.ts) and the current settings a diff compares with. It returns what became of it as an
// ExchangeOutcome value and tells the user nothing itself: feedback/outcomePresenter.ts decides
// what the user sees (result editor, actionable notification).
import * as vscode from 'vscode';
import type { Operation } from '../../catalog/types';
import type { GatewayClient, RetryWaitListener } from '../../core/http/client';
import { retryWaitText } from '../../core/http/statusAdvice';
import type { GatewayResult } from '../../core/answers/result';
import type { ExchangeOutcome } from './exchangeOutcome';
import type { EnvironmentEntry, EnvironmentService, KnownResourceStore, OperationVars, ResultPresenter } from '../contracts';
import { guardRequest } from '../environments/productionGuard';
import { guardSteps } from '../environments/guardRules';
import { describeFailure } from '../feedback/errorNotifications';
import { showRestrictedMode } from '../feedback/restrictedMode';
import type { ExchangeContext, ExchangeLog } from '../feedback/exchangeLog';
import type { HistoryStore } from '../history/historyStore';
import { tokenIdsIn } from '../history/tokenIds';
import { resourceChangeOf } from '../operations/resourceEffects';

export interface SendEvent {
  environmentName: string;
  operationId?: string;
}

export interface ExchangeDeps {
  environments: EnvironmentService;
  presenter: ResultPresenter;
  /** Where the exchanges are recorded (the examples' throwaway sandbox records none). */
  history: Pick<HistoryStore, 'add'>;
  knownResources: KnownResourceStore;
  log: ExchangeLog;
  didSend: vscode.EventEmitter<SendEvent>;
  /** Opens current ↔ new settings in a diff editor (before a settings write to production). */
  showSettingsDiff?(env: EnvironmentEntry, operation: Operation, body: string): Promise<boolean>;
}

interface ExchangeRequest {
  env: EnvironmentEntry;
  /** The catalog operation, when the request matches one (always for commands). */
  operation?: Operation;
  title: string;
  method: string;
  /** Path (and query) as sent, for the log and history until the response names the URL. */
  path: string;
  vars?: OperationVars;
  body?: string;
  signal?: AbortSignal;
  /**
   * Where the progress shows: a cancellable notification of this exchange's own, or the
   * caller's progress (Send All, a test run), which cancels through `signal`.
   */
  progress: 'notification' | CallerProgress;
  /** `onRetryWait` goes into the client's request options: the progress says why nothing seems to happen. */
  perform(client: GatewayClient, signal: AbortSignal, onRetryWait: RetryWaitListener): Promise<GatewayResult>;
}

/** A progress the caller already shows (Send All's notification; a test run's is silent). */
export type CallerProgress = vscode.Progress<{ message?: string }>;

async function guard(deps: ExchangeDeps, req: ExchangeRequest, ctx: ExchangeContext): Promise<boolean> {
  // Which steps, in which order, is environments/guardRules.ts's: the trust refusal alone, or the
  // settings diff before the production guard's confirmation (or refusal).
  const steps = guardSteps(req.env, req, vscode.workspace.isTrusted);
  if (steps.includes('trust-refusal')) {
    deps.log.refused(ctx, `the workspace is not trusted, so nothing is sent to ${req.env.name}`);
    showRestrictedMode({ kind: 'send', title: req.title, environmentName: req.env.name });
    return false;
  }
  if (steps.includes('settings-diff') && req.operation && req.body !== undefined) {
    await deps.showSettingsDiff?.(req.env, req.operation, req.body).catch(() => false);
  }
  // The production guard's step (productionGuard.ts asks or refuses). A guard that cannot ask
  // (a dialog refused, e.g. in automation) has not said yes.
  const refusal = await guardRequest(req.env, req).catch(() => 'the confirmation could not be asked');
  if (refusal !== undefined) deps.log.refused(ctx, refusal);
  return refusal === undefined;
}

function pathOf(result: GatewayResult): string {
  try {
    const url = new URL(result.url);
    return url.pathname + url.search;
  } catch {
    return result.url;
  }
}

async function afterResult(deps: ExchangeDeps, req: ExchangeRequest, ctx: ExchangeContext, result: GatewayResult): Promise<void> {
  const operationId = req.operation?.id ?? result.operationId;
  await deps.history.add(
    {
      at: new Date().toISOString(),
      environmentName: req.env.name,
      ...(operationId ? { operationId } : {}),
      method: result.method,
      path: pathOf(result),
      status: result.status,
      timingMs: Math.round(result.timingMs),
      ...(req.vars ? { vars: req.vars } : {}),
      ...(req.body !== undefined ? { body: req.body } : {}),
    },
    ctx.secrets,
    // A token sale's card is the token the answer names: kept, so its re-run charges it again.
    req.body !== undefined ? tokenIdsIn(result.parsed) : [],
  );
  if (result.status >= 200 && result.status < 300) {
    const change = resourceChangeOf(operationId, result, req.vars);
    if (change?.action === 'add') await deps.knownResources.add(req.env.name, change.kind, change.resource);
    if (change?.action === 'remove') await deps.knownResources.remove(req.env.name, change.kind, change.id);
  }
  deps.didSend.fire({ environmentName: req.env.name, ...(operationId ? { operationId } : {}) });
}

export async function runExchange(deps: ExchangeDeps, req: ExchangeRequest): Promise<ExchangeOutcome> {
  const secrets = await deps.environments.secrets(req.env.name);
  const ctx: ExchangeContext = { environmentName: req.env.name, operationId: req.operation?.id, method: req.method, path: req.path, secrets };
  if (!(await guard(deps, req, ctx))) return { kind: 'refused' };

  const abort = new AbortController();
  let reachedClient = false;
  const onAbort = () => abort.abort();
  if (req.signal?.aborted) abort.abort();
  req.signal?.addEventListener('abort', onAbort, { once: true });
  const exchange = async (progress: CallerProgress): Promise<GatewayResult | 'cancelled'> => {
    const client = await deps.environments.client(req.env.name);
    if (abort.signal.aborted) return 'cancelled';
    // From here on the client writes the exchange's one log line, failures included.
    reachedClient = true;
    // A 429's Retry-After wait is otherwise silent: the user would see a stuck progress.
    return req.perform(client, abort.signal, (wait) => progress.report({ message: retryWaitText(wait) }));
  };
  let result: GatewayResult | 'cancelled';
  try {
    result = req.progress !== 'notification'
      ? await exchange(req.progress)
      : await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `${req.title} on ${req.env.name}…`, cancellable: true },
          async (progress, token) => {
            token.onCancellationRequested(onAbort);
            return exchange(progress);
          },
        );
  } catch (error) {
    const { kind, message } = describeFailure(error);
    const loggedByClient = reachedClient && kind !== 'bad-input';
    if (kind === 'aborted' || abort.signal.aborted) {
      if (!loggedByClient) deps.log.cancelled(ctx);
      return { kind: 'cancelled' };
    }
    if (!loggedByClient) deps.log.failure(ctx, kind, message);
    const outcomeUnknown = (error as { outcomeUnknown?: unknown } | undefined)?.outcomeUnknown === true;
    return { kind: 'failed', failure: { kind, message, outcomeUnknown, error } };
  } finally {
    req.signal?.removeEventListener('abort', onAbort);
  }
  if (result === 'cancelled') {
    deps.log.cancelled(ctx);
    return { kind: 'cancelled' };
  }
  await afterResult(deps, req, ctx, result);
  return { kind: 'answered', result };
}
