// What the user is told about an exchange, as a table: each outcome (an error status, a failure
// without a response, an unreadable answer, a cancel) with the severity, text and buttons its
// notification has — the rules the extension-host and browser suites otherwise reach only
// through a real editor (401/403 → Set keys, 429 → Retry, an unknown outcome → Search, not Retry).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GatewayResult } from '../../src/core/answers/result';
import type { RequestOutcome } from '../../src/core/runner';
import { notificationFor, sendAllNotification, verdictNotification, type Notification, type NotificationAction, type NotificationContext } from '../../src/extension/feedback/notificationRules';
import type { ExchangeOutcome } from '../../src/extension/requestDocuments/exchangeOutcome';

const ENV = 'Staging';
const GATEWAY = 'https://gateway-sandbox.example';

function answered(status: number, fields: Partial<GatewayResult> = {}): ExchangeOutcome {
  const result: GatewayResult = {
    method: 'GET', url: `${GATEWAY}/rest/v2/batches/open`, status, statusText: '', headers: {}, timingMs: 12, attempts: 1,
    contentType: 'application/json', format: 'json', rawBody: Buffer.from(''), ...fields,
  };
  return { kind: 'answered', result };
}
const sale = { operationId: 'transactions.sale', method: 'POST', url: `${GATEWAY}/rest/v2/transactions/sale` };
const search = { operationId: 'transactions.search', method: 'GET', url: `${GATEWAY}/rest/v2/transactions` };
const boarding = { method: 'GET', url: `${GATEWAY}/api/merchants/123` };
const failed = (kind: string, message: string, outcomeUnknown = false): ExchangeOutcome =>
  ({ kind: 'failed', failure: { kind, message, outcomeUnknown, error: new Error(message) } });

const SET_KEYS: NotificationAction = { kind: 'set-keys', label: 'Set keys', environmentName: ENV };
const RETRY: NotificationAction = { kind: 'retry', label: 'Retry' };
const SEARCH: NotificationAction = { kind: 'search-transactions', label: 'Search transactions', environmentName: ENV };
const EDIT: NotificationAction = { kind: 'edit-environment', label: 'Edit environment', environmentName: ENV };
const LOG: NotificationAction = { kind: 'show-log', label: 'Show log' };

interface Row {
  case: string;
  outcome: ExchangeOutcome;
  title?: string;
  method?: string;
  canRetry?: boolean;
  statusJudged?: boolean;
  secrets?: string[];
  expected: Notification | undefined;
}

