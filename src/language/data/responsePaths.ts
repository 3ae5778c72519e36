// Response paths worth offering after `{{sale1.` and `@expect `: the envelope every gateway
// response has, then the fields the sandbox answers inside each payload (keyed by the payload's
// key, which is the operation's payloadType with a lower-case first letter).

export const ENVELOPE_PATHS: readonly string[] = ['code', 'status', 'exchange-id', 'payload.payloadType'];

export const PAYLOAD_FIELDS: Readonly<Record<string, readonly string[]>> = {
  transaction: ['id', 'result', 'result-code', 'display-message', 'amount', 'authorization-code', 'card-type', 'last-four', 'status', 'token-id'],
  'ach-transaction': ['id', 'status', 'amount', 'type', 'trace-number', 'returned-code', 'returned-message'],
  tokenResponse: ['token-id', 'card-type', 'last-four-digits', 'exp-date', 'status', 'avs-result-code'],
  'ach-token': ['token-id', 'account-type', 'routing-number', 'customer-key'],
  'ach-validation': ['valid'],
  batch: ['id', 'status', 'net-amount', 'sales-count', 'sales-total', 'refund-count', 'refund-total', 'total-count'],
};

/** The object that holds an operation's payload, e.g. `transaction` for payloadType `transaction`. */
export function payloadKey(payloadType: string): string {
  return payloadType.charAt(0).toLowerCase() + payloadType.slice(1);
}
