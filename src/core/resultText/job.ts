// One piece of work for the result worker, and doing it: the same function runs in the worker
// and, for small bodies, on the caller's thread, so both give the same answer.
import { bodyFactsOf, type BodyFacts } from '../answers/answerDecoding';
import { Redactor } from '../protection/redaction';
import { formattedText, shownText, type ShownFormat, type ShownLayout } from './shownText';

export type ShowJob = { kind: 'show'; format: ShownFormat; layout: ShownLayout; body: string | Uint8Array; secrets: readonly string[] };

export type ResultJob =
  | ShowJob
  | { kind: 'format'; format: ShownFormat; shown: string; secrets: readonly string[] };

/** Judging an answer's body as the client would on first read: whether it parses, its envelope. */
export type FactsJob = { kind: 'facts'; format: 'json' | 'xml'; body: Uint8Array };

export function doJob(job: ResultJob): string {
  // One redactor per job: its patterns compiled once for the whole body.
  const redactor = new Redactor(job.secrets);
  if (job.kind === 'format') return formattedText(job.format, job.shown, redactor);
  const body = typeof job.body === 'string' ? job.body : bytesOf(job.body).toString('utf8');
  return shownText(job.format, body, job.layout, redactor);
}

export function doFactsJob(job: FactsJob): BodyFacts {
  return bodyFactsOf(job.format, bytesOf(job.body));
}

/** The posted bytes as a Buffer, without a copy (decoded as the client decodes: a byte order mark kept, like any character). */
function bytesOf(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
