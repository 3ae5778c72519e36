// One piece of work for the result worker, and doing it: the same function runs in the worker
// and, for small bodies, on the caller's thread, so both give the same text.
import { Redactor } from '../redaction';
import { formattedText, shownText, type ShownFormat, type ShownLayout } from './shownText';

export type ShowJob = { kind: 'show'; format: ShownFormat; layout: ShownLayout; body: string | Uint8Array; secrets: readonly string[] };

export type ResultJob =
  | ShowJob
  | { kind: 'format'; format: ShownFormat; shown: string; secrets: readonly string[] };

export function doJob(job: ResultJob, parsed?: unknown): string {
  // One redactor per job: its patterns compiled once for the whole body.
  const redactor = new Redactor(job.secrets);
  if (job.kind === 'format') return formattedText(job.format, job.shown, redactor);
  const body = typeof job.body === 'string' ? job.body : utf8(job.body);
  return shownText(job.format, body, job.layout, redactor, parsed);
}

/** As the client decodes a body (Buffer#toString: a byte order mark kept, like any character). */
function utf8(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
