// What became of one exchange (exchangeFlow.ts makes it, feedback/outcomePresenter.ts shows it),
// as plain data without vscode, so the rules that turn it into a notification
// (feedback/notificationRules.ts) are tested as tables in `npm run test:node`.
import type { GatewayResult } from '../../core/answers/result';

/** Why a request got no response: a GatewayError's kind (src/core/http/gatewayErrors.ts) and its message. */
interface ExchangeFailure {
  kind: string;
  message: string;
  /** The request may have changed state: check before sending it again. */
  outcomeUnknown: boolean;
  /** As thrown. */
  error: unknown;
}

/** What became of one exchange; the presenter decides what the user sees of it. */
export type ExchangeOutcome =
  | { kind: 'answered'; result: GatewayResult }
  /** The guard did not let it go (and told the user why: its question or refusal was the message). */
  | { kind: 'refused' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; failure: ExchangeFailure };
