// A body file's path may hold `{{…}}` (`< ./bodies/{{kind}}.json`), as REST Client's and
// httpYac's do: one request file then sends a different body per file variable or environment.
// Only the file's own `@name = value` variables and the environment's values fill it, never a
// response's: an answer from a server must not choose which file of the user's disk is read
// and sent back to it. The caller passes a resolver that knows no responses.
import { substituteVariables } from './variables';

export type FilledBodyFilePath = { ok: true; path: string } | { ok: false; message: string };

/** Why a body file's path cannot take a response's value, for every message that refuses one. */
export const BODY_FILE_PATH_SOURCES = `a body file's path takes the file's "@name = value" variables and the environment's values, never a response's (no answer may choose which file of your disk is sent)`;

/** `written` with its `{{…}}` filled in by `resolve` (which must know no response), or why it cannot be. */
export function fillBodyFilePath(written: string, resolve: (name: string) => string | undefined): FilledBodyFilePath {
  if (!written.includes('{{')) return { ok: true, path: written };
  const filled = substituteVariables(written, resolve);
  if (filled.unresolved.length > 0) {
    const names = filled.unresolved.map((n) => `{{${n}}}`).join(', ');
    return { ok: false, message: `the body file's path "${written}" uses ${names}, which ${filled.unresolved.length === 1 ? 'has' : 'have'} no value here: ${BODY_FILE_PATH_SOURCES}` };
  }
  const path = filled.text.trim();
  if (path === '') return { ok: false, message: `the body file's path "${written}" is empty once its variables are filled in: give them a file name` };
  return { ok: true, path };
}

/** Whether `{{name}}` reads a response (`sale1.payload.id`, `sale1[0]`) rather than a variable. */
export const readsResponse = (name: string): boolean => /[.[]/.test(name);
