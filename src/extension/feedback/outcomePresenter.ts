// The one place that decides what the user sees of an exchange's outcome: the result editor for
// an answer, and an actionable notification for a failure, an error status or an unreadable
// answer. A refusal or a cancellation shows nothing more (the guard's own question or message
// was the message; a cancel is the user's own doing). And, for a request file's request, the
// verdict its outcome alone does not tell (expectations, not sent, skipped).
import * as vscode from 'vscode';
import { redact } from '../../core/protection/redaction';
import type { RequestOutcome } from '../../core/runner';
import type { EnvironmentEntry, ResultPresenter } from '../contracts';
import type { ExchangeOutcome } from '../operations/exchangeFlow';
import { notifyErrorStatus, notifyFailure, notifyUnreadable, type NotificationContext } from './errorNotifications';
import type { ExchangeLog } from './exchangeLog';

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
}

export async function presentOutcome(audience: OutcomeAudience, outcome: ExchangeOutcome, how: HowToPresent): Promise<void> {
  const ctx: NotificationContext = { environmentName: how.env.name, title: how.title, retry: how.retry, method: how.method, secrets: how.secrets };
  if (outcome.kind === 'failed') {
    notifyFailure(outcome.failure.error, ctx, audience.log);
    return;
  }
  if (outcome.kind !== 'answered') return;
  const { result } = outcome;
  if (result.status >= 400 && !how.statusJudged) notifyErrorStatus(result, ctx, audience.log);
  if (result.status < 400 && result.unreadable !== undefined) notifyUnreadable(result, ctx, audience.log);
  if (!how.showResult) return;
  try {
    await audience.presenter.show(result, { title: how.title, environmentName: how.env.name });
  } catch (error) {
    notifyFailure(error, { ...ctx, retry: undefined }, audience.log);
  }
}

/** What presentVerdict needs of a request-file run (operations/documentRun.ts). */
interface RunSoFar {
  secrets: readonly string[];
  exchangeOf(index: number): ExchangeOutcome | undefined;
}

/**
 * After a request file's request ran (Send Request, a lens): why it did not pass — failed
 * expectations, a request not sent or skipped — unless its exchange's outcome said it already.
 */
export function presentVerdict(run: RunSoFar, outcomes: readonly RequestOutcome[], target: RequestOutcome): void {
  const say = (text: string) => redact(text, run.secrets);
  if (target.state === 'failed') {
    const failed = target.expectations.filter((e) => !e.outcome.pass);
    // Without a failed expectation it failed on its HTTP status, which presentOutcome has shown.
    if (failed.length > 0) {
      void vscode.window.showWarningMessage(say(`${target.label}: ${failed.length} of ${target.expectations.length} expectations failed — ${failed[0].outcome.message}. See the marks beside the request.`));
    }
    return;
  }
  if (target.state === 'error' && run.exchangeOf(target.index)?.kind !== 'failed') {
    void vscode.window.showErrorMessage(say(`${target.label}: ${target.message ?? 'not sent'}.`));
    return;
  }
  if (target.state === 'skipped') {
    const dependency = outcomes.find((o) => o.asDependency && o.state !== 'passed');
    const why = dependency?.message ? ` (${dependency.label}: ${dependency.message})` : '';
    void vscode.window.showErrorMessage(say(`${target.label}: ${target.message ?? 'not sent'}${why}.`));
  }
}
