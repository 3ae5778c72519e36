// The one way a request leaves the extension, whether a command built it or a request file
// holds it: production guard, cancellable progress, the exchange, then its effects (log line,
// history, known resources, the tree's refresh event, the result editor, an actionable
// notification for failures).
import * as vscode from 'vscode';
import type { Operation } from '../../catalog/types';
import type { GatewayClient } from '../../core/client';
import type { GatewayResult } from '../../core/result';
import type { EnvironmentEntry, EnvironmentService, KnownResourceStore, OperationVars, ResultPresenter } from '../contracts';
import { guardOperation } from '../environments/productionGuard';
import { allowedInWorkspace } from '../environments/guardRules';
import { describeFailure, notifyErrorStatus, notifyFailure, notifyUnreadable } from '../feedback/errorNotifications';
import type { ExchangeContext, ExchangeLog } from '../feedback/exchangeLog';
import type { HistoryStore } from '../history/historyStore';
import { resourceChangeOf } from './resourceEffects';
import { isSettingsWrite } from './settingsDocuments';
import { loadRuntime } from '../lazy/runtime';

export interface SendEvent {
  environmentName: string;
  operationId?: string;
}

export interface ExchangeDeps {
  environments: EnvironmentService;
  presenter: ResultPresenter;
  history: HistoryStore;
  knownResources: KnownResourceStore;
  log: ExchangeLog;
  didSend: vscode.EventEmitter<SendEvent>;
  /** Opens current ↔ new settings in a diff editor (before a settings write to production). */
  showSettingsDiff?(env: EnvironmentEntry, operation: Operation, body: string): Promise<boolean>;
}

export interface ExchangeRequest {
  env: EnvironmentEntry;
  /** The catalog operation, when the request matches one (always for commands). */
  operation?: Operation;
  title: string;
  method: string;
  /** Path (and query) as sent, for the log and history until the response names the URL. */
  path: string;
  vars?: OperationVars;
  body?: string;
  show?: boolean;
  signal?: AbortSignal;
  /** The caller already shows progress (Send All): no notification of its own; cancel through `signal`. */
  withinProgress?: boolean;
  /** The caller judges the status (a request file's `@expect status`): no notification for 4xx/5xx. */
  statusJudgedByCaller?: boolean;
  /** After notifying a failure, throw it (with its user-facing message) instead of returning undefined. */
  rethrowFailure?: boolean;
  perform(client: GatewayClient, signal: AbortSignal): Promise<GatewayResult>;
  /** Sends the same request again (from a notification's Retry). */
  retry(): void;
}

const MANAGE_TRUST = 'Manage Workspace Trust';

async function guard(deps: ExchangeDeps, req: ExchangeRequest, ctx: ExchangeContext): Promise<boolean> {
  if (!allowedInWorkspace(req.env, vscode.workspace.isTrusted)) {
    deps.log.refused(ctx, `the workspace is not trusted, so nothing is sent to ${req.env.name}`);
    void vscode.window.showWarningMessage(
      `Restricted Mode: ${req.title} was not sent to ${req.env.name}. In an untrusted workspace requests go only to the Local sandbox; trust this folder to use your own environments.`,
      MANAGE_TRUST,
    ).then(choice => {
      if (choice === MANAGE_TRUST) void vscode.commands.executeCommand('workbench.trust.manage');
    });
    return false;
  }
  if (req.operation) {
    // In production a settings change shows what it changes before the user confirms it.
    if (req.env.kind === 'production' && !req.env.readOnly && isSettingsWrite(req.operation) && req.body !== undefined) {
      await deps.showSettingsDiff?.(req.env, req.operation, req.body).catch(() => false);
    }
    // A guard that cannot ask (a dialog refused, e.g. in automation) has not said yes.
    const allowed = await guardOperation(req.env, req.operation, req.body).catch(() => false);
    if (!allowed) deps.log.refused(ctx, `the ${req.env.name} guard did not allow ${req.operation.id}`);
    return allowed;
  }
  // Without a catalog operation the guard cannot judge the request: in production only reads go.
  if (req.env.kind === 'production' && req.method.toUpperCase() !== 'GET') {
    deps.log.refused(ctx, 'it matches no catalog operation, so the production guard cannot check it');
    void vscode.window.showErrorMessage(
      `${req.method} ${req.path} matches no gateway operation, so it is not sent to the production environment ${req.env.name}. Check the method and path.`,
    );
    return false;
  }
  return true;
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
  );
  if (result.status >= 200 && result.status < 300) {
    const change = resourceChangeOf(operationId, result.parsed, req.vars);
    if (change?.action === 'add') await deps.knownResources.add(req.env.name, change.kind, change.resource);
    if (change?.action === 'remove') await deps.knownResources.remove(req.env.name, change.kind, change.id);
  }
  deps.didSend.fire({ environmentName: req.env.name, ...(operationId ? { operationId } : {}) });
}

export async function runExchange(deps: ExchangeDeps, req: ExchangeRequest): Promise<GatewayResult | undefined> {
  const credentials = await deps.environments.credentials(req.env.name).catch(() => undefined);
  const secrets = [credentials?.apiKey, credentials?.accessKey].filter((s): s is string => !!s);
  const ctx: ExchangeContext = { environmentName: req.env.name, operationId: req.operation?.id, method: req.method, path: req.path, secrets };
  if (!(await guard(deps, req, ctx))) return undefined;
  const notifyCtx = { environmentName: req.env.name, title: req.title, retry: req.retry, method: req.method, secrets };

  const abort = new AbortController();
  let reachedClient = false;
  const onAbort = () => abort.abort();
  if (req.signal?.aborted) abort.abort();
  req.signal?.addEventListener('abort', onAbort, { once: true });
  let result: GatewayResult;
  const exchange = async (): Promise<GatewayResult> => {
    const client = await deps.environments.client(req.env.name);
    if (abort.signal.aborted) throw new (loadRuntime().GatewayError)('aborted', 'cancelled');
    // From here on the client writes the exchange's one log line, failures included.
    reachedClient = true;
    return req.perform(client, abort.signal);
  };
  try {
    result = req.withinProgress
      ? await exchange()
      : await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `${req.title} on ${req.env.name}…`, cancellable: true },
          async (_progress, token) => {
            token.onCancellationRequested(onAbort);
            return exchange();
          },
        );
  } catch (error) {
    const { kind, message } = describeFailure(error);
    const loggedByClient = reachedClient && kind !== 'bad-input';
    if (kind === 'aborted' || abort.signal.aborted) {
      if (!loggedByClient) deps.log.cancelled(ctx);
      return undefined;
    }
    if (!loggedByClient) deps.log.failure(ctx, kind, message);
    notifyFailure(error, notifyCtx, deps.log);
    if (req.rethrowFailure) throw new Error(message);
    return undefined;
  } finally {
    req.signal?.removeEventListener('abort', onAbort);
  }

  await afterResult(deps, req, ctx, result);
  if (result.status >= 400 && !req.statusJudgedByCaller) notifyErrorStatus(result, notifyCtx, deps.log);
  if (result.status < 400 && result.unreadable !== undefined) notifyUnreadable(result, notifyCtx, deps.log);
  if (req.show !== false) {
    try {
      await deps.presenter.show(result, { title: req.title, environmentName: req.env.name });
    } catch (error) {
      notifyFailure(error, { ...notifyCtx, retry: undefined }, deps.log);
    }
  }
  return result;
}
