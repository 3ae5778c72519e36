// Every outcome the Local sandbox can serve, with how to produce it. Derived from the tables the
// sandbox runs on (amounts, AVS zips, CSC values, ACH returning accounts, fault kinds) — the same
// tables docs/sandbox.md's special values are held against — so a row added there is an outcome
// here. Outcomes that come from settings or from the request itself have their triggers below.

import { DECLINE_TABLE } from '../../catalog/localSandbox/declineAmounts';
import { AVS_BY_ZIP, CSC_BY_VALUE } from '../../catalog/localSandbox/verificationValues';
import { ACH_RETURN_RULES } from '../../catalog/localSandbox/achReturns';
import { AVS_COMPUTED, CSC_COMPUTED } from '../cardTransactions/verificationTable';
import { FAULT_KINDS } from '../http/faults';

export type OutcomeKind = 'result-code' | 'avs' | 'csc' | 'ach-return' | 'http' | 'fault';

interface OutcomeDefinition {
  kind: OutcomeKind;
  code: string;
  description: string;
  trigger: string;
}

const CHARGE = 'a card sale, auth or forced sale';

/** The first amount listed for each result code (where an amount is listed twice, the first mapping wins). */
function amountOutcomes(): OutcomeDefinition[] {
  const taken = new Set<string>();
  const byCode = new Map<string, { description: string; amounts: string[] }>();
  for (const rule of DECLINE_TABLE) {
    const own = rule.amounts.filter((a) => !taken.has(a));
    own.forEach((a) => taken.add(a));
    const entry = byCode.get(rule.resultCode) ?? { description: rule.message, amounts: [] };
    entry.amounts.push(...own);
    byCode.set(rule.resultCode, entry);
  }
  return [...byCode].map(([code, { description, amounts }]) => ({
    kind: 'result-code', code, description,
    trigger: code === '000'
      ? `${CHARGE} of any amount not in the amounts table, e.g. 1.00 (or ${amounts.join(', ')})`
      : `${CHARGE} of amount ${amounts.join(' or ')}`,
  }));
}

/**
 * Result codes that settings or the request itself decide, not the amount. Some of the amount
 * table's codes also come from requests (003 an id missing, 011, 015, 027); their trigger stays the amount.
 */
const REQUEST_RESULT_CODES: ReadonlyArray<Omit<OutcomeDefinition, 'kind'>> = [
  { code: '002', description: 'Validation error', trigger: 'POST /rest/v2/transactions with no type or an unknown one (e.g. "type": "BOGUS")' },
  { code: '025', description: 'Refund exceeds the charged amount', trigger: 'a refund by id of more than the sale\'s amount less earlier refunds' },
  { code: '028', description: 'ACH token already exists', trigger: 'a second ACH token for an account that has one (same routing number, last four, account type)' },
  { code: '041', description: 'Field validation', trigger: 'a field that fails its check, e.g. card 4111111111111112 (Luhn) or exp-date in the past' },
  { code: '042', description: 'Unauthorized', trigger: 'a /rest/ request without an api-key header, or with a wrong one' },
  { code: '044', description: 'Amount maximum', trigger: 'an amount above 999999.99, or a capture above the authorized amount' },
  { code: '045', description: 'Duplicate transaction', trigger: 'PUT /rest/v2/settings/transaction/duplicates with enabled true and time-range-in-minutes 10, then the same sale (amount, card) twice' },
  { code: '046', description: 'AVS response not accepted', trigger: 'PUT /rest/v2/settings/terminal/avs with enabled true and a response-filter NO_MATCH allowed false, then a sale with billing.zip 40000' },
  { code: '047', description: 'CSC mismatch not accepted', trigger: 'CSC settings enabled (the default, accepting CSC_MATCHED), then a sale with csc 000' },
  { code: '048', description: 'CSC not verified, not accepted', trigger: 'CSC settings enabled (the default, accepting CSC_MATCHED), then a sale with csc 001' },
  { code: '050', description: 'Server error', trigger: 'POST /__sandbox/faults {"fault": "500"} (or "503"), then any request' },
];

