// The result editor's manifest contributions, as data (no vscode import): what a client shows
// about an answer beside its body — its headers and timing, the previous answer to compare, a
// value to chain — in the result editor's title bar, its context menu and the palette.
import { COMMANDS, RESULT_SCHEME } from '../contracts';
import type { CommandContribution, ContributesFragment } from '../contributes';

export const resultCommands: readonly CommandContribution[] = [
  { command: COMMANDS.showResponseHeaders, title: 'Show Response Headers', category: 'Gateway', icon: '$(list-unordered)' },
  { command: COMMANDS.compareWithPreviousAnswer, title: 'Compare with Previous Answer', category: 'Gateway', icon: '$(diff)' },
  { command: COMMANDS.copyValueAsVariable, title: 'Copy Value as Variable', category: 'Gateway', icon: '$(symbol-variable)' },
];

const inResult = `resourceScheme == ${RESULT_SCHEME}`;
// Not in a diff editor's sides: those are compared, not chained from.
const inResultEditor = `${inResult} && !isInDiffEditor`;

const resultMenus = {
  commandPalette: resultCommands.map((c) => ({ command: c.command, when: inResult })),
  'editor/title': [
    { command: COMMANDS.showResponseHeaders, when: inResultEditor, group: 'navigation@5' },
    { command: COMMANDS.compareWithPreviousAnswer, when: inResultEditor, group: 'navigation@6' },
  ],
  'editor/context': [
    { command: COMMANDS.copyValueAsVariable, when: inResultEditor, group: '1_gateway@1' },
    { command: COMMANDS.showResponseHeaders, when: inResultEditor, group: '1_gateway@2' },
    { command: COMMANDS.compareWithPreviousAnswer, when: inResultEditor, group: '1_gateway@3' },
  ],
};

export const contributes: ContributesFragment = { commands: resultCommands, menus: resultMenus };
