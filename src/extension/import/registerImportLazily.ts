// "Gateway: Import…" and the two "Export as HAR…" commands, registered at activation as stubs:
// their bodies (./importCommand.ts, ./harExportCommands.ts) load from dist/commands.js at the
// first run of one of them (../commands/lazyCommands.ts), as the importers and the HAR writer
// themselves load from dist/importer.js.
import type * as vscode from 'vscode';
import { registerLazily } from '../commands/lazyCommands';
import type { HarExportDeps } from './harExportCommands';
import { IMPORT_COMMANDS } from './ids';

export function registerImportAndHarExport(deps: HarExportDeps): vscode.Disposable[] {
  return [
    registerLazily([IMPORT_COMMANDS.importFiles], deps.log, (c, register) => c.registerImportCommand(deps.log, register)),
    registerLazily([IMPORT_COMMANDS.exportTrafficHar, IMPORT_COMMANDS.exportHistoryHar], deps.log, (c, register) => c.registerHarExport(deps, register)),
  ];
}
