// `--body-root DIR` (run, generate): the folder a request file's body files must be inside.
// By default it is the request file's own folder, so a file cloned from someone else's
// repository cannot send or embed `< ../../.ssh/id_rsa`; a project that keeps request files and
// bodies side by side (requests/, fixtures/) names its root with the flag, on purpose.
import { statSync } from 'node:fs';
import * as path from 'node:path';
import type { BodyFilePlace } from '../../core/requestFile/bodyFileRoot';
import { UsageError, type CliOption } from '../cliCommand';

export const BODY_ROOT_OPTION = {
  name: 'body-root', type: 'string', value: 'DIR',
  text: 'Body files ("< ./bodies/sale.json") must be inside DIR, the request file\'s folder by default: a path that leads out of it (a "..", an absolute path, a symbolic link) is refused, and that request is not sent. Name the folder that holds both the request files and their bodies.',
} as const satisfies CliOption;

/** `--body-root`'s folder, absolute; undefined when not given. A usage error when it is not a folder. */
export function bodyRootOf(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const stat = statSync(raw, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(`--body-root ${raw}: no such folder`);
  if (!stat.isDirectory()) throw new UsageError(`--body-root ${raw}: it is a file; name the folder body files must be inside`);
  return path.resolve(raw);
}

/** Where request file `file`'s body files are read from: its folder, inside `bodyRoot` when given, else inside that folder. */
export function cliBodyFilePlace(file: string, bodyRoot: string | undefined): BodyFilePlace {
  const folder = path.dirname(path.resolve(file));
  return bodyRoot === undefined
    ? { folder, root: { dir: folder, name: 'the request file\'s folder', otherwise: 'pass --body-root DIR naming a folder that holds it' } }
    : { folder, root: { dir: bodyRoot, name: '--body-root', otherwise: 'pass a --body-root that holds it' } };
}