const ROWS: Row[] = [
  {
    case: '401 on a gateway path: Set keys, naming the api-key',
    outcome: answered(401), title: 'Get open batch',
    expected: { severity: 'error', text: "Get open batch failed: the Staging api-key was refused (401). Set the environment's keys.", actions: [SET_KEYS, LOG] },
  },
  {
    case: '401 on a boarding path: Set keys, naming the AccessKey',
    outcome: answered(401, boarding), title: 'Get merchant',
    expected: { severity: 'error', text: "Get merchant failed: the Staging AccessKey was refused (401). Set the environment's keys.", actions: [SET_KEYS, LOG] },
  },
  {
    case: '403: Set keys, check the permissions and the merchant id',
    outcome: answered(403), title: 'Get open batch',
    expected: { severity: 'error', text: "Get open batch failed: the Staging api-key has no access to this resource (403). Check the key's permissions and the merchant id.", actions: [SET_KEYS, LOG] },
  },
  {
    case: '404: no action but the log',
    outcome: answered(404), title: 'Get open batch',
    expected: { severity: 'error', text: 'Get open batch failed on Staging: 404: not found — check the id in the path (it may belong to another environment or have been deleted).', actions: [LOG] },
  },
  {
    case: '429 with Retry-After within the wait budget: Retry after the wait',
    outcome: answered(429, { retryAfterMs: 1500, retryWaitBudgetMs: 30_000, attempts: 3 }), title: 'Get open batch',
    expected: { severity: 'warning', text: 'Get open batch was rate limited on Staging; retry after 2 s (429).', actions: [RETRY, LOG] },
  },
  {
    case: '429 without Retry-After: Retry after a moment',
    outcome: answered(429), title: 'Get open batch',
    expected: { severity: 'warning', text: 'Get open batch was rate limited on Staging; retry after a moment (429).', actions: [RETRY, LOG] },
  },
  {
    case: '429 whose Retry-After is longer than the client waits: says how long to wait',
    outcome: answered(429, { retryAfterMs: 120_000, retryWaitBudgetMs: 30_000 }), title: 'Get open batch',
    expected: {
      severity: 'warning',
      text: 'Get open batch on Staging: 429: rate limited — the gateway asked to wait 120 s, longer than the 30 s the client waits in all, so it was not retried. Wait 120 s, then send it again.',
      actions: [RETRY, LOG],
    },
  },
  {
    case: '429 when the caller cannot send it again: no Retry',
    outcome: answered(429, { retryAfterMs: 2000, retryWaitBudgetMs: 30_000 }), title: 'Get open batch', canRetry: false,
    expected: { severity: 'warning', text: 'Get open batch was rate limited on Staging; retry after 2 s (429).', actions: [LOG] },
  },
  {
    case: '402 on a sale: declined, a warning',
    outcome: answered(402, sale), title: 'Sale',
    expected: { severity: 'warning', text: 'Sale on Staging: 402: the payment was declined or failed. See result-code in the response.', actions: [LOG] },
  },
  {
    case: '500 on a read: Retry',
    outcome: answered(500, search), title: 'Search transactions',
    expected: { severity: 'error', text: 'Search transactions failed on Staging: 500: the gateway failed internally — try again later; if it persists, report the exchange-id to the operator.', actions: [RETRY, LOG] },
  },
  {
    case: '503 on a read with Retry-After: Retry',
    outcome: answered(503, { ...search, retryAfterMs: 5000 }), title: 'Search transactions',
    expected: { severity: 'error', text: 'Search transactions failed on Staging: 503: the gateway is unavailable, retry after 5 s — try again later.', actions: [RETRY, LOG] },
  },
  {
    case: '502 on a sale: an unknown outcome, check with the search, no Retry',
    outcome: answered(502, { ...sale, exchangeId: 'ex-1' }), title: 'Sale',
    expected: {
      severity: 'error',
      text: 'Sale failed on Staging: 502: the outcome is unknown — the gateway may have processed it before failing. It was not sent again: check with GET /rest/v2/transactions (Search transactions) before retrying. (exchange-id ex-1)',
      actions: [LOG],
    },
  },
  {
    case: 'a read that could not connect: Retry, Edit environment',
    outcome: failed('unreachable', 'cannot connect to gateway-sandbox.example'), title: 'Get open batch', method: 'GET',
    expected: { severity: 'error', text: 'Get open batch on Staging failed: cannot connect to gateway-sandbox.example', actions: [RETRY, EDIT, LOG] },
  },
  {
    case: 'a read whose connection was lost: Retry',
    outcome: failed('connection-lost', 'the connection was lost'), title: 'Get open batch', method: 'GET',
    expected: { severity: 'error', text: 'Get open batch on Staging failed: the connection was lost', actions: [RETRY, LOG] },
  },
  {
    case: 'a read that timed out: Retry, Edit environment',
    outcome: failed('timeout', 'no answer within 30 s'), title: 'Get open batch', method: 'GET',
    expected: { severity: 'error', text: 'Get open batch on Staging failed: no answer within 30 s', actions: [RETRY, EDIT, LOG] },
  },
  {
    case: 'a sale whose connection was lost (may have arrived): Search transactions, not Retry',
    outcome: failed('connection-lost', 'the connection was lost'), title: 'Sale', method: 'POST',
    expected: { severity: 'error', text: 'Sale on Staging failed: the connection was lost', actions: [SEARCH, LOG] },
  },
  {
    case: 'a sale that timed out (may have arrived): Search transactions first, then Edit environment, no Retry',
    outcome: failed('timeout', 'no answer within 30 s', true), title: 'Sale', method: 'post',
    expected: { severity: 'error', text: 'Sale on Staging failed: no answer within 30 s', actions: [SEARCH, EDIT, LOG] },
  },
  {
    case: 'an unknown outcome of another kind: no Retry, no search',
    outcome: failed('network', 'socket hang up', true), title: 'Adjust tip', method: 'PUT',
    expected: { severity: 'error', text: 'Adjust tip on Staging failed: socket hang up', actions: [EDIT, LOG] },
  },
  {
    case: 'the environment refuses the origin: Edit environment',
    outcome: failed('origin-refused', 'the URL is not allowed'), title: 'Get open batch', method: 'GET',
    expected: { severity: 'error', text: 'Get open batch on Staging failed: the URL is not allowed', actions: [EDIT, LOG] },
  },
  {
    case: 'bad input: only the log',
    outcome: failed('bad-input', 'the body is not JSON'), title: 'Sale', method: 'POST',
    expected: { severity: 'error', text: 'Sale on Staging failed: the body is not JSON', actions: [LOG] },
  },
  {
    case: 'a failure of a kind nobody named: only the log',
    outcome: failed('something-new', 'odd'), title: 'Sale', method: 'GET',
    expected: { severity: 'error', text: 'Sale on Staging failed: odd', actions: [LOG] },
  },
  {
    case: 'a sale answered 200 whose body cannot be read: an unknown outcome, check with the search',
    outcome: answered(200, { ...sale, unreadable: 'an HTML page' }), title: 'Sale',
    expected: {
      severity: 'error',
      text: 'Sale on Staging: 200, but the answer could not be read: an HTML page — check with GET /rest/v2/transactions (Search transactions) whether it went through before retrying.',
      actions: [LOG],
    },
  },
  {
    case: 'a read answered 200 whose body cannot be read: send it again',
    outcome: answered(200, { unreadable: 'an HTML page' }), title: 'Get open batch',
    expected: { severity: 'error', text: 'Get open batch on Staging: 200, but the answer could not be read: an HTML page; send it again.', actions: [LOG] },
  },
  {
    case: 'a secret in the message is redacted',
    outcome: failed('unreachable', 'cannot reach https://sk-live-123@gateway.example'), title: 'Get open batch', method: 'GET', secrets: ['sk-live-123'],
    expected: { severity: 'error', text: 'Get open batch on Staging failed: cannot reach https://[REDACTED]@gateway.example', actions: [RETRY, EDIT, LOG] },
  },
  { case: 'a success: nothing but the result editor', outcome: answered(200), expected: undefined },
  { case: 'an error status an @expect status judges: no notification', outcome: answered(404), statusJudged: true, expected: undefined },
  { case: 'cancelled: the user did it, nothing to say', outcome: { kind: 'cancelled' }, expected: undefined },
  { case: "refused: the guard's own message said it", outcome: { kind: 'refused' }, expected: undefined },
];

