// The Gateway Overview's part of package.json (no vscode import): its command, in the palette
// and on every environment in the Gateway tree.
import { COMMANDS, TREE_VIEW_ID } from '../contracts';
import type { CommandContribution, ContributesFragment } from '../contributes';

export const overviewCommands: readonly CommandContribution[] = [
  { command: COMMANDS.openOverview, title: 'Open Overview', category: 'Gateway', icon: '$(graph)' },
];

export const contributes: ContributesFragment = {
  commands: overviewCommands,
  menus: {
    'view/item/context': [{ command: COMMANDS.openOverview, when: `view == ${TREE_VIEW_ID} && viewItem =~ /^gw\\.environment\\./`, group: '0_use@2' }],
  },
};
