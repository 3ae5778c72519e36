// `--chaos FILE`: a file of chaos rules, {"rules": [...], "seed": 42} as POST /__sandbox/chaos
// takes it (or a bare list of rules), read with a size limit and checked before the sandbox
// serves anything: a file from someone else's repository must not crash or hang the CLI.

import { readFile, stat } from 'node:fs/promises';
import { checkedChaos, type ChaosSpec } from '../sandbox/http/chaos';
import { UsageError } from './cliCommand';

const MAX_BYTES = 1024 * 1024;

export async function readChaosFile(file: string): Promise<ChaosSpec> {
  const info = await stat(file).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`--chaos ${file}: cannot read it (${e.code ?? e.message})`);
  });
  if (!info.isFile()) throw new UsageError(`--chaos ${file}: not a file`);
  if (info.size > MAX_BYTES) throw new UsageError(`--chaos ${file}: ${info.size} bytes; a chaos file is at most ${MAX_BYTES} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new UsageError(`--chaos ${file}: not JSON (${(e as Error).message})`);
  }
  const spec = Array.isArray(parsed) ? { rules: parsed } : parsed;
  try {
    checkedChaos(spec);
  } catch (e) {
    throw new UsageError(`--chaos ${file}: ${(e as Error).message}`);
  }
  return spec as ChaosSpec;
}