describe('notificationFor: what an exchange\'s outcome tells the user', () => {
  for (const row of ROWS) {
    it(row.case, () => {
      const ctx: NotificationContext = { environmentName: ENV, title: row.title ?? 'Request', method: row.method, canRetry: row.canRetry ?? true, secrets: row.secrets };
      assert.deepEqual(notificationFor(row.outcome, ctx, row.statusJudged), row.expected);
    });
  }
});

describe('verdictNotification: why a request-file request did not pass', () => {
  const expectation = (pass: boolean, message: string) =>
    ({ expectation: { kind: 'status', line: 1, text: 'status 200' }, outcome: { pass, message } }) as unknown as RequestOutcome['expectations'][number];
  const outcome = (fields: Partial<RequestOutcome>): RequestOutcome => ({ index: 0, label: 'sale1', state: 'passed', expectations: [], ...fields });
  const run = (exchange?: ExchangeOutcome) => ({ env: { name: ENV }, secrets: ['sk-live-123'], exchangeOf: () => exchange });
  const resultOf = (exchange: ExchangeOutcome) => (exchange.kind === 'answered' ? exchange.result : undefined);
  const dependency = outcome({ index: 0, label: 'login', state: 'failed', asDependency: true, message: 'failed: status 200 (was 401)' });

  const VERDICTS: { case: string; exchange?: ExchangeOutcome; outcomes?: RequestOutcome[]; target: RequestOutcome; expected: ReturnType<typeof verdictNotification> }[] = [
    {
      case: 'failed expectations: a warning naming the first and the marks',
      target: outcome({ state: 'failed', expectations: [expectation(true, 'ok'), expectation(false, 'status 200 (was 402)'), expectation(false, 'x')] }),
      expected: { severity: 'warning', text: 'sale1: 2 of 3 expectations failed — status 200 (was 402). See the marks beside the request.' },
    },
    { case: 'failed on its status alone: the outcome said it', target: outcome({ state: 'failed', expectations: [expectation(true, 'ok')] }), expected: undefined },
    {
      case: 'not sent (e.g. a variable missing): an error, redacted',
      target: outcome({ state: 'error', message: 'sk-live-123 is not a variable' }),
      expected: { severity: 'error', text: 'sale1: [REDACTED] is not a variable.' },
    },
    { case: 'an error whose exchange failed: the failure notification said it', exchange: failed('unreachable', 'x'), target: outcome({ state: 'error', message: 'x' }), expected: undefined },
    {
      case: 'skipped after a failed dependency: names it',
      outcomes: [dependency], target: outcome({ index: 1, state: 'skipped', message: 'not run: "login" failed' }),
      expected: { severity: 'error', text: 'sale1: not run: "login" failed (login: failed: status 200 (was 401)).' },
    },
    { case: 'passed: nothing to say', target: outcome({ state: 'passed' }), expected: undefined },
    {
      case: '"@expect status 200" answered 401: the refused key\'s words and Set keys, as a plain send gives',
      target: outcome({ state: 'failed', status: 401, result: resultOf(answered(401)), expectations: [expectation(false, 'status was "401"')] }),
      expected: {
        severity: 'error',
        text: `sale1: 1 of 1 expectations failed — status was "401": the ${ENV} api-key was refused (401). Set the environment's keys.`,
        actions: [SET_KEYS, LOG],
      },
    },
    {
      case: '"@expect status 200" answered 403 on a boarding path: the AccessKey has no access, Set keys',
      target: outcome({ state: 'failed', status: 403, result: resultOf(answered(403, boarding)), expectations: [expectation(false, 'status was "403"')] }),
      expected: {
        severity: 'error',
        text: `sale1: 1 of 1 expectations failed — status was "403": the ${ENV} AccessKey has no access to this resource (403). Check the key's permissions and the merchant id.`,
        actions: [SET_KEYS, LOG],
      },
    },
    {
      case: '"@expect status 200" answered 404: no key to blame, the marks say it',
      target: outcome({ state: 'failed', status: 404, result: resultOf(answered(404)), expectations: [expectation(false, 'status was "404"')] }),
      expected: { severity: 'warning', text: 'sale1: 1 of 1 expectations failed — status was "404". See the marks beside the request.' },
    },
  ];
  for (const row of VERDICTS) {
    it(row.case, () => {
      assert.deepEqual(verdictNotification(run(row.exchange), row.outcomes ?? [], row.target), row.expected);
    });
  }
});

