// The code generator's manifest contributions, as data (no vscode import): the command, and
// where it appears — the request editor's context menu, tree items with operations, the palette.
import { COMMANDS, REQUEST_LANGUAGE_ID, TREE_VIEW_ID } from '../contracts';
import type { CommandContribution, ContributesFragment } from '../contributes';

export const codegenCommands: readonly CommandContribution[] = [
  { command: COMMANDS.generateCode, title: 'Generate Code… (Copy as cURL, JavaScript, Python, PHP, Java, Go, C#)', category: 'Gateway', icon: '$(code)' },
];

const codegenMenus = {
  'editor/context': [{ command: COMMANDS.generateCode, when: `editorLangId == ${REQUEST_LANGUAGE_ID}`, group: '1_gateway@9' }],
  'view/item/context': [{ command: COMMANDS.generateCode, when: `view == ${TREE_VIEW_ID} && viewItem =~ /^gw\\.(group|item)\\./`, group: '8_code@1' }],
};

export const contributes: ContributesFragment = { commands: codegenCommands, menus: codegenMenus };
