// Where a request document's `{{$processEnv NAME}}` and `{{$dotenv NAME}}` are read when it is
// sent: VS Code's own environment (the extension host's, as REST Client reads it), and the `.env`
// beside the document, then the one at the root of its workspace folder. Each value handed out is
// hidden from then on like a typed secret (the environments' hideTypedValue): in this run's
// messages, and in every exchange, result, history entry and traffic row of the window.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { OutsideValues } from '../../core/runner/outsideValues';
import { loadRuntime } from '../lazy/runtime';

/** The `.env` files a send of `uri` reads, in order: none for a document not on this disk. */
function dotenvFilesOf(uri: vscode.Uri): ReturnType<ReturnType<typeof loadRuntime>['readDotenvFile']>[] {
  if (uri.scheme !== 'file') return [];
  const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri;
  const { dotenvPlaces, readDotenvFile } = loadRuntime();
  return dotenvPlaces(path.dirname(uri.fsPath), folder?.scheme === 'file' ? folder.fsPath : undefined).map(readDotenvFile);
}

export function documentOutsideValues(uri: vscode.Uri, hide: (value: string) => void): OutsideValues {
  return new OutsideValues({
    processEnv: (name) => process.env[name],
    processEnvPlace: 'VS Code (set it in the shell VS Code is started from, then start VS Code again)',
    dotenvFiles: dotenvFilesOf(uri),
    onValue: hide,
  });
}
