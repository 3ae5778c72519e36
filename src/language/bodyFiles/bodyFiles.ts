// Body files (`< ./sale.json`) as the editor sees them: where a request file's relative paths
// point, the root they must stay inside (the workspace folder that holds the request file, else
// its own folder: as the extension sends them), and whether the file named can be read, in the
// words sending would use (core's bodyFileStat). What the disk says changes without the text
// changing, so none of this is kept with a `###` block's analysis: it is asked again each time it
// is shown. A file outside the root is never opened, for its content, its size or a link.

import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { BodyFileRef, VariableDef } from '../../core/requestFile';
import { bodyFileStat } from '../../core/requestFile/bodyFile';
import { editorBodyFilePlace, type BodyFilePlace } from '../../core/requestFile/bodyFileRoot';
import { bodyFilePathFromVariables } from '../../core/runner/variableResolver';
import { diagnostic } from '../diagnostics/diagnostic';
import { workspaceFolderOf } from '../workspaceFolders';

/**
 * `ref` naming the file its path names once the document's `@name = value` variables fill its
 * `{{…}}` (`< ./bodies/{{kind}}.json`), as sending fills them; undefined when one of them has no
 * value in the document (an environment's value, or a name the variable checks already flag),
 * so that nothing is said of a file the editor cannot know.
 */
export function filledBodyFileRef(ref: BodyFileRef, variables: () => ReadonlyArray<Pick<VariableDef, 'name' | 'value'>>): BodyFileRef | undefined {
  if (!ref.path.includes('{{')) return ref;
  const filled = bodyFilePathFromVariables(ref.path, variables());
  return filled.ok ? { ...ref, path: filled.path } : undefined;
}

/** Where a document's body files are looked for. */
export interface BodyFileBase {
  /** Its folder and the root its body files must be inside; undefined when it is not a file on disk (nothing is read for it). */
  place?: BodyFilePlace;
  /**
   * Whether its body files are judged: on disk, or untitled (sending refuses them until the file
   * is saved, and says so). Not in a diff view (`git:`) or a virtual workspace, where the path
   * points at nothing on this disk that we could check.
   */
  judged: boolean;
}

/**
 * The base of document `uri`: for a `file:` uri its folder, inside the workspace folder that holds
 * it, or inside its own folder when none does (a file opened on its own) — never the whole disk.
 */
export function bodyFileBase(uri: string): BodyFileBase {
  if (uri.startsWith('file:')) {
    let file: string;
    try {
      file = fileURLToPath(uri);
    } catch {
      // A file uri naming another host (file://server/share): nothing on this disk.
      return { judged: false };
    }
    return { place: editorBodyFilePlace(file, workspaceFolderOf(file)), judged: true };
  }
  return { judged: uri.startsWith('untitled:') };
}

/** The absolute path body file `written` names (there or not, inside its root or not); undefined for a document not on disk. */
export function bodyFilePath(base: BodyFileBase, written: string): string | undefined {
  return base.place ? path.resolve(base.place.folder, written) : undefined;
}

/** Where body file `written` is, its size and when it last changed, or why it cannot be sent; undefined when it is not judged here. */
export function bodyFileStatus(base: BodyFileBase, written: string): ReturnType<typeof bodyFileStat> | undefined {
  return base.judged ? bodyFileStat(base.place, written) : undefined;
}

/**
 * A diagnostic on the path of each body file that cannot be read — code `body-file-outside` for
 * one outside its root, `body-file-unreadable` for any other reason: one look at the disk per
 * distinct path, nothing at all for a document without body files.
 */
export function bodyFileDiagnostics(refs: readonly BodyFileRef[], base: BodyFileBase): Diagnostic[] {
  const out: Diagnostic[] = [];
  const statuses = new Map<string, ReturnType<typeof bodyFileStatus>>();
  for (const ref of refs) {
    if (!statuses.has(ref.path)) statuses.set(ref.path, bodyFileStatus(base, ref.path));
    const status = statuses.get(ref.path);
    if (status && 'problem' in status) out.push(diagnostic(ref.pathRange, status.outside ? 'body-file-outside' : 'body-file-unreadable', status.problem));
  }
  return out;
}
