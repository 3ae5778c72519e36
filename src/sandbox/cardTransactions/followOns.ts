// Operations on an earlier transaction: capture an authorization, refund a sale, void
// anything still in the open batch, adjust a tip before the batch closes.

import { ErrorAnswer, type Handler } from '../domain/domain';
import { checkTypeField, optionalString, requiredString, VALIDATION_ERROR, type Body } from '../http/bodyFields';
import { amountMaximumError, fromCents, MAX_AMOUNT_CENTS } from '../domain/money';
import { isBatchOpen, type BatchesSlice } from '../batches/batchState';
import type { SettingsSlice } from '../settings/settingsState';
import { SALE_TYPES, type CardTransaction, type CardsSlice } from './cardState';
import { checkedAmount, checkedTip } from './charges';
import { noteChanged } from './transactionIndex';
import { childIdsOf, echoes, findTransaction, record, refused, transactionAnswer, type CardsCtx } from './cardRecords';

function originalOf(ctx: CardsCtx, body: Body, type: string): CardTransaction {
  if (!body) throw new ErrorAnswer(400, '003', `transaction-id required: a ${type} needs a body with the id of the earlier transaction.`);
  checkTypeField(body, type);
  const id = optionalString(body, 'id');
  if (!id) throw new ErrorAnswer(400, '003', `transaction-id required: send "id" with the gateway id of the transaction to ${type.toLowerCase()}.`);
  const tx = findTransaction(ctx, id);
  if (tx.result !== 'APPROVED') throw refused(`Invalid request: transaction ${id} was declined; there is nothing to ${type.toLowerCase()}.`);
  if (tx.voided) throw refused(`Invalid request: transaction ${id} is voided.`);
  return tx;
}

function inOpenBatch(ctx: CardsCtx, tx: CardTransaction): boolean {
  return isBatchOpen(ctx.peer<BatchesSlice>('batches'), tx.batchId);
}

function liveChildren(ctx: CardsCtx, parent: CardTransaction, type: CardTransaction['type']): CardTransaction[] {
  return childIdsOf(ctx.slice, parent).map(id => ctx.slice.transactions[id])
    .filter(t => t !== undefined && t.type === type && t.result === 'APPROVED' && !t.voided);
}

export const capture: Handler<CardsSlice> = (req, ctx) => {
  const auth = originalOf(ctx, req.body, 'CAPTURE');
  if (auth.type !== 'AUTH') throw refused(`Invalid request: transaction ${auth.id} is a ${auth.type}; only an AUTH can be captured.`);
  if (auth.capturedById) throw refused(`Invalid request: authorization ${auth.id} was already captured by transaction ${auth.capturedById}.`);
  const tipCents = checkedTip(optionalString(req.body, 'tip-amount'));
  const given = optionalString(req.body, 'amount');
  const amountCents = given === undefined ? auth.amountCents + tipCents : checkedAmount(given);
  if (amountCents - tipCents > auth.amountCents) {
    throw new ErrorAnswer(400, '044', `Amount Maximum: capturing ${fromCents(amountCents - tipCents)} (amount less tip) exceeds the authorized ${fromCents(auth.amountCents)}.`);
  }
  if (tipCents > amountCents) throw new ErrorAnswer(400, VALIDATION_ERROR, 'Validation error: tip-amount cannot be more than amount (amount includes the tip).');
  const tx = record(ctx, {
    type: 'CAPTURE', amountCents, tipCents, result: 'APPROVED', resultCode: '000', displayMessage: 'Transaction approved',
    authorizationCode: auth.authorizationCode, card: auth.card, references: auth.references, echoes: echoes(req.body), originalId: auth.id,
  });
  auth.capturedById = tx.id;
  return transactionAnswer(ctx, req, tx);
};

export const refund: Handler<CardsSlice> = (req, ctx) => {
  const original = originalOf(ctx, req.body, 'REFUND');
  if (!SALE_TYPES.includes(original.type)) {
    throw refused(`Invalid request: transaction ${original.id} is a ${original.type}; refund a SALE, FORCED SALE or CAPTURE.`);
  }
  const refunded = liveChildren(ctx, original, 'REFUND').reduce((sum, t) => sum + t.amountCents, 0);
  const refundable = original.amountCents - refunded;
  const given = optionalString(req.body, 'amount');
  const amountCents = given === undefined ? refundable : checkedAmount(given);
  if (amountCents > refundable || refundable <= 0) {
    throw new ErrorAnswer(402, '025',
      `Exceeds Maximum Refundable Amount: at most ${fromCents(Math.max(0, refundable))} of transaction ${original.id} can still be refunded ` +
      `(${fromCents(original.amountCents)} charged, ${fromCents(refunded)} already refunded).`);
  }
  const tx = record(ctx, {
    type: 'REFUND', amountCents, tipCents: 0, result: 'APPROVED', resultCode: '000', displayMessage: 'Transaction approved',
    card: original.card, references: original.references, echoes: echoes(req.body), originalId: original.id,
  });
  return transactionAnswer(ctx, req, tx);
};

export const voidTransaction: Handler<CardsSlice> = (req, ctx) => {
  const original = originalOf(ctx, req.body, 'VOID');
  if (original.type === 'VOID') throw refused(`Invalid request: transaction ${original.id} is itself a VOID.`);
  if (!inOpenBatch(ctx, original)) {
    throw refused(`Invalid request: transaction ${original.id} is in a closed (settled) batch and cannot be voided; refund it instead.`);
  }
  if (original.capturedById && !ctx.slice.transactions[original.capturedById]?.voided) {
    throw refused(`Invalid request: authorization ${original.id} was captured by ${original.capturedById}; void the capture first.`);
  }
  if (liveChildren(ctx, original, 'REFUND').length > 0) {
    throw refused(`Invalid request: transaction ${original.id} has refunds; void those first.`);
  }
  original.voided = true;
  const tx = record(ctx, {
    type: 'VOID', amountCents: original.amountCents, tipCents: 0, result: 'APPROVED', resultCode: '000', displayMessage: 'Transaction approved',
    authorizationCode: original.authorizationCode, card: original.card, references: original.references, echoes: echoes(req.body), originalId: original.id,
  });
  return transactionAnswer(ctx, req, tx);
};

export const adjustTip: Handler<CardsSlice> = (req, ctx) => {
  const tx = findTransaction(ctx, req.params.id);
  const tipCents = checkedTip(requiredString(req.body, 'tip-amount'));
  const terminal = ctx.peer<SettingsSlice>('settings').groups.terminal;
  if (terminal?.['enable-tip'] === 'false') {
    throw new ErrorAnswer(402, '015', 'Transaction not permitted: tips are disabled in the terminal settings (enable-tip is false).');
  }
  if (!SALE_TYPES.includes(tx.type) || tx.result !== 'APPROVED' || tx.voided) {
    throw refused(`Invalid request: the tip can only be adjusted on an approved, unvoided SALE, FORCED SALE or CAPTURE; ${tx.id} is a ${tx.voided ? 'voided ' : ''}${tx.type}.`);
  }
  if (!inOpenBatch(ctx, tx)) throw refused(`Invalid request: transaction ${tx.id} is in a closed batch; tips can only change before the batch closes.`);
  const amountCents = tx.amountCents - tx.tipCents + tipCents;
  if (amountCents > MAX_AMOUNT_CENTS) throw amountMaximumError(`the amount with this tip, ${fromCents(amountCents)},`);
  tx.amountCents = amountCents;
  tx.tipCents = tipCents;
  tx.tipAdjusted = true;
  noteChanged(ctx.slice.transactions, tx);
  return transactionAnswer(ctx, req, tx);
};
