// The result worker (dist/resultWorker.js): decodes, judges, redacts and indents large bodies
// off the extension host's thread, one job at a time, and posts the answer back.
import { parentPort } from 'node:worker_threads';
import { doFactsJob, doJob, type FactsJob, type ResultJob } from './job';

parentPort?.on('message', ({ id, job }: { id: number; job: ResultJob | FactsJob }) => {
  try {
    parentPort?.postMessage({ id, value: job.kind === 'facts' ? doFactsJob(job) : doJob(job) });
  } catch (err) {
    parentPort?.postMessage({ id, error: (err as Error).message });
  }
});
