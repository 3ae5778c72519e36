// Where a body file may be read from (issue 31 §3). A request file cloned from a stranger's
// repository must not send, embed in generated code or show anything of `< ../../.ssh/id_rsa`,
// `< /etc/…` or a symbolic link in the repository that points at either. So every body file
// must be inside a root — the workspace folder that holds the request file in the editor, its
// folder (or --body-root) in the CLI — and this is the one place that decides it, before
// anything is opened: real paths are compared, so a link (the file itself or any folder on its
// path) that leads out is refused like the path that names the outside directly.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The folder a request file's body files must be inside, and how a refusal names it. */
interface BodyFileRoot {
  dir: string;
  /** What the folder is, as a refusal names it: "the workspace folder", "the request file's folder", "--body-root". */
  name: string;
  /** What the user can do besides copying the file into it, as a refusal says it: "pass --body-root DIR …". */
  otherwise?: string;
}

/** Where a saved request file's body files are read from: its folder (relative paths) and their root. */
export interface BodyFilePlace {
  folder: string;
  root: BodyFileRoot;
}

/**
 * Where the editor reads saved request file `file`'s body files from: inside `workspaceFolder`,
 * the workspace folder that holds it, else inside its own folder (a file opened on its own) —
 * never the whole disk. The extension, which sends them, and the language server, which checks
 * them as you type, both take it from here, so both say the same of a file.
 */
export function editorBodyFilePlace(file: string, workspaceFolder: string | undefined): BodyFilePlace {
  const folder = path.dirname(file);
  return {
    folder,
    root: workspaceFolder !== undefined
      ? { dir: workspaceFolder, name: 'the workspace folder' }
      : { dir: folder, name: 'the request file\'s folder', otherwise: 'open a workspace folder that holds both' },
  };
}

/**
 * The decision on body file `written`: where it is as written (`resolved`, for messages) and the
 * real path to read it through (inside the root's real path; a file not there yet has the real
 * path of its nearest folder that is, plus the rest), or the refusal to show.
 */
type ConfinedBodyFile = { ok: true; resolved: string; real: string } | { ok: false; problem: string; outside?: true };

const ERRNO_WORDS: Record<string, string> = {
  ENOENT: 'it does not exist',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a folder on its path is a file',
  ELOOP: 'its symbolic links go round in a loop',
};

/** What an fs error means for a user, without its code and syscall. */
export const errnoWords = (err: unknown): string => ERRNO_WORDS[(err as NodeJS.ErrnoException).code ?? ''] ?? (err as Error).message;

/** The message a body file that cannot be read gets: which file (as written), and why. */
export const bodyFileRefusal = (written: string, why: string): string => `cannot read the body file "${written}": ${why}`;

/** Whether `file` is `dir` or inside it (both absolute and normalized). */
function isInside(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

const isAbsent = (err: unknown): boolean => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

/**
 * The real path of `file`: where the nearest part of it that exists really is, plus the rest.
 * A part that is there but whose real path is not (a link to nothing) is an error: creating or
 * writing the "missing" file would follow that link.
 */
function realPathOf(file: string): { real: string } | { dangling: string; target: string } | { error: unknown } {
  let existing = file;
  const rest: string[] = [];
  for (;;) {
    try {
      return { real: path.join(fs.realpathSync(existing), ...rest) };
    } catch (err) {
      if (!isAbsent(err)) return { error: err };
      try {
        if (fs.lstatSync(existing).isSymbolicLink()) return { dangling: existing, target: fs.readlinkSync(existing) };
      } catch (lstatError) {
        if (!isAbsent(lstatError)) return { error: lstatError };
      }
      const parent = path.dirname(existing);
      if (parent === existing) return { error: err };
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

/**
 * Whether body file `written` of a request file at `place` (undefined: a request file not saved
 * to disk, which has no folder to hold its body files) may be read, and through which real path.
 * Nothing of a file outside the root is opened: a path outside is refused as written, a link is
 * followed only to learn where it leads.
 */
export function confineBodyFile(place: BodyFilePlace | undefined, written: string): ConfinedBodyFile {
  const refused = (why: string, outside?: true): ConfinedBodyFile => ({ ok: false, problem: bodyFileRefusal(written, why), ...(outside ? { outside } : {}) });
  if (!place) return refused('the request file is not saved to disk, and body files are read only from inside the folder that holds it: save it there first');
  const { root } = place;
  const mustBeInside = `; body files must be inside it: copy the file into ${root.dir}${root.otherwise ? `, or ${root.otherwise}` : ''}`;
  const resolved = path.resolve(place.folder, written);
  const rootDir = path.resolve(root.dir);
  let rootReal: string;
  try {
    rootReal = fs.realpathSync(rootDir);
  } catch (err) {
    return refused(`${root.name} ${root.dir} cannot be read: ${errnoWords(err)}`);
  }
  // Named outside as written (a "..", an absolute path): refused without looking at it.
  if (!isInside(rootDir, resolved) && !isInside(rootReal, resolved)) return refused(`${resolved} is outside ${root.name} ${root.dir}${mustBeInside}`, true);
  const found = realPathOf(resolved);
  if ('error' in found) return refused(`${resolved}: ${errnoWords(found.error)}`);
  if ('dangling' in found) return refused(`${found.dangling} is a symbolic link to ${found.target}, which does not exist`);
  if (!isInside(rootReal, found.real)) return refused(`${resolved} leads through a symbolic link to ${found.real}, outside ${root.name} ${root.dir}${mustBeInside}`, true);
  return { ok: true, resolved, real: found.real };
}
