// The tree's part of package.json, as plain objects in manifest shape (no vscode import): the
// activity-bar container, the view, its welcome content, the tree commands and the menus. The
// manifest generator merges these; item menus are derived from ITEM_ACTIONS, never re-typed.
import { COMMANDS, SANDBOX_FAILED_CONTEXT, TREE_VIEW_ID, VIEW_CONTAINER_ID, operationCommandId } from '../contracts';
import { ITEM_ACTIONS } from './itemActions';
import type { CommandContribution, ContributesFragment, MenuContribution } from '../contributes';

export const viewsContainers = {
  activitybar: [{ id: VIEW_CONTAINER_ID, title: 'Gateway', icon: 'media/gateway.svg' }],
};

export const views = {
  [VIEW_CONTAINER_ID]: [{ id: TREE_VIEW_ID, name: 'Resources', contextualTitle: 'Gateway' }],
};

// Shown only when the tree is empty, which it is only when the Local sandbox could not start and
// there is no other environment (GatewayTreeProvider.buildRoots).
export const viewsWelcome = [
  {
    view: TREE_VIEW_ID,
    when: SANDBOX_FAILED_CONTEXT,
    contents: [
      'The embedded Local sandbox could not start (its notification and the log say why), and there is no environment of your own to browse yet.',
      `[Try Again](command:${COMMANDS.refreshTree})`,
      `[Show Log](command:${COMMANDS.showLog})`,
      `[Add Environment](command:${COMMANDS.addEnvironment})`,
    ].join('\n'),
  },
];

/** Tree commands; those that need a tree item as argument are hidden from the palette. */
export const treeCommands: readonly CommandContribution[] = [
  { command: COMMANDS.refreshTree, title: 'Refresh Resources', category: 'Gateway', icon: '$(refresh)' },
  { command: COMMANDS.refreshNode, title: 'Refresh', category: 'Gateway', icon: '$(refresh)', paletteHidden: true },
  { command: COMMANDS.loadMore, title: 'Load More', category: 'Gateway', icon: '$(more)', paletteHidden: true },
  { command: COMMANDS.retryNode, title: 'Retry', category: 'Gateway', icon: '$(debug-restart)', paletteHidden: true },
  { command: COMMANDS.openSettingsGroup, title: 'Open Settings Group', category: 'Gateway', icon: '$(settings-gear)', paletteHidden: true },
  { command: COMMANDS.openDocument, title: 'Open Document', category: 'Gateway', icon: '$(file-pdf)', paletteHidden: true },
  { command: COMMANDS.retrieveMerchant, title: 'Retrieve Merchant by Number…', category: 'Gateway', icon: '$(search)' },
];

const inView = `view == ${TREE_VIEW_ID}`;
const onItem = (pattern: string) => `${inView} && viewItem =~ /${pattern}/`;

const viewTitleMenu: readonly MenuContribution[] = [
  { command: COMMANDS.addEnvironment, when: inView, group: 'navigation@1' },
  { command: COMMANDS.runOperation, when: inView, group: 'navigation@2' },
  { command: COMMANDS.refreshTree, when: inView, group: 'navigation@3' },
];

/** An environment's own menu: what the user does with it, and the Local sandbox's clock and reset. */
const environmentItemMenu: readonly MenuContribution[] = [
  { command: COMMANDS.switchEnvironment, when: onItem('^gw\\.environment\\.'), group: '0_use@1' },
  { command: COMMANDS.copyConnectionSettings, when: onItem('^gw\\.environment\\.'), group: '0_use@2' },
  { command: COMMANDS.openTerminalWithVariables, when: onItem('^gw\\.environment\\.'), group: '0_use@3' },
  { command: COMMANDS.setKeys, when: onItem('^gw\\.environment\\.user$'), group: '1_edit@1' },
  { command: COMMANDS.editEnvironment, when: onItem('^gw\\.environment\\.user$'), group: '1_edit@2' },
  { command: COMMANDS.toggleReadOnly, when: onItem('^gw\\.environment\\.user$'), group: '1_edit@3' },
  { command: COMMANDS.removeEnvironment, when: onItem('^gw\\.environment\\.user$'), group: '8_remove@1' },
  { command: COMMANDS.sandboxNextAchWindow, when: onItem('^gw\\.environment\\.local$'), group: '1_sandbox@1' },
  { command: COMMANDS.sandboxAdvanceClock, when: onItem('^gw\\.environment\\.local$'), group: '1_sandbox@2' },
  { command: COMMANDS.sandboxReset, when: onItem('^gw\\.environment\\.local$'), group: '1_sandbox@3' },
  { command: COMMANDS.sandboxOpenExamples, when: onItem('^gw\\.environment\\.local$'), group: '1_sandbox@4' },
  { command: COMMANDS.sandboxSaveSnapshot, when: onItem('^gw\\.environment\\.local$'), group: '2_seed@1' },
  { command: COMMANDS.sandboxStartFromSeed, when: onItem('^gw\\.environment\\.local$'), group: '2_seed@2' },
  { command: COMMANDS.exportSettings, when: onItem('^gw\\.environment\\.'), group: '3_settings@1' },
  { command: COMMANDS.compareEnvironmentSettings, when: onItem('^gw\\.environment\\.'), group: '3_settings@2' },
];

const treeCommandItemMenu: readonly MenuContribution[] = [
  { command: COMMANDS.refreshNode, when: onItem('^gw\\.(environment|group\\.)'), group: 'inline' },
  { command: COMMANDS.refreshNode, when: onItem('^gw\\.(environment|group\\.)'), group: '9_refresh@1' },
  { command: COMMANDS.retryNode, when: onItem('^gw\\.error$'), group: 'inline' },
  { command: COMMANDS.retryNode, when: onItem('^gw\\.error$'), group: '1_operations@1' },
  { command: COMMANDS.loadMore, when: onItem('^gw\\.loadMore$'), group: '1_operations@1' },
  { command: COMMANDS.openSettingsGroup, when: onItem('^gw\\.item\\.settings\\.'), group: '0_open@1' },
  { command: COMMANDS.openDocument, when: onItem('^gw\\.item\\.document$'), group: '0_open@1' },
  { command: COMMANDS.retrieveMerchant, when: onItem('^gw\\.group\\.onboarding$'), group: '1_operations@9' },
];

/** Every ITEM_ACTIONS row as context-menu entries (plus inline buttons where it lists them). */
function operationItemMenu(): MenuContribution[] {
  return ITEM_ACTIONS.flatMap((action) => [
    ...action.operations.map((id, index) => ({ command: operationCommandId(id), when: onItem(action.contextValue), group: `1_operations@${index + 1}` })),
    ...(action.inline ?? []).map((id) => ({ command: operationCommandId(id), when: onItem(action.contextValue), group: 'inline' })),
  ]);
}

export const treeMenus = {
  'view/title': viewTitleMenu,
  'view/item/context': [...environmentItemMenu, ...treeCommandItemMenu, ...operationItemMenu()],
};

export const contributes: ContributesFragment = {
  commands: treeCommands,
  menus: treeMenus,
  viewsContainers,
  views,
  viewsWelcome,
};
