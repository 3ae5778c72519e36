// Batches: read and close the open batch; close automatically at `batch-time-utc` when the
// terminal settings enable it.

import { ErrorAnswer, type DomainContext, type DomainModule, type Handler, type Answer, type SandboxRequest } from '../domain/domain';
import type { CardTransaction, CardsSlice } from '../cardTransactions/cardState';
import type { SettingsSlice } from '../settings/settingsState';
import { closeOpenBatch, ensureOpenBatch, initialBatchesSlice, type BatchRecord, type BatchesSlice } from './batchState';
import { batchView } from './batchView';
import { nextUtcTimeOfDay } from './batchCutoff';

function transactionsOf(ctx: DomainContext<BatchesSlice>): Iterable<CardTransaction> {
  return Object.values(ctx.peer<CardsSlice>('cards').transactions);
}

function answer(req: SandboxRequest, ctx: DomainContext<BatchesSlice>, batch: BatchRecord): Answer {
  return { status: 200, payloadType: 'batch', payload: { batch: batchView(batch, transactionsOf(ctx), req.merchant) } };
}

function booleanField(body: Record<string, unknown> | undefined, name: string): void {
  const value = body?.[name];
  if (value !== undefined && String(value) !== 'true' && String(value) !== 'false') {
    throw new ErrorAnswer(400, '041', `Field Validation: ${name} must be true or false, not "${String(value)}".`);
  }
}

const getOpen: Handler<BatchesSlice> = (req, ctx) => answer(req, ctx, ensureOpenBatch(ctx.slice, ctx.ids, ctx.clock));

// Other fields are ignored: the gateway's own Java sample closes the batch with
// `{total-count, net-amount}` (docs/sandbox.md, "Accepted legacy forms").
const closeOpen: Handler<BatchesSlice> = (req, ctx) => {
  booleanField(req.body, 'lastBatchClosedRequiredInResponse');
  return answer(req, ctx, closeOpenBatch(ctx.slice, ctx.ids, ctx.clock, ctx.clock.now()));
};

export const batchesModule: DomainModule<BatchesSlice> = {
  name: 'batches',
  initial: initialBatchesSlice,
  handlers: { 'batches.getOpen': getOpen, 'batches.closeOpen': closeOpen },
  onClockAdvance(from, to, ctx) {
    const terminal = ctx.peer<SettingsSlice>('settings').groups.terminal;
    if (terminal?.['enable-auto-close-batch'] !== 'true') return false;
    const cutoff = nextUtcTimeOfDay(from, String(terminal['batch-time-utc'] ?? ''));
    if (!cutoff || cutoff.getTime() > to.getTime()) return false;
    closeOpenBatch(ctx.slice, ctx.ids, ctx.clock, cutoff);
    return true;
  },
};
