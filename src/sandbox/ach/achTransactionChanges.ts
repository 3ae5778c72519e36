// Void (only while Pending) and reversal (only Settled transactions of the alpha provider).

import { ErrorAnswer, type Handler } from '../domain/domain';
import { ACH_RESULT, notFound } from './achErrors';
import { bodyText } from './achInput';
import { ALPHA_PROVIDER } from './achProviders';
import type { AchSlice, AchTransactionRecord } from './achState';
import { newTransactionId } from './achTransactionCreate';
import { transactionAnswer } from './achWire';

/** A voided pending transaction ends in this status; it never reaches a processing window. */
const VOIDED_STATUS = 'Void';

const NOT_FOUND_HINT = 'Search with GET /rest/v2/ach/transactions to find its id.';

export function requireTransaction(slice: AchSlice, id: string): AchTransactionRecord {
  const record = slice.transactions[id];
  if (!record) throw notFound('ACH transaction', id, NOT_FOUND_HINT);
  return record;
}

const voidPending: Handler<AchSlice> = (req, ctx) => {
  const record = requireTransaction(ctx.slice, req.params.id);
  if (record.status !== 'Pending') {
    throw new ErrorAnswer(
      400,
      ACH_RESULT.validation,
      `ACH transaction ${record.id} is ${record.status}; only a Pending transaction can be voided ` +
        `(before the next 3 PM or 6 PM processing window).` +
        (record.status === 'Settled' && record.provider === ALPHA_PROVIDER.name
          ? ' Reverse it instead with POST /rest/v2/ach/transactions/reversal.'
          : ''),
    );
  }
  record.status = VOIDED_STATUS;
  record.statusChanged = ctx.clock.now().toISOString();
  return transactionAnswer(record);
};

function reversalRefusal(original: AchTransactionRecord): string | undefined {
  if (original.provider !== ALPHA_PROVIDER.name) {
    return `ACH transaction ${original.id} went through ${original.provider}; only transactions of the alpha provider (${ALPHA_PROVIDER.name}) can be reversed.`;
  }
  if (original.originalId) return `ACH transaction ${original.id} is itself a reversal of ${original.originalId}; it cannot be reversed.`;
  if (original.reversalId) return `ACH transaction ${original.id} was already reversed by ${original.reversalId}.`;
  if (original.status !== 'Settled') {
    return `ACH transaction ${original.id} is ${original.status}; only a Settled transaction can be reversed` +
      (original.status === 'Pending' ? ' (void it instead with DELETE /rest/v2/ach/transactions/{id}).' : '.');
  }
  return undefined;
}

const reversal: Handler<AchSlice> = (req, ctx) => {
  const id = bodyText(req.body ?? {}, 'id');
  if (!id) throw new ErrorAnswer(400, ACH_RESULT.idRequired, 'id is required: the id of the Settled ACH transaction to reverse.');
  const original = requireTransaction(ctx.slice, id);
  const refusal = reversalRefusal(original);
  if (refusal) throw new ErrorAnswer(400, ACH_RESULT.validation, refusal);
  const now = ctx.clock.now().toISOString();
  const reversed: AchTransactionRecord = {
    id: newTransactionId(ctx),
    type: original.type === 'Debit' ? 'Credit' : 'Debit',
    amount: original.amount,
    status: 'Pending',
    secCode: original.secCode,
    provider: original.provider,
    account: { ...original.account },
    merchantId: original.merchantId,
    created: now,
    statusChanged: now,
    details: {},
    originalId: original.id,
  };
  original.reversalId = reversed.id;
  ctx.slice.transactions[reversed.id] = reversed;
  return transactionAnswer(reversed);
};

export const changeHandlers: Record<string, Handler<AchSlice>> = {
  'achTransactions.void': voidPending,
  'achTransactions.reversal': reversal,
};
