// "Gateway: Import…", and "Export as HAR…" on the Traffic view and for History: manifest data
// (no vscode import).
import type { CommandContribution, ContributesFragment } from '../contributes';
import { TRAFFIC_VIEW_ID } from '../traffic/ids';
import { IMPORT_COMMANDS } from './ids';

export const importCommands: readonly CommandContribution[] = [
  { command: IMPORT_COMMANDS.importFiles, title: 'Import…', category: 'Gateway', icon: '$(cloud-download)' },
  // The Traffic view's title bar: its exchanges, as shown there.
  { command: IMPORT_COMMANDS.exportTrafficHar, title: 'Export as HAR…', category: 'Gateway', icon: '$(export)', paletteHidden: true },
  { command: IMPORT_COMMANDS.exportHistoryHar, title: 'Export History as HAR…', category: 'Gateway', icon: '$(export)' },
];

/** Files import reads, as the Explorer knows them: by extension, and Postman's export names. */
const IMPORTABLE = 'resourceExtname =~ /^\\.(http|rest|har|bru)$/ || resourceFilename =~ /\\.postman_(collection|environment)\\.json$/';

const importMenus = {
  'view/title': [{ command: IMPORT_COMMANDS.exportTrafficHar, when: `view == ${TRAFFIC_VIEW_ID}`, group: 'navigation@3' }],
  'explorer/context': [{ command: IMPORT_COMMANDS.importFiles, when: IMPORTABLE, group: '7_gateway@1' }],
};

export const contributes: ContributesFragment = { commands: importCommands, menus: importMenus };
