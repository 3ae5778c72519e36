// Account validation before submitting a payment: ABA routing checksum and account format.
// Always 200: the answer is the verdict, with one reason per problem.

import type { Handler } from '../domain/domain';
import { bodyText, readAccount } from './achInput';
import type { AchSlice } from './achState';

const validate: Handler<AchSlice> = (req) => {
  const body = req.body ?? {};
  const reasons: string[] = [];
  const account = readAccount(body, reasons);
  const routingNumber = bodyText(body, 'routing-number');
  const result: Record<string, unknown> = {
    valid: String(account !== undefined),
    ...(routingNumber ? { 'routing-number': routingNumber } : {}),
    ...(account ? { 'account-number': account.lastFour, 'account-type': account.accountType } : {}),
  };
  if (reasons.length > 0) result.reasons = { reason: reasons };
  return { status: 200, payloadType: 'ach-validation', payload: { 'ach-validation': result } };
};

export const validationHandlers: Record<string, Handler<AchSlice>> = {
  'achTransactions.validate': validate,
};
