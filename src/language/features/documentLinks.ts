// Document links: the path of a body file (`< ./sale.json`) opens that file on Ctrl+click. Which
// requests have one depends on their own block alone, so it is kept block by block
// (AnalyzedDocument.perRequest); whether the file is there is asked of the disk each time.

import { pathToFileURL } from 'node:url';
import type { DocumentLink } from 'vscode-languageserver-types';
import type { AnalyzedDocument, PerRequest } from '../documents/analyzedDocument';
import type { BodyFileRef } from '../../core/requestFile';
import { movedRange } from '../documents/movedParse';
import { bodyFileBase, bodyFileStatus, filledBodyFileRef } from '../bodyFiles/bodyFiles';

const BODY_FILES: PerRequest<BodyFileRef | undefined> = {
  slot: 'bodyFile',
  variant: '',
  of: (doc, index) => doc.request(index)?.body?.file,
  moved: (ref, lines) => ref && { path: ref.path, pathRange: movedRange(ref.pathRange, lines), fillVariables: ref.fillVariables },
};

/** The body files of `doc`'s requests, in order, where they stand; a path's `{{…}}` filled in from the file's variables (filledBodyFileRef). */
export function bodyFilesOf(doc: AnalyzedDocument): BodyFileRef[] {
  const variables = () => doc.variables;
  return doc.perRequest(BODY_FILES).map((ref) => ref && filledBodyFileRef(ref, variables)).filter((ref): ref is BodyFileRef => ref !== undefined);
}

/** A link on each body file's path that names a file there is (a missing one has its diagnostic instead). */
export function documentLinksOf(doc: AnalyzedDocument): DocumentLink[] {
  const refs = bodyFilesOf(doc);
  if (refs.length === 0) return [];
  const base = bodyFileBase(doc.uri);
  const links: DocumentLink[] = [];
  for (const ref of refs) {
    const status = bodyFileStatus(base, ref.path);
    if (status && 'file' in status) links.push({ range: ref.pathRange, target: pathToFileURL(status.file).href, tooltip: 'Open the body file' });
  }
  return links;
}
