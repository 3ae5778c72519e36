// The Traffic view's manifest contributions, as data (no vscode import).
import { VIEW_CONTAINER_ID } from '../contracts';
import type { CommandContribution, ContributesFragment } from '../contributes';
import { SHOWS_VIEW_LISTINGS_CONTEXT, TRAFFIC_COMMANDS, TRAFFIC_VIEW_ID } from './ids';

const trafficViews = {
  [VIEW_CONTAINER_ID]: [{ id: TRAFFIC_VIEW_ID, name: 'Traffic', contextualTitle: 'Gateway' }],
};

const trafficViewsWelcome = [
  {
    view: TRAFFIC_VIEW_ID,
    contents: 'Every request any client sends to the Local sandbox — your application, curl, a test suite — shows here, checked like a request file, with who sent it. The Gateway view\'s own listings show when you ask (the eye above).\nAgainst a real sandbox, run `gateway-workbench proxy --env NAME` in front of your application and open its recording.\n[Open Proxy Recording…](command:gateway.traffic.openRecording)',
  },
];

export const trafficCommands: readonly CommandContribution[] = [
  { command: TRAFFIC_COMMANDS.open, title: 'Open Exchange', category: 'Gateway', icon: '$(go-to-file)', paletteHidden: true },
  { command: TRAFFIC_COMMANDS.openAsRequestFile, title: 'Open as Request File', category: 'Gateway', icon: '$(file-code)', paletteHidden: true },
  { command: TRAFFIC_COMMANDS.replay, title: 'Replay', category: 'Gateway', icon: '$(debug-rerun)', paletteHidden: true },
  { command: TRAFFIC_COMMANDS.generateCode, title: 'Generate Code…', category: 'Gateway', icon: '$(code)', paletteHidden: true },
  { command: TRAFFIC_COMMANDS.clear, title: 'Clear Traffic', category: 'Gateway', icon: '$(clear-all)' },
  { command: TRAFFIC_COMMANDS.openRecording, title: 'Open Proxy Recording…', category: 'Gateway', icon: '$(folder-opened)' },
  { command: TRAFFIC_COMMANDS.showViewListings, title: 'Show the Gateway View\'s Own Requests in Traffic', category: 'Gateway', icon: '$(eye)' },
  { command: TRAFFIC_COMMANDS.hideViewListings, title: 'Hide the Gateway View\'s Own Requests in Traffic', category: 'Gateway', icon: '$(eye-closed)' },
];

const onExchange = `view == ${TRAFFIC_VIEW_ID} && viewItem == gw.traffic.exchange`;

const trafficMenus = {
  'view/title': [
    { command: TRAFFIC_COMMANDS.openRecording, when: `view == ${TRAFFIC_VIEW_ID}`, group: 'navigation@1' },
    { command: TRAFFIC_COMMANDS.clear, when: `view == ${TRAFFIC_VIEW_ID}`, group: 'navigation@2' },
    { command: TRAFFIC_COMMANDS.showViewListings, when: `view == ${TRAFFIC_VIEW_ID} && !${SHOWS_VIEW_LISTINGS_CONTEXT}`, group: 'navigation@0' },
    { command: TRAFFIC_COMMANDS.hideViewListings, when: `view == ${TRAFFIC_VIEW_ID} && ${SHOWS_VIEW_LISTINGS_CONTEXT}`, group: 'navigation@0' },
  ],
  // One of the pair at a time, as in the view's title bar.
  commandPalette: [
    { command: TRAFFIC_COMMANDS.showViewListings, when: `!${SHOWS_VIEW_LISTINGS_CONTEXT}` },
    { command: TRAFFIC_COMMANDS.hideViewListings, when: SHOWS_VIEW_LISTINGS_CONTEXT },
  ],
  'view/item/context': [
    { command: TRAFFIC_COMMANDS.openAsRequestFile, when: onExchange, group: 'inline' },
    { command: TRAFFIC_COMMANDS.open, when: onExchange, group: '0_open@1' },
    { command: TRAFFIC_COMMANDS.openAsRequestFile, when: onExchange, group: '0_open@2' },
    { command: TRAFFIC_COMMANDS.replay, when: onExchange, group: '1_send@1' },
    { command: TRAFFIC_COMMANDS.generateCode, when: onExchange, group: '1_send@2' },
  ],
};

export const contributes: ContributesFragment = {
  commands: trafficCommands,
  menus: trafficMenus,
  views: trafficViews,
  viewsWelcome: trafficViewsWelcome,
};
