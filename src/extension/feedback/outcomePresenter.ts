// The one place that decides what the user sees of an exchange's outcome: the result editor for
// an answer, and an actionable notification for a failure, an error status or an unreadable
// answer. A refusal or a cancellation shows nothing more (the guard's own question or message
// was the message; a cancel is the user's own doing). And, for a request file's request, the
// verdict its outcome alone does not tell (expectations, not sent, skipped). Which notification,
// with which words and buttons, is notificationRules.ts's pure rule; this file only shows it.
import * as vscode from 'vscode';
import type { RequestOutcome } from '../../core/runner';
import type { EnvironmentEntry, ResultPresenter } from '../contracts';
import type { ExchangeOutcome } from '../requestDocuments/exchangeOutcome';
import { describeFailure, showNotification } from './errorNotifications';
import { failureNotification, notificationFor, verdictNotification, type NotificationContext, type RunSoFar, type VerdictNotice } from './notificationRules';
import type { ExchangeLog } from './exchangeLog';
import type { ResultOrigin } from '../results/resultDocuments';

interface OutcomeAudience {
  presenter: ResultPresenter;
  log: ExchangeLog;
}

interface HowToPresent {
  env: EnvironmentEntry;
  /** What was sent, e.g. "Sale" or a request's label. */
  title: string;
  method: string;
  secrets: readonly string[];
  /** Open the result editor for an answer. */
  showResult: boolean;
  /** A request file's `@expect status` judges the status: no notification for 4xx/5xx. */
  statusJudged?: boolean;
  /** Sends the same request again (a notification's Retry). */
  retry?: () => void;
  /** The request file and request it was written in, if any (the result's "Copy Value as Variable"). */
  origin?: ResultOrigin;
}

export async function presentOutcome(audience: OutcomeAudience, outcome: ExchangeOutcome, how: HowToPresent): Promise<void> {
  const ctx: NotificationContext = { environmentName: how.env.name, title: how.title, method: how.method, canRetry: how.retry !== undefined, secrets: how.secrets };
  const handlers = { retry: how.retry, log: audience.log };
  const notification = notificationFor(outcome, ctx, how.statusJudged);
  if (notification) showNotification(notification, handlers);
  if (outcome.kind !== 'answered' || !how.showResult) return;
  try {
    await audience.presenter.show(outcome.result, { title: how.title, environmentName: how.env.name, ...(how.origin ? { origin: how.origin } : {}) });
  } catch (error) {
    const outcomeUnknown = (error as { outcomeUnknown?: unknown } | undefined)?.outcomeUnknown === true;
    showNotification(failureNotification({ ...describeFailure(error), outcomeUnknown }, { ...ctx, canRetry: false }), { log: audience.log });
  }
}

/**
 * After a request file's request ran (Send Request, a lens): why it did not pass — failed
 * expectations, a request not sent or skipped — unless its exchange's outcome said it already.
 */
export function presentVerdict(run: RunSoFar, outcomes: readonly RequestOutcome[], target: RequestOutcome, log: ExchangeLog): void {
  const verdict = verdictNotification(run, outcomes, target);
  if (verdict) showVerdict(verdict, log);
}

/** A verdict with buttons (a refused key's Set keys) goes through the notification adapter; one without is plain text. */
export function showVerdict(verdict: VerdictNotice, log: ExchangeLog): void {
  if (verdict.actions) return showNotification({ ...verdict, actions: verdict.actions }, { log });
  if (verdict.severity === 'warning') void vscode.window.showWarningMessage(verdict.text);
  if (verdict.severity === 'error') void vscode.window.showErrorMessage(verdict.text);
}
