// Body files (`< ./sale.json`) as the editor sees them: where a request file's relative paths
// point, and whether the file named can be read, in the words sending would use (core's
// bodyFileProblem). What the disk says changes without the text changing, so none of this is
// kept with a `###` block's analysis: it is asked again each time it is shown.

import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { BodyFileRef, VariableDef } from '../core/requestFile';
import { bodyFileProblem, bodyFileStat } from '../core/bodyFile';
import { bodyFilePathFromVariables } from '../core/runner/variableResolver';
import { diagnostic } from './diagnostics/diagnostic';

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
  /** The document's folder on disk; undefined when it is not a file on disk. */
  folder?: string;
  /**
   * Whether a relative path can be judged: on disk, or untitled (sending refuses it until the file
   * is saved, and says so). Not in a diff view (`git:`) or a virtual workspace, where the path
   * points at nothing on this disk that we could check.
   */
  judgesRelative: boolean;
}

/** The base of document `uri`: its folder for a `file:` uri, as the extension and the CLI read body files. */
export function bodyFileBase(uri: string): BodyFileBase {
  if (uri.startsWith('file:')) {
    try {
      return { folder: path.dirname(fileURLToPath(uri)), judgesRelative: true };
    } catch {
      // A file uri naming another host (file://server/share): nothing on this disk.
      return { judgesRelative: false };
    }
  }
  return { judgesRelative: uri.startsWith('untitled:') };
}

/** Whether the path `written` can be judged here (BodyFileBase.judgesRelative). */
const judged = (base: BodyFileBase, written: string): boolean => base.judgesRelative || path.isAbsolute(written);

/** The absolute path body file `written` names (there or not); undefined when its path cannot be judged here. */
export function bodyFilePath(base: BodyFileBase, written: string): string | undefined {
  return judged(base, written) ? path.resolve(base.folder ?? '', written) : undefined;
}

/** Where body file `written` is, its size and when it last changed, or why it cannot be sent; undefined when its path cannot be judged here. */
export function bodyFileStatus(base: BodyFileBase, written: string): ReturnType<typeof bodyFileStat> | undefined {
  return judged(base, written) ? bodyFileStat(base.folder, written) : undefined;
}

/**
 * A diagnostic (code `body-file-unreadable`) on the path of each body file that cannot be read:
 * one stat per distinct path, nothing at all for a document without body files.
 */
export function bodyFileDiagnostics(refs: readonly BodyFileRef[], base: BodyFileBase): Diagnostic[] {
  const out: Diagnostic[] = [];
  const problems = new Map<string, string | undefined>();
  for (const ref of refs) {
    if (!problems.has(ref.path)) problems.set(ref.path, judged(base, ref.path) ? bodyFileProblem(base.folder, ref.path) : undefined);
    const problem = problems.get(ref.path);
    if (problem !== undefined) out.push(diagnostic(ref.pathRange, 'body-file-unreadable', problem));
  }
  return out;
}
