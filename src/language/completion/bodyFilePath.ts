// Completion of a body file's path (`< ./bod|`, `<@ ./bodies/|`): the entries of the folder typed
// so far, relative to the request file's folder as sending reads them. Folders first, each
// ending in "/" and asking for suggestions again, so a path is completed one folder at a time.
// Only a folder inside the body files' root is listed: nothing outside it could be sent.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { CompletionItemKind, type CompletionItem, type CompletionList } from 'vscode-languageserver-types';
import { confineBodyFile } from '../../core/requestFile/bodyFileRoot';
import { bodyFileBase } from '../bodyFiles/bodyFiles';
import { lineRange } from './requestLine';

/** A body line's `<` or `<@`, then at least one blank, then what is typed of the path up to the cursor. */
const BODY_FILE_TYPED = /^\s*<@?[ \t]+(.*)$/;

/** Entries offered at most: a folder of generated files has thousands, and the editor asks again as the user types. */
export const MAX_ENTRIES_OFFERED = 500;

/** Never what a body is read from, and large enough to slow every listing of its parent. */
const SKIPPED = new Set(['node_modules']);

interface Entry {
  name: string;
  folder: boolean;
}

function entriesOf(folder: string): Entry[] {
  let dirents: fs.Dirent[];
  try {
    dirents = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return dirents.map((d) => ({ name: d.name, folder: d.isDirectory() || (d.isSymbolicLink() && linksToFolder(path.join(folder, d.name))) }));
}

function linksToFolder(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The items for the body's first line `before` the cursor (`after` it: the rest of the line), or
 * undefined when that line does not name a body file. Only for a request file saved on disk:
 * elsewhere there is no folder to list.
 */
export function bodyFilePathItems(uri: string, line: number, before: string, after: string): CompletionList | undefined {
  const typed = BODY_FILE_TYPED.exec(before)?.[1];
  if (typed === undefined) return undefined;
  const { place } = bodyFileBase(uri);
  const slash = typed.lastIndexOf('/');
  const listed = place && confineBodyFile(place, typed.slice(0, slash + 1) || '.');
  if (!listed?.ok) return { isIncomplete: false, items: [] };
  const segment = typed.slice(slash + 1);
  const cursor = before.length;
  const range = lineRange(line, cursor - segment.length, cursor + (/^[^/\s]*/.exec(after)?.[0].length ?? 0));
  const hidden = segment.startsWith('.');
  let entries = entriesOf(listed.real)
    .filter((e) => !SKIPPED.has(e.name) && (hidden || !e.name.startsWith('.')));
  let isIncomplete = false;
  if (entries.length > MAX_ENTRIES_OFFERED) {
    // Cut short: what starts with the typed part first, and the editor asks again as it grows.
    const lower = segment.toLowerCase();
    entries = entries.filter((e) => e.name.toLowerCase().startsWith(lower));
    isIncomplete = true;
  }
  entries.sort((a, b) => (a.folder === b.folder ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.folder ? -1 : 1));
  if (entries.length > MAX_ENTRIES_OFFERED) entries = entries.slice(0, MAX_ENTRIES_OFFERED);
  const items = entries.map((e, i): CompletionItem => {
    const item: CompletionItem = {
      label: e.folder ? `${e.name}/` : e.name,
      kind: e.folder ? CompletionItemKind.Folder : CompletionItemKind.File,
      sortText: String(i).padStart(4, '0'),
      filterText: e.name,
      textEdit: { range, newText: e.folder ? `${e.name}/` : e.name },
    };
    if (e.folder) item.command = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
    return item;
  });
  return { isIncomplete, items };
}
