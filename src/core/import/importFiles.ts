// `gateway-workbench import` and "Gateway: Import…" both call this: each source read, written as
// one request file in the output folder, and the report of what was and was not carried over.
// Output names come from the collections' own names, made safe: one path segment, inside the
// output folder, never over an existing file (or a link) unless `force`, numbered instead.

import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { ImportNote, ImportedCollection } from './importedRequest';
import { writeImport, type RequestReport } from './gwreqWriter';
import { ImportError, readSource } from './importSources';
import { readPostmanCollection } from './postman';
import { readCurl } from './curl';

interface FileReport {
  /** The path as given. */
  source: string;
  format?: string;
  /** The request file written, as a path under the output folder as given. */
  output?: string;
  /** Why nothing was written. */
  error?: string;
  requests: RequestReport[];
  notes: ImportNote[];
}

export interface ImportReport {
  files: FileReport[];
}

interface ImportOptions {
  outDir: string;
  /** Overwrite a request file of the same name (never a link) instead of numbering the new one. */
  force?: boolean;
}

/** A collection's name as one safe file-name segment: letters, digits, `.`, `_`, `-`. */
function safeFileBase(name: string): string {
  const cleaned = name.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/-{2,}/g, '-').replace(/^[-.]+|[-.]+$/g, '').slice(0, 80);
  return /^(?:con|prn|aux|nul|com\d|lpt\d)$/i.test(cleaned) || cleaned === '' ? `imported${cleaned ? `-${cleaned}` : ''}` : cleaned;
}

async function isLinkOrOther(file: string): Promise<boolean | undefined> {
  try {
    const stat = await fs.lstat(file);
    return !stat.isFile();
  } catch {
    return undefined; // nothing there
  }
}

/** Writes `text` as `<base>.gwreq` in `outDir` (numbered when taken), returning the path written. */
async function writeOutput(outDir: string, base: string, text: string, force: boolean, taken: Set<string>): Promise<string> {
  const dir = path.resolve(outDir);
  for (let n = 1; n < 1000; n++) {
    const file = path.join(dir, `${base}${n === 1 ? '' : `-${n}`}.gwreq`);
    if (path.dirname(file) !== dir) throw new ImportError(`"${base}" is not a file name`);
    if (taken.has(file)) continue;
    const there = await isLinkOrOther(file);
    if (there === true) continue; // a link or a folder: never written through
    if (there === false && !force) continue;
    try {
      await fs.writeFile(file, text, { flag: there === false ? 'w' : 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue; // made meanwhile: the next number
      throw e;
    }
    taken.add(file);
    return file;
  }
  throw new ImportError(`${base}.gwreq and 998 numbered names are taken in ${outDir}`);
}

function collectionReport(source: string, collection: ImportedCollection, outsideKeys: ReadonlySet<string>): { report: FileReport; text?: string; base: string } {
  const written = writeImport(collection, outsideKeys);
  return {
    report: { source, format: collection.format, requests: written.requests, notes: written.notes, ...(written.text === undefined ? { error: 'no request could be carried over' } : {}) },
    ...(written.text !== undefined ? { text: written.text } : {}),
    base: safeFileBase(collection.name),
  };
}

/** Imports every source; one that cannot be read is reported and the others still are. */
export async function importFiles(sources: readonly string[], options: ImportOptions): Promise<ImportReport> {
  const read = await Promise.all(sources.map(async (source) => {
    try {
      return { source, ok: true as const, value: await readSource(source) };
    } catch (e) {
      return { source, ok: false as const, error: e instanceof ImportError || e instanceof Error ? e.message : String(e) };
    }
  }));
  const environments = read.flatMap((r) => (r.ok && r.value.kind === 'environment' ? [r.value.variables] : []));
  // A key an environment holds is a key wherever it appears.
  const keys = new Set<string>();
  await fs.mkdir(options.outDir, { recursive: true });
  const taken = new Set<string>();
  const files: FileReport[] = [];
  for (const r of read) {
    if (!r.ok) {
      files.push({ source: r.source, error: r.error.split('\n')[0], requests: [], notes: [] });
      continue;
    }
    if (r.value.kind === 'environment') {
      const note = environments.length && read.some((o) => o.ok && o.value.kind === 'postman')
        ? `Postman environment "${r.value.name}": its variables used for the collections imported with it`
        : `Postman environment "${r.value.name}": give it together with its collection`;
      files.push({ source: r.source, format: 'Postman environment', requests: [], notes: [{ kind: 'carried', text: note }] });
      continue;
    }
    let collection: ImportedCollection;
    try {
      collection = r.value.kind === 'postman' ? readPostmanCollection(r.value.document, environments) : r.value.collection;
    } catch (e) {
      files.push({ source: r.source, error: (e as Error).message, requests: [], notes: [] });
      continue;
    }
    const made = collectionReport(r.source, collection, keys);
    if (made.text !== undefined) {
      const written = await writeOutput(options.outDir, made.base, made.text, options.force === true, taken);
      made.report.output = path.join(options.outDir, path.basename(written));
    }
    files.push(made.report);
  }
  return { files };
}

/** A pasted cURL command, written as `curl.gwreq` (numbered when taken) in the output folder, with its report. */
export async function importPastedCurl(source: string, options: ImportOptions): Promise<ImportReport> {
  const label = 'pasted cURL command';
  let collection: ImportedCollection;
  try {
    collection = readCurl('curl', source);
  } catch (e) {
    return { files: [{ source: label, error: (e as Error).message, requests: [], notes: [] }] };
  }
  const made = collectionReport(label, collection, new Set());
  if (made.text !== undefined) {
    await fs.mkdir(options.outDir, { recursive: true });
    const written = await writeOutput(options.outDir, made.base, made.text, options.force === true, new Set());
    made.report.output = path.join(options.outDir, path.basename(written));
  }
  return { files: [made.report] };
}
