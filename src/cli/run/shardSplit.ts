// Which files `run --shard I/N` runs. The unit is a whole file: a file's requests chain to one
// another (`{{sale1.payload.transaction.id}}` sends `sale1` first) and stop at its first
// failure, and nothing reaches across files (each file has its own named responses, runFiles.ts),
// so a file with everything it depends on is exactly one file, never split. A file named twice,
// or once through a link, is one unit (its real path), so no request runs in two jobs.
//
// The rule, the same in every job whatever the order of the arguments: units sorted by their
// number of requests, most first, ties by their path relative to the working folder (compared
// character code by character code, never by locale); each unit goes to the shard with the
// fewest requests so far, ties to the lowest-numbered shard. Largest first keeps the shards within
// one file's requests of each other.
import { realpathSync } from 'node:fs';
import * as path from 'node:path';
import { requestCountOf } from './runFiles';
import type { Shard } from './shardOption';

export interface ShardUnit {
  /** Stable across jobs and argument orders: the real path relative to the working folder, with `/`. */
  key: string;
  /** What shards are balanced by (a file without any counts as one, so such files spread too). */
  requests: number;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const weightOf = (unit: ShardUnit): number => Math.max(1, unit.requests);

/** The shard (1-based) of each unit, by key. Keys must be distinct. */
export function assignShards(units: readonly ShardUnit[], total: number): Map<string, number> {
  const order = [...units].sort((a, b) => weightOf(b) - weightOf(a) || byCodeUnits(a.key, b.key));
  const load = new Array<number>(total).fill(0);
  const assigned = new Map<string, number>();
  for (const unit of order) {
    let lightest = 0;
    for (let at = 1; at < total; at++) if (load[at] < load[lightest]) lightest = at;
    load[lightest] += weightOf(unit);
    assigned.set(unit.key, lightest + 1);
  }
  return assigned;
}

export interface ShardSelection {
  /** This shard's files, in the order they were given, each once. */
  files: string[];
  /** Requests in this shard's files. */
  requests: number;
  /** Over all shards: distinct files and their requests. */
  allFiles: number;
  allRequests: number;
}

function keyOf(file: string, cwd: string): string {
  return path.relative(cwd, realpathSync(file)).split(path.sep).join('/');
}

/** The files of `shard` among `files` (each already checked to be a readable file). */
export async function selectShard(files: readonly string[], shard: Shard, cwd = process.cwd()): Promise<ShardSelection> {
  const root = realpathSync(cwd);
  const firstPathOf = new Map<string, string>();
  for (const file of files) {
    const key = keyOf(file, root);
    if (!firstPathOf.has(key)) firstPathOf.set(key, file);
  }
  const units: ShardUnit[] = [];
  for (const [key, file] of firstPathOf) units.push({ key, requests: await requestCountOf({ path: file }) });
  const assigned = assignShards(units, shard.total);
  const mine = units.filter((unit) => assigned.get(unit.key) === shard.index);
  return {
    files: mine.map((unit) => firstPathOf.get(unit.key) as string),
    requests: mine.reduce((sum, unit) => sum + unit.requests, 0),
    allFiles: units.length,
    allRequests: units.reduce((sum, unit) => sum + unit.requests, 0),
  };
}
