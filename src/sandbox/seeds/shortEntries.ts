// Short, hand-written seed entries, made through the sandbox's own handlers as requests would
// make them (so a hand-written sale obeys every rule a real one does), with defaults for all
// that is left out. An entry's own id, when it gives one, is kept.

import { ErrorAnswer, type Answer, type SandboxRequest } from '../domain/domain';
import { operationById } from '../../catalog';
import { maskCardNumbersInFreeText } from '../domain/freeText';
import type { LiveSandbox } from '../liveSandbox';
import { pathOf, SeedError } from './seedDocument';

/** What a short entry leaves out, per kind: a person writes only what matters to the test. */
export const SHORT_DEFAULTS = {
  transaction: { type: 'SALE', amount: '10.00', card: '4111111111111111', 'exp-date': '1230' },
  token: { card: '4111111111111111', 'exp-date': '1230' },
  customer: { 'first-name': 'Test', 'last-name': 'Customer' },
  plan: { 'payment-amount': '10.00', frequency: 'MONTHLY' },
  achTransaction: { type: 'Debit', amount: '10.00', 'routing-number': '081009813', 'account-number': '1234567890', 'account-type': 'Checking', 'individual-name': 'Test Customer', 'standard-entry-class-code': 'PPD' },
  achToken: {
    'routing-number': '081009813', 'account-number': '1234567890', 'account-type': 'Checking', 'individual-name': 'Test Customer',
    // The gateway wants the client software named on an ACH token.
    'software-type': 'gateway-workbench-seed', 'software-type-version': '1',
  },
} as const;

/** Operation of each card transaction type; follow-ons name their original by `original-id`. */
export const CARD_OPERATIONS: Record<string, string> = {
  SALE: 'transactions.sale', AUTH: 'transactions.auth', 'FORCED SALE': 'transactions.forcedSale',
  CAPTURE: 'transactions.capture', REFUND: 'transactions.refund', VOID: 'transactions.void',
};

/**
 * Runs one operation's handler on `body` as a request would. A declined charge is stored and
 * answered 402 with its transaction: that is a made entry too. Anything else refused becomes a
 * SeedError at `path`, naming the field the handler named when it names one of the entry's.
 */
export function runHandler(live: LiveSandbox, operationId: string, body: Record<string, unknown>, path: string, params: Record<string, string> = {}): Answer | ErrorAnswer {
  const op = operationById(operationId);
  const entry = live.handlers.get(operationId);
  if (!op || !entry) throw new Error(`No sandbox handler for ${operationId}.`);
  live.tick();
  const req: SandboxRequest = {
    op, params, query: new URLSearchParams(), headers: {}, merchant: live.merchant,
    body: maskCardNumbersInFreeText(body),
  };
  try {
    return entry.handler(req, live.contextFor(entry.module));
  } catch (e) {
    if (!(e instanceof ErrorAnswer)) throw e;
    if (e.status === 402 && e.extraPayload?.transaction) return e;
    const field = Object.keys(body).find(k => e.message.includes(`: ${k} `) || e.message.startsWith(`Field Validation: ${k} `));
    throw new SeedError(field ? pathOf(path, field) : path, e.message.replace(/^Field Validation: /, ''));
  }
}

/** The payload object an answer (or a 402 refusal carrying one) holds under `name`. */
export function answered(result: Answer | ErrorAnswer, name: string): Record<string, unknown> {
  const payload = result instanceof ErrorAnswer ? result.extraPayload : result.payload;
  return (payload?.[name] ?? {}) as Record<string, unknown>;
}

/** The entry with defaults under it and without the members that are not request fields. */
export function requestBody(entry: Record<string, unknown>, defaults: Record<string, string>, leaveOut: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(defaults)) body[k] = v;
  for (const [k, v] of Object.entries(entry)) if (!leaveOut.includes(k)) body[k] = v;
  return body;
}
