// Which importer reads a file: by what is in it (a Postman export is JSON with its schema URL, a
// HAR has log.entries, a Bruno collection is a folder with bruno.json), the extension deciding
// only between text formats. Reading only: a file is parsed, never run.

import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { ImportedCollection } from './importedRequest';
import { isPostmanCollection, isPostmanEnvironment, postmanEnvironmentVariables } from './postman';
import { isHar, readHar } from './har';
import { readRestClientFile } from './restClientHttp';
import { readCurl } from './curl';
import { readBrunoCollection, type BruFile } from './bruno';

/** Larger files are refused: a collection or a HAR worth importing is far smaller. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;
const MAX_BRU_FILES = 5000;

type Source =
  | { kind: 'collection'; collection: ImportedCollection }
  /** Read once the environments given with it are known (theirs are its variables). */
  | { kind: 'postman'; document: unknown }
  | { kind: 'environment'; name: string; variables: Array<{ name: string; value: string }> };

export class ImportError extends Error {}

const baseName = (file: string): string => path.basename(file).replace(/\.[^.]+$/, '');

async function readText(file: string): Promise<string> {
  const stat = await fs.stat(file);
  if (stat.size > MAX_FILE_BYTES) throw new ImportError(`${stat.size} bytes: larger than the ${MAX_FILE_BYTES / 1024 / 1024} MB an import reads`);
  return (await fs.readFile(file, 'utf8')).replace(/^\uFEFF/, '');
}

/** The .bru request files under a Bruno collection folder, not following links, environments apart. */
async function bruFiles(root: string): Promise<{ files: BruFile[]; environments: Array<{ name: string; text: string }> }> {
  const files: BruFile[] = [];
  const environments: Array<{ name: string; text: string }> = [];
  const walk = async (dir: string, rel: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      if (files.length >= MAX_BRU_FILES) throw new ImportError(`more than ${MAX_BRU_FILES} .bru files: import a smaller folder`);
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory() && !['node_modules', '.git'].includes(entry.name)) {
        if (relPath === 'environments') {
          for (const env of await fs.readdir(path.join(dir, entry.name), { withFileTypes: true })) {
            if (env.isFile() && env.name.endsWith('.bru')) environments.push({ name: baseName(env.name), text: await readText(path.join(dir, entry.name, env.name)) });
          }
        } else {
          await walk(path.join(dir, entry.name), relPath);
        }
      } else if (entry.isFile() && entry.name.endsWith('.bru') && entry.name !== 'collection.bru' && entry.name !== 'folder.bru') {
        files.push({ path: relPath, text: await readText(path.join(dir, entry.name)) });
      }
    }
  };
  await walk(root, '');
  return { files, environments: environments.sort((a, b) => a.name.localeCompare(b.name)) };
}

/** A Bruno environment to read `{{baseUrl}}` and the keys from: a local or sandbox one first. */
const preferredEnvironment = (environments: Array<{ name: string; text: string }>) => environments.find((e) => /local|sandbox/i.test(e.name)) ?? environments[0];

/** What one path given to `import` holds. Postman environments come back apart: they apply to the collections given with them. */
export async function readSource(file: string): Promise<Source> {
  let stat;
  try {
    stat = await fs.stat(file);
  } catch (e) {
    throw new ImportError((e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message);
  }
  if (stat.isDirectory()) {
    const config = path.join(file, 'bruno.json');
    let brunoJson: string;
    try {
      brunoJson = await readText(config);
    } catch {
      throw new ImportError('a folder without bruno.json: give a Bruno collection folder, or the files themselves');
    }
    const { files, environments } = await bruFiles(file);
    return { kind: 'collection', collection: readBrunoCollection(brunoJson, files, preferredEnvironment(environments)) };
  }
  const text = await readText(file);
  const ext = path.extname(file).toLowerCase();
  if (ext === '.bru') return { kind: 'collection', collection: readBrunoCollection(JSON.stringify({ name: baseName(file) }), [{ path: path.basename(file), text }]) };
  if (ext === '.http' || ext === '.rest') return { kind: 'collection', collection: readRestClientFile(baseName(file), text) };
  if (ext === '.json' || ext === '.har' || /^\s*\{/.test(text)) {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      throw new ImportError(`not JSON (${(e as Error).message}): a Postman collection, Postman environment or HAR file is`);
    }
    if (isPostmanCollection(doc)) return { kind: 'postman', document: doc };
    if (isHar(doc)) return { kind: 'collection', collection: readHar(baseName(file), doc) };
    if (isPostmanEnvironment(doc)) return { kind: 'environment', name: (doc as { name?: string }).name ?? baseName(file), variables: postmanEnvironmentVariables(doc) };
    throw new ImportError('JSON that is neither a Postman collection (v2.0/v2.1), a Postman environment nor a HAR file');
  }
  if (/^\s*(?:#[^\n]*\n\s*)*curl\s/.test(text)) return { kind: 'collection', collection: readCurl(baseName(file), text) };
  throw new ImportError('not a format import reads: .http/.rest (REST Client, httpYac), a Postman collection or environment (.json), a Bruno collection folder or .bru file, a .har file, or a text file with curl commands');
}
