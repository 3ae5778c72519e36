// The operations part's manifest contributions, as data (no vscode import): the manifest
// generator merges them into package.json. The 67 `gateway.op.*` commands are derived from
// the catalog by the generator itself.
import { COMMANDS, REQUEST_LANGUAGE_ID, RESULT_SCHEME } from '../contracts';
import type { CommandContribution } from '../commandContribution';

export const operationCommands: readonly CommandContribution[] = [
  { command: COMMANDS.runOperation, title: 'Run Operation…', category: 'Gateway', icon: '$(play)' },
  { command: COMMANDS.sendRequest, title: 'Send Request', category: 'Gateway', icon: '$(send)' },
  { command: COMMANDS.sendRequestAt, title: 'Send Request to…', category: 'Gateway' },
  { command: COMMANDS.sendAll, title: 'Send All Requests', category: 'Gateway', icon: '$(run-all)' },
  { command: COMMANDS.showLog, title: 'Show Log', category: 'Gateway', icon: '$(output)' },
  { command: COMMANDS.showHistory, title: 'Show History', category: 'Gateway', icon: '$(history)' },
  { command: COMMANDS.rerunHistory, title: 'Run Again from History', category: 'Gateway', icon: '$(refresh)' },
  { command: COMMANDS.clearHistory, title: 'Clear History', category: 'Gateway', icon: '$(clear-all)' },
  { command: COMMANDS.formatResult, title: 'Format Result', category: 'Gateway', icon: '$(list-flat)' },
  { command: COMMANDS.compareSettings, title: 'Compare with Current Settings', category: 'Gateway', icon: '$(diff)' },
];

/** Commands that need arguments (a request index, a history entry) are hidden from the palette. */
export const hiddenFromPalette: readonly string[] = [COMMANDS.sendRequestAt, COMMANDS.rerunHistory];

export const menus = {
  commandPalette: [
    ...hiddenFromPalette.map((command) => ({ command, when: 'false' })),
    { command: COMMANDS.sendRequest, when: `editorLangId == ${REQUEST_LANGUAGE_ID}` },
    { command: COMMANDS.sendAll, when: `editorLangId == ${REQUEST_LANGUAGE_ID}` },
    { command: COMMANDS.formatResult, when: `resourceScheme == ${RESULT_SCHEME}` },
    { command: COMMANDS.compareSettings, when: `editorLangId == ${REQUEST_LANGUAGE_ID}` },
  ],
  'editor/title': [
    { command: COMMANDS.formatResult, when: `resourceScheme == ${RESULT_SCHEME}`, group: 'navigation' },
    { command: COMMANDS.sendRequest, when: `editorLangId == ${REQUEST_LANGUAGE_ID}`, group: 'navigation@1' },
    { command: COMMANDS.sendAll, when: `editorLangId == ${REQUEST_LANGUAGE_ID}`, group: 'navigation@2' },
  ],
};

export const keybindings = [
  { command: COMMANDS.sendRequest, key: 'ctrl+alt+enter', mac: 'cmd+alt+enter', when: `editorTextFocus && editorLangId == ${REQUEST_LANGUAGE_ID}` },
];

export const languages = [
  {
    id: REQUEST_LANGUAGE_ID,
    aliases: ['Gateway Request', REQUEST_LANGUAGE_ID],
    extensions: ['.gwreq'],
    configuration: './language-configuration.json',
  },
];

/** Highlighting, with the bodies' JSON and XML handed to those languages' features. */
export const requestGrammars = [
  {
    language: REQUEST_LANGUAGE_ID,
    scopeName: 'source.gateway-request',
    path: './syntaxes/gateway-request.tmLanguage.json',
    embeddedLanguages: { 'meta.embedded.block.json': 'json', 'meta.embedded.block.xml': 'xml' },
  },
];

/**
 * `contributes.configuration` of the operations part. Application scope, like the environments:
 * a workspace (e.g. a cloned repository) must not choose where customer documents get written.
 */
export const resultConfiguration = {
  title: 'Gateway Workbench',
  properties: {
    'gatewayWorkbench.documentsFolder': {
      type: 'string',
      default: '',
      scope: 'application',
      markdownDescription: 'Where downloaded documents (PDF statements) are saved without asking: an absolute folder, or one relative to the first workspace folder; created when missing, a file of the same name is replaced. Empty (the default): a Save dialog asks each time. Meant for scripted runs and tests.',
    },
  },
} as const;
