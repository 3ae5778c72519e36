// `run "examples/*.gwreq"`: a pattern no shell expanded — cmd.exe and PowerShell never do, and
// npm runs package.json scripts through cmd.exe on Windows — is expanded here, the way a POSIX
// shell would: `*` and `?` in the file name (not in folders), hidden files only when the pattern
// starts with a dot, matches in name order. A name that exists as written is taken as it is.

import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { UsageError } from '../cliCommand';

const WILDCARD = /[*?]/;

function matcherOf(pattern: string): RegExp {
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${source}$`, process.platform === 'win32' ? 'i' : '');
}

function expanded(arg: string): string[] {
  if (!WILDCARD.test(arg) || existsSync(arg)) return [arg];
  const folder = path.dirname(arg);
  const pattern = path.basename(arg);
  if (WILDCARD.test(folder)) throw new UsageError(`cannot expand ${arg}: only the file name may hold * or ?, not its folders; name the files or let your shell expand the pattern`);
  let names: string[];
  try {
    names = readdirSync(folder, { withFileTypes: true }).filter((e) => e.isFile() || e.isSymbolicLink()).map((e) => e.name);
  } catch {
    names = [];
  }
  const matches = matcherOf(pattern);
  const found = names.filter((name) => (pattern.startsWith('.') || !name.startsWith('.')) && matches.test(name)).sort();
  if (found.length === 0) throw new UsageError(`no file matches ${arg}`);
  // Written as the pattern's folder was, so reports name the files the way the user does.
  return found.map((name) => (folder === '.' && !arg.startsWith('.') ? name : path.join(folder, name)));
}

/** The request files `args` name, each pattern replaced by the files it matches. */
export function expandFilePatterns(args: readonly string[]): string[] {
  return args.flatMap(expanded);
}
