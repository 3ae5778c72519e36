// The batches slice: the open batch and the closed ones. Totals are never stored; they are
// computed from the card transactions each time, so they cannot disagree.

import type { IdSource, SandboxClock } from '../domain/domain';

export interface BatchRecord {
  id: string;
  /** ISO time on the sandbox clock. */
  dateOpened: string;
  switchBatchId: string;
  /** `CLOSED` once closed (the interface does not name the closed status; documented). */
  status: 'OPEN' | 'CLOSED';
  confirmationCode?: string;
  settled?: string;
}

export interface BatchesSlice {
  /** Created on first use, so a fresh slice needs no clock. */
  open?: BatchRecord;
  closed: BatchRecord[];
}

export function initialBatchesSlice(): BatchesSlice {
  return { closed: [] };
}

/** The open batch, opened at `at` (default: now) when there is none. */
export function ensureOpenBatch(slice: BatchesSlice, ids: IdSource, clock: SandboxClock, at?: Date): BatchRecord {
  if (!slice.open) {
    const n = ids.next('batch', 1);
    slice.open = {
      id: String(n).padStart(6, '0'),
      dateOpened: (at ?? clock.now()).toISOString(),
      switchBatchId: String(4000 + n),
      status: 'OPEN',
    };
  }
  return slice.open;
}

/** Closes the open batch at `at` (opening one first if needed) and opens the next. */
export function closeOpenBatch(slice: BatchesSlice, ids: IdSource, clock: SandboxClock, at: Date): BatchRecord {
  const batch = ensureOpenBatch(slice, ids, clock, at);
  batch.status = 'CLOSED';
  batch.settled = at.toISOString();
  batch.confirmationCode = String(ids.next('batch.confirmation', 700000001));
  slice.closed.push(batch);
  slice.open = undefined;
  ensureOpenBatch(slice, ids, clock, at);
  return batch;
}

export function isBatchOpen(slice: BatchesSlice, batchId: string | undefined): boolean {
  return batchId !== undefined && slice.open?.id === batchId;
}
