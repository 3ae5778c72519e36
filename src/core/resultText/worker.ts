// The result worker (dist/resultWorker.js): decodes, redacts and indents large bodies off the
// extension host's thread, one job at a time, and posts the text back.
import { parentPort } from 'node:worker_threads';
import { doJob, type ResultJob } from './job';

parentPort?.on('message', ({ id, job }: { id: number; job: ResultJob }) => {
  try {
    parentPort?.postMessage({ id, text: doJob(job) });
  } catch (err) {
    parentPort?.postMessage({ id, error: (err as Error).message });
  }
});
