// The one place that decides what the user sees of an exchange's outcome: the result editor for
// an answer, and an actionable notification for a failure, an error status or an unreadable
// answer. A refusal or a cancellation shows nothing more (the guard's own question or message
// was the message; a cancel is the user's own doing).
import type { EnvironmentEntry, ResultPresenter } from '../contracts';
import type { ExchangeOutcome } from '../operations/exchangeFlow';
import { notifyErrorStatus, notifyFailure, notifyUnreadable, type NotificationContext } from './errorNotifications';
import type { ExchangeLog } from './exchangeLog';

export interface OutcomeAudience {
  presenter: ResultPresenter;
  log: ExchangeLog;
}

export interface HowToPresent {
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
