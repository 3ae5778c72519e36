// The quick fix on a body file that is not there (`< ./bodies/refund.json`): create it, holding
// the operation's sample body when the file's name says the format the sample is in — so a
// request written before its body file is one action away from sending, and the file's content
// is then checked as the request's body like any other. Only for a client that applies file
// creations in a workspace edit (LSP `workspaceEdit.resourceOperations`), as VS Code does.

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeActionKind, type CodeAction, type Diagnostic, type Range } from 'vscode-languageserver-types';
import type { AnalyzedDocument } from '../documents/analyzedDocument';
import { bodyFileBase, bodyFileStatus, filledBodyFileRef } from './bodyFiles';
import { overlaps } from '../features/codeActions';
import type { LintCode } from '../../core/requestLint';


/** The format a file's name says its content is in; undefined when it says none we write. */
function formatOfName(file: string): 'json' | 'xml' | undefined {
  const extension = path.extname(file).toLowerCase();
  return extension === '.json' ? 'json' : extension === '.xml' ? 'xml' : undefined;
}

/**
 * "Create …" for each missing body file whose path is in `range`; `diagnostics`: the unreadable
 * ones to mark as fixed by it. `opens`: the client runs VS Code's commands, and the new file is
 * opened in an editor once created (an edit alone leaves it in the background, unsaved).
 */
export function bodyFileCreateActions(doc: AnalyzedDocument, range: Range, diagnostics: readonly Diagnostic[] = [], opens = false): CodeAction[] {
  const base = bodyFileBase(doc.uri);
  const folder = base.place?.folder;
  if (folder === undefined) return [];   // not a file on disk: a relative path names nothing yet
  const actions: CodeAction[] = [];
  const variables = () => doc.variables;
  for (let index = 0; index < doc.requestCount; index++) {
    const written = doc.request(index)?.body?.file;
    if (!written || !overlaps(written.pathRange, range)) continue;
    const ref = filledBodyFileRef(written, variables);
    // Missing, and inside its root: a path that leads out is refused before it could be created.
    const status = ref && bodyFileStatus(base, ref.path);
    if (!ref || !status || !('missing' in status)) continue;
    const file = path.resolve(folder, ref.path);
    const uri = pathToFileURL(file).href;
    const op = doc.operationOf(index)?.op;
    const sample = op?.sample !== undefined && formatOfName(file) === op.bodyFormat ? `${op.sample.trimEnd()}\n` : '';
    const shown = path.relative(folder, file) || ref.path;
    actions.push({
      title: sample ? `Create ${shown} with the ${op?.title ?? 'operation'} sample body` : `Create ${shown}`,
      kind: CodeActionKind.QuickFix,
      diagnostics: diagnostics.filter((d) => d.code === ('body-file-unreadable' satisfies LintCode) && overlaps(d.range, written.pathRange)),
      isPreferred: true,
      edit: {
        documentChanges: [
          { kind: 'create', uri, options: { ignoreIfExists: true } },
          ...(sample ? [{ textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: sample }] }] : []),
        ],
      },
      ...(opens ? { command: { title: 'Open the body file', command: 'vscode.open', arguments: [uri] } } : {}),
    });
  }
  return actions;
}
