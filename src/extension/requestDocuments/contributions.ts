// The request-documents part's manifest contributions, as data (no vscode import): the request
// language and its highlighting, and the commands that send what a request document holds.
import { COMMANDS, REQUEST_LANGUAGE_ID } from '../contracts';
import type { CommandContribution, ContributesFragment } from '../contributes';

export const requestDocumentCommands: readonly CommandContribution[] = [
  { command: COMMANDS.sendRequest, title: 'Send Request', category: 'Gateway', icon: '$(send)' },
  { command: COMMANDS.sendRequestAt, title: 'Send Request to…', category: 'Gateway', paletteHidden: true },
  { command: COMMANDS.sendAll, title: 'Send All Requests', category: 'Gateway', icon: '$(run-all)' },
  { command: COMMANDS.compareSettings, title: 'Compare with Current Settings', category: 'Gateway', icon: '$(diff)' },
];

const inRequestDocument = `editorLangId == ${REQUEST_LANGUAGE_ID}`;

const menus = {
  commandPalette: [
    { command: COMMANDS.sendRequest, when: inRequestDocument },
    { command: COMMANDS.sendAll, when: inRequestDocument },
    { command: COMMANDS.compareSettings, when: inRequestDocument },
  ],
  'editor/title': [
    { command: COMMANDS.sendRequest, when: inRequestDocument, group: 'navigation@1' },
    { command: COMMANDS.sendAll, when: inRequestDocument, group: 'navigation@2' },
  ],
};

const keybindings = [
  { command: COMMANDS.sendRequest, key: 'ctrl+alt+enter', mac: 'cmd+alt+enter', when: `editorTextFocus && ${inRequestDocument}` },
];

const languages = [
  {
    id: REQUEST_LANGUAGE_ID,
    aliases: ['Gateway Request', REQUEST_LANGUAGE_ID],
    extensions: ['.gwreq'],
    configuration: './language-configuration.json',
  },
];

/** Highlighting, with the bodies' JSON and XML handed to those languages' features. */
const requestGrammars = [
  {
    language: REQUEST_LANGUAGE_ID,
    scopeName: 'source.gateway-request',
    path: './syntaxes/gateway-request.tmLanguage.json',
    embeddedLanguages: { 'meta.embedded.block.json': 'json', 'meta.embedded.block.xml': 'xml' },
  },
];

export const contributes: ContributesFragment = {
  commands: requestDocumentCommands,
  menus,
  keybindings,
  languages,
  grammars: requestGrammars,
};