const HTTP_STATUSES: ReadonlyArray<Omit<OutcomeDefinition, 'kind'>> = [
  { code: '400', description: 'Bad request', trigger: 'a body that fails validation, e.g. a sale without amount' },
  { code: '401', description: 'Unauthorized', trigger: 'a request without its key (api-key on /rest/, AccessKey on /api/) or with a wrong one' },
  { code: '402', description: 'Declined', trigger: 'a decline amount, e.g. a sale of 0.23' },
  { code: '403', description: 'Forbidden', trigger: 'a read-only key (POST /__sandbox/keys {"scope": "read"}) on a POST, or a MerchantId that is not the path\'s merchant number' },
  { code: '404', description: 'Not found', trigger: 'an unknown id (e.g. GET /rest/v2/ach/transactions/999999) or an unknown path' },
  { code: '405', description: 'Method not allowed', trigger: 'a known path with a method it does not take, e.g. DELETE /rest/v2/transactions/sale' },
  { code: '415', description: 'Unsupported media type', trigger: 'a body sent as Content-Type text/plain' },
  { code: '429', description: 'Too many requests', trigger: 'more requests a second per key than --rate, or POST /__sandbox/faults {"fault": "429"}' },
  { code: '500', description: 'Internal error', trigger: 'POST /__sandbox/faults {"fault": "500"}, then any request' },
  { code: '503', description: 'Service unavailable', trigger: 'POST /__sandbox/faults {"fault": "503"}, then any request' },
];

const FAULT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '429': 'Injected 429 with Retry-After',
  '500': 'Injected 500',
  '503': 'Injected 503',
  delay: 'Injected delay, then the answer',
  reset: 'Connection reset without an answer',
};

function verificationOutcomes(): OutcomeDefinition[] {
  const avs: OutcomeDefinition[] = [
    ...Object.entries(AVS_BY_ZIP).map(([zip, r]) => ({ zip, r })),
    ...AVS_COMPUTED.map(({ zip, result }) => ({ zip, r: result })),
  ].map(({ zip, r }) => ({ kind: 'avs', code: r.code, description: r.description, trigger: `${CHARGE} with billing.zip ${zip} (or a card token with require-avs and avs-zip ${zip})` }));
  const csc: OutcomeDefinition[] = [
    ...Object.entries(CSC_BY_VALUE).map(([value, r]) => ({ value, r })),
    { value: CSC_COMPUTED.csc, r: CSC_COMPUTED.result },
  ].map(({ value, r }) => ({ kind: 'csc', code: r.code, description: r.description, trigger: `${CHARGE} with csc ${value}` }));
  return [...avs, ...csc];
}

function build(): OutcomeDefinition[] {
  const resultCodes = [...amountOutcomes(), ...REQUEST_RESULT_CODES.map((o) => ({ kind: 'result-code' as const, ...o }))]
    .sort((a, b) => a.code.localeCompare(b.code));
  const achReturns: OutcomeDefinition[] = ACH_RETURN_RULES.map((r) => ({
    kind: 'ach-return', code: r.code, description: r.message,
    trigger: `an ACH debit or credit from an account number ending ${r.accountEndsWith}, read back after two ACH windows (POST /__sandbox/clock/advance {"next": "ach-window"}, twice)`,
  }));
  const faults: OutcomeDefinition[] = FAULT_KINDS.map((kind) => ({
    kind: 'fault', code: kind, description: FAULT_DESCRIPTIONS[kind] ?? `Injected ${kind}`,
    trigger: `POST /__sandbox/faults {"fault": "${kind}"}, then any request`,
  }));
  return [...resultCodes, ...verificationOutcomes(), ...achReturns, ...HTTP_STATUSES.map((o) => ({ kind: 'http' as const, ...o })), ...faults];
}

export const OUTCOMES: readonly OutcomeDefinition[] = build();

export function outcomeName(kind: OutcomeKind, code: string): string {
  return `${kind}:${code}`;
}
