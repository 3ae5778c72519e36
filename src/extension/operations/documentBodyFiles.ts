// Body files (`< ./sale.json`) of a request document are read relative to its folder, as the CLI
// reads them relative to the file's, and only from inside the workspace folder that holds it (its
// own folder when none does): a request file from someone else's repository cannot send
// `< ../../.ssh/id_rsa`. The language server flags the same files with the same words (core's
// editorBodyFilePlace). An untitled document has no folder: it reads none, and says so. In
// Restricted Mode they are read only for a request to the Local sandbox, the one send allowed there.
import * as vscode from 'vscode';
import { BodyFileError, bodyFileReader, type BodyFileReader } from '../../core/requestFile/bodyFile';
import { editorBodyFilePlace } from '../../core/requestFile/bodyFileRoot';
import { mayReach } from '../feedback/restrictedMode';

/** The environment the body is read for: its name and whether it is the Local sandbox. */
interface BodyTarget {
  name: string;
  builtIn: boolean;
}

/** Refuses every body file, saying why: the workspace is not trusted and the request does not go to the Local sandbox. */
function restricted(target: BodyTarget | undefined): BodyFileReader {
  return (written) => {
    throw new BodyFileError(`Restricted Mode: the body file "${written}" is not read${target ? ` for ${target.name}` : ''}. In an untrusted workspace requests and their body files go only to the Local sandbox; trust this folder (Manage Workspace Trust) to use your own environments`);
  };
}

/** The reader of `uri`'s body files for a request to `target` (none: not a send, such as generated code). */
export function documentBodyFiles(uri: vscode.Uri, target?: BodyTarget): BodyFileReader {
  if (!(target ? mayReach(target) : vscode.workspace.isTrusted)) return restricted(target);
  if (uri.scheme !== 'file') return bodyFileReader(undefined);
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  return bodyFileReader(editorBodyFilePlace(uri.fsPath, folder?.uri.scheme === 'file' ? folder.uri.fsPath : undefined));
}
