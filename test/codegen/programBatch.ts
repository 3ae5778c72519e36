// Runs many generated programs at once with their real toolchains, as cheaply as each allows:
// cURL (under bash, the shell most users paste into) and PHP one process each, a few at a time;
// JavaScript in one Node process (drivers/js_batch.mjs: each program imported as the module it
// is); Python in one interpreter (test/codegen/drivers/python_batch.py); Java in one JVM
// (drivers/JavaBatch.java: javac and the program's main() per folder); Go built in one `go build`
// of a module holding every program, then each binary run. Each program runs in a folder of its
// own (its working directory). What comes back: per program, how it ended.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { runToEnd, type ProcessRun } from '../cli/processRun';
import { pythonWithRequests } from './toolchains';

export interface ProgramToRun {
  /** A folder name for it, unique in the batch. */
  id: string;
  fileName: string;
  code: string;
}

/** How a program ended: `exit N`, `compile …` (it did not compile or parse), `threw …` (Java / Python: an exception escaped). */
export interface ProgramEnd {
  status: string;
  output: string;
}

/** Languages whose batch runner exists, the cURL one included (bash). */
export const BATCH_LANGUAGES = ['curl', 'js', 'python', 'php', 'java', 'go'] as const;
export type BatchLanguage = (typeof BATCH_LANGUAGES)[number];

const DRIVERS = path.join(__dirname, 'drivers');

async function eachAtOnce<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

const ended = (run: ProcessRun): ProgramEnd => ({ status: `exit ${run.code}`, output: `${run.stdout}\n${run.stderr}` });

/** One process per program. */
async function oneByOne(command: (file: string) => [string, ...string[]], folders: ReadonlyMap<string, ProgramToRun>, env: NodeJS.ProcessEnv): Promise<Map<string, ProgramEnd>> {
  const ends = new Map<string, ProgramEnd>();
  await eachAtOnce([...folders], 4, async ([folder, program]) => {
    const [cmd, ...args] = command(program.fileName);
    ends.set(program.id, ended(await runToEnd(cmd, args, { cwd: folder, env })));
  });
  return ends;
}

/** A driver that writes "<folder>\t<status>" lines to a results file. */
async function byDriver(command: (results: string) => [string, ...string[]], folders: ReadonlyMap<string, ProgramToRun>, workDir: string, env: NodeJS.ProcessEnv): Promise<Map<string, ProgramEnd>> {
  const results = path.join(workDir, 'results.tsv');
  const [cmd, ...args] = command(results);
  const run = await runToEnd(cmd, [...args, ...folders.keys()], { cwd: workDir, env });
  const ends = new Map<string, ProgramEnd>();
  const lines = (await readFile(results, 'utf8').catch(() => '')).split('\n').filter((l) => l !== '');
  for (const line of lines) {
    const [folder, status] = line.split('\t');
    const program = folders.get(folder);
    if (program) ends.set(program.id, { status, output: '' });
  }
  for (const program of folders.values()) {
    if (!ends.has(program.id)) ends.set(program.id, { status: `not run: the driver stopped (exit ${run.code})`, output: `${run.stdout}\n${run.stderr}` });
  }
  return ends;
}

/** Go: one module, one `go build` for all; a program that does not compile is taken out and the rest built again. */
async function goBatch(folders: ReadonlyMap<string, ProgramToRun>, workDir: string, env: NodeJS.ProcessEnv): Promise<Map<string, ProgramEnd>> {
  await writeFile(path.join(workDir, 'go.mod'), 'module cases\n\ngo 1.19\n');
  const ends = new Map<string, ProgramEnd>();
  const left = new Map([...folders].map(([folder, program]) => [path.basename(folder), program]));
  const goEnv = { ...env, GOFLAGS: '-mod=mod', GOCACHE: process.env.GOCACHE ?? path.join(process.env.HOME ?? '/tmp', '.cache/go-build') };
  for (let round = 0; left.size > 0 && round < 50; round++) {
    const build = await runToEnd('go', ['build', '-o', 'bin/', ...[...left.keys()].map((name) => `./${name}`)], { cwd: workDir, env: goEnv });
    if (build.code === 0) break;
    const failed = [...left.keys()].filter((name) => new RegExp(`^# cases/${name}$`, 'm').test(build.stderr));
    if (failed.length === 0) {
      for (const [, program] of left) ends.set(program.id, { status: `compile ${build.stderr}`, output: '' });
      left.clear();
      break;
    }
    for (const name of failed) {
      const program = left.get(name);
      if (program) ends.set(program.id, { status: `compile ${build.stderr.slice(build.stderr.indexOf(`# cases/${name}`)).split('\n# ')[0]}`, output: '' });
      left.delete(name);
    }
  }
  await eachAtOnce([...left], 4, async ([name, program]) => {
    ends.set(program.id, ended(await runToEnd(path.join(workDir, 'bin', name), [], { cwd: path.join(workDir, name), env })));
  });
  return ends;
}

/**
 * Saves each program in `workDir/<id>/` and runs them all; `env` is each program's whole
 * environment. Resolves when every program has ended.
 */
export async function runPrograms(language: BatchLanguage, programs: readonly ProgramToRun[], workDir: string, env: NodeJS.ProcessEnv): Promise<Map<string, ProgramEnd>> {
  if (programs.length === 0) return new Map();
  await mkdir(workDir, { recursive: true });
  const folders = new Map<string, ProgramToRun>();
  for (const program of programs) {
    const folder = path.join(workDir, program.id);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, program.fileName), program.code);
    folders.set(folder, program);
  }
  switch (language) {
    case 'curl': return oneByOne((f) => ['bash', f], folders, env);
    case 'js': return byDriver((results) => [process.execPath, path.join(DRIVERS, 'js_batch.mjs'), results], folders, workDir, env);
    case 'php': return oneByOne((f) => ['php', f], folders, env);
    case 'python': return byDriver((results) => [pythonWithRequests() ?? 'python3', path.join(DRIVERS, 'python_batch.py'), results], folders, workDir, env);
    case 'java': return byDriver((results) => ['java', '-Djava.security.manager=allow', path.join(DRIVERS, 'JavaBatch.java'), results], folders, workDir, env);
    case 'go': return goBatch(folders, workDir, env);
  }
}
