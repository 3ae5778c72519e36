// Which outcomes an answer carries, read from what the pipeline is about to send: the error's
// status and result code, and the result, AVS, CSC and return codes of a card transaction, a
// card token or an ACH transaction in the payload. A search's list of card transactions is not
// read (it shows outcomes served before); an ACH list is, since a return is served by reading it.

import type { Answer } from '../domain/domain';
import type { ErrorFacts } from '../http/envelopes';
import type { OutcomeCounts } from './outcomeCounts';

type Fields = Record<string, unknown> | undefined;

function countTransaction(counts: OutcomeCounts, tx: Fields, withResult: boolean): void {
  if (!tx) return;
  if (withResult && typeof tx['result-code'] === 'string') counts.add('result-code', tx['result-code']);
  if (typeof tx['avs-result-code'] === 'string') counts.add('avs', tx['avs-result-code']);
  if (typeof tx['csc-result-code'] === 'string') counts.add('csc', tx['csc-result-code']);
}

function countAchReturn(counts: OutcomeCounts, tx: Fields): void {
  const code = tx?.['returned-code'];
  if (typeof code === 'string') counts.add('ach-return', code);
}

/** A handler's answer (2xx). */
export function countAnswer(counts: OutcomeCounts, answer: Answer): void {
  const payload = answer.payload;
  if (!payload) return;
  if (payload.transaction) countTransaction(counts, payload.transaction as Fields, true);
  else if (payload.tokenResponse) countTransaction(counts, payload.tokenResponse as Fields, false);
  else if (payload['ach-transaction']) countAchReturn(counts, payload['ach-transaction'] as Fields);
  else if (payload['ach-transactions']) {
    const list = (payload['ach-transactions'] as Fields)?.['ach-transaction'];
    if (Array.isArray(list)) for (const tx of list) countAchReturn(counts, tx as Fields);
  }
}

/**
 * An error answer: its HTTP status, its result code, and a declined transaction's AVS and CSC
 * results. A result code that only repeats the status (boarding's always do; the sandbox's `404`
 * for an unknown token or customer, `429` for the rate limit) is not one of the gateway's
 * result codes, so the status stands for it.
 */
export function countError(counts: OutcomeCounts, e: ErrorFacts, boarding: boolean): void {
  const status = String(e.status);
  counts.add('http', status);
  if (!boarding && e.resultCode !== status) counts.add('result-code', e.resultCode);
  const tx = e.extraPayload?.transaction;
  if (tx) countTransaction(counts, tx as Fields, false);
}