describe('sendAllNotification: Send All\'s closing message', () => {
  const run = { env: { name: ENV }, secrets: ['sk-live-123'] };
  const outcome = (fields: Partial<RequestOutcome>): RequestOutcome => ({ index: 0, label: 'open batch', state: 'passed', expectations: [], ...fields });
  const resultOf = (exchange: ExchangeOutcome) => (exchange.kind === 'answered' ? exchange.result : undefined);

  it('stopped at a 401: the summary, the refused key\'s words and Set keys', () => {
    const outcomes = [outcome({ state: 'failed', status: 401, result: resultOf(answered(401)) }), outcome({ index: 1, label: 'close', state: 'skipped' })];
    assert.deepEqual(sendAllNotification('0 passed, 1 failed: open batch — status was "401" (1 not run)', outcomes, run), {
      severity: 'error',
      text: `Send All: 0 passed, 1 failed: open batch — status was "401" (1 not run). open batch: the ${ENV} api-key was refused (401). Set the environment's keys.`,
      actions: [SET_KEYS, LOG],
    });
  });

  it('stopped at anything else: the summary alone, as before', () => {
    const outcomes = [outcome({ state: 'failed', status: 402, result: resultOf(answered(402)) })];
    assert.deepEqual(sendAllNotification('0 passed, 1 failed: open batch — declined', outcomes, run), { severity: 'warning', text: 'Send All: 0 passed, 1 failed: open batch — declined.' });
  });

  it('a key in the summary is redacted', () => {
    const outcomes = [outcome({ state: 'failed', status: 401, result: resultOf(answered(401)) })];
    assert.doesNotMatch(sendAllNotification('0 passed, 1 failed: sk-live-123', outcomes, run).text, /sk-live-123/);
  });
});
