// What the editor can say of `{{$processEnv NAME}}` and `{{$dotenv NAME}}` while the file is
// written: the names there are (this process's environment is VS Code's, which the extension
// sends with; the `.env` beside the document, then at its workspace folder's root, as a send reads
// them) and whether a name is set. Never a value: completion lists names, hover says "set (N
// characters)" or "not set".
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dotenvPlaces, readDotenvFile, type DotenvFile } from '../core/runner/dotenvFile';
import { workspaceFolderOf } from './workspaceFolders';

/** The `.env` files a send of document `uri` reads, in order; none for a document not on disk. */
export function dotenvFilesOf(uri: string): DotenvFile[] {
  if (!uri.startsWith('file:')) return [];
  let file: string;
  try {
    file = fileURLToPath(uri);
  } catch {
    return [];
  }
  return dotenvPlaces(path.dirname(file), workspaceFolderOf(file)).map(readDotenvFile);
}

/** The names of this process's environment variables, sorted. */
export function processEnvNames(): string[] {
  return Object.keys(process.env).sort();
}

/** What a hover says of an outside name: where it is set and how long its value is, or where it was looked for. */
export function outsideStatus(kind: '$processEnv' | '$dotenv', name: string, uri: string): string {
  if (kind === '$processEnv') {
    const value = process.env[name];
    return value === undefined ? `**not set** in VS Code's environment: set ${name} in the shell VS Code is started from, or use \`{{$dotenv ${name}}}\`` : `**set** in VS Code's environment (${value.length} characters)`;
  }
  const files = dotenvFilesOf(uri);
  if (files.length === 0) return '**not read**: the document is not saved on disk, so there is no .env beside it';
  for (const file of files) {
    const value = file.values?.get(name);
    if (value !== undefined) return `**set** in ${file.path} (${value.length} characters)`;
  }
  return `**not set**: no ${name} in ${files.map((f) => f.path).join(', then ')}`;
}
