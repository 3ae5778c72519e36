// `run --shard I/N`: this job runs the I-th of N parts of the files (shardSplit.ts says which).
// Read strictly — whole numbers written plainly, 1 ≤ I ≤ N ≤ MAX_SHARDS — because a CI matrix
// that passes "0/4" or "4/3" by mistake would otherwise run some files twice and others never,
// and still go green.
import { UsageError, type CliOption } from '../cliCommand';

/** More jobs than any CI matrix runs (GitHub Actions: 256 per matrix; GitLab `parallel`: 200). */
export const MAX_SHARDS = 1000;

export interface Shard {
  /** 1-based: CI systems number their parallel jobs from 1 (GitLab's CI_NODE_INDEX, a matrix list). */
  index: number;
  total: number;
}

export const SHARD_OPTION = {
  name: 'shard', type: 'string', value: 'I/N',
  text: `Run only the I-th of N parts of the files (1 ≤ I ≤ N ≤ ${MAX_SHARDS}), one part per CI job: each file goes to exactly one part, the same one on every job and whatever the order of the files, parts balanced by their number of requests. Give every job the same files and a report file of its own (--output results-I.xml).`,
} as const satisfies CliOption;

const FORM = /^(\d+)\/(\d+)$/;

function refused(raw: string, why: string): UsageError {
  return new UsageError(`--shard ${JSON.stringify(raw)}: ${why}; write I/N with whole numbers 1 ≤ I ≤ N ≤ ${MAX_SHARDS}, for example --shard 2/4 for the second of four CI jobs`);
}

/** `--shard`'s value; undefined when not given. A usage error for anything but I/N within bounds. */
export function shardOf(raw: string | undefined): Shard | undefined {
  if (raw === undefined) return undefined;
  const match = FORM.exec(raw);
  if (!match) throw refused(raw, 'not of the form I/N');
  const [index, total] = [Number(match[1]), Number(match[2])];
  if (total < 1) throw refused(raw, 'N, the number of jobs, must be at least 1');
  if (total > MAX_SHARDS) throw refused(raw, `N must be at most ${MAX_SHARDS}`);
  if (index < 1) throw refused(raw, 'I counts from 1, not 0 (a 0-based index such as CIRCLE_NODE_INDEX needs 1 added)');
  if (index > total) throw refused(raw, `I must be at most N (${total})`);
  return { index, total };
}
