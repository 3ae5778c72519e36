// What a proxy recording of the user's application (`gateway-workbench proxy`, JSON Lines of
// redacted exchanges) shows it would do in production: a money-moving request sent again after
// a lost or failed answer with no read between (the first may have charged: this gateway has no
// idempotency key), test cards or sandbox amounts (in production a real card and a real charge),
// and requests the catalog does not know.

import { requireOperation, operations } from '../../catalog';
import { DECLINE_TABLE } from '../../catalog/localSandbox/declineAmounts';
import type { TrafficExchange } from '../traffic/exchange';
import { check, type PreflightCheck } from './preflightCheck';

/** The Local sandbox's test cards, by the last four the recording keeps of them (bodies are masked). */
const TEST_CARD_ENDINGS: Readonly<Record<string, string>> = { 1111: 'VISA', 4444: 'MASTERCARD', '0005': 'AMEX', 1117: 'DISCOVER' };
const SANDBOX_AMOUNTS = new Set(DECLINE_TABLE.flatMap((rule) => rule.amounts));

const safetyOf = (id: string | undefined) => (id ? operations.find((op) => op.id === id)?.safety : undefined);

/** Why an exchange's outcome is unknown to the application (so a retry may charge twice), or undefined. */
function unknownOutcome(ex: TrafficExchange): string | undefined {
  if (ex.error !== undefined || ex.status === undefined) return 'its answer was lost';
  if (ex.status >= 500) return `its answer was ${ex.status}`;
  return ex.status === 408 ? 'it timed out (408)' : undefined;
}

/** One line of the recording as an exchange; a line that is not one is an error naming it. */
export function parseRecording(text: string, file: string): TrafficExchange[] {
  return text.split('\n').flatMap((line, i) => {
    if (line.trim() === '') return [];
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${file}:${i + 1} is not a line of JSON: a recording is what "gateway-workbench proxy --recording FILE" writes`);
    }
    const ex = value as Partial<TrafficExchange>;
    if (typeof ex.method !== 'string' || typeof ex.path !== 'string') throw new Error(`${file}:${i + 1} is not an exchange (no method or path)`);
    return [ex as TrafficExchange];
  });
}

function blindRetries(exchanges: readonly TrafficExchange[]): string[] {
  const found: string[] = [];
  // Unknown outcomes of money-moving requests not yet settled by a read, by what was sent.
  const pending = new Map<string, { index: number; why: string }>();
  exchanges.forEach((ex, i) => {
    const safety = safetyOf(ex.operationId);
    if (ex.method === 'GET' || safety === 'read') {
      pending.clear();
      return;
    }
    if (safety !== 'moves-money') return;
    const key = `${ex.method} ${ex.path}\n${ex.requestBody ?? ''}`;
    const before = pending.get(key);
    if (before) {
      const verify = requireOperation(ex.operationId!).verifyWith;
      found.push(`#${i + 1} sends ${ex.operationId} again after #${before.index + 1}, whose outcome was unknown (${before.why}), with no read between: the first may have gone through${verify ? `; read first (${verify})` : ''}`);
    }
    const why = unknownOutcome(ex);
    if (why) pending.set(key, { index: i, why });
    else pending.delete(key);
  });
  return found;
}

function sandboxValues(exchanges: readonly TrafficExchange[]): string[] {
  const found: string[] = [];
  exchanges.forEach((ex, i) => {
    const body = ex.requestBody ?? '';
    const amount = /"amount"\s*:\s*"?(\d+\.\d{2})"?|<amount>\s*(\d+\.\d{2})\s*<\/amount>/.exec(body);
    const value = amount?.[1] ?? amount?.[2];
    if (value && SANDBOX_AMOUNTS.has(value)) found.push(`#${i + 1} ${ex.operationId ?? ex.path}: amount ${value}, a sandbox decline trigger — in production a real charge of ${value}`);
    const card = /"card"\s*:\s*"X+(\d{4})"|<card>\s*X+(\d{4})\s*<\/card>/.exec(body);
    const ending = card?.[1] ?? card?.[2];
    if (ending && TEST_CARD_ENDINGS[ending]) found.push(`#${i + 1} ${ex.operationId ?? ex.path}: a card ending ${ending}, like the sandbox's ${TEST_CARD_ENDINGS[ending]} test card`);
  });
  return found;
}

export function recordingChecks(exchanges: readonly TrafficExchange[], file: string): PreflightCheck[] {
  const unknown = exchanges.flatMap((ex, i) => (ex.operationId ? [] : [`#${i + 1} ${ex.method} ${ex.path}`]));
  const n = `${exchanges.length} request${exchanges.length === 1 ? '' : 's'} of ${file}`;
  return [
    check('recording', `no money-moving request is sent again after an unknown outcome without a read first (${n})`, blindRetries(exchanges)),
    check('recording', `no test card or sandbox amount is sent (${n})`, sandboxValues(exchanges)),
    check('recording', `every request is an operation of the gateway (${n})`, unknown),
  ];
}
