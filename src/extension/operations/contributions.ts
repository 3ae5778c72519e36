// The operations part's manifest contributions, as data (no vscode import): the manifest
// generator merges them into package.json. The 67 `gateway.op.*` commands are derived from
// the catalog (operationCommands), and the generator puts them after every part's commands.
import { groups, operations } from '../../catalog';
import type { Operation, Safety } from '../../catalog/types';
import { COMMANDS, REQUEST_LANGUAGE_ID, RESULT_SCHEME, operationCommandId } from '../contracts';
import type { CommandContribution, ContributesFragment } from '../contributes';

/** The operations part's own commands (the operation commands are operationCommands()). */
export const partCommands: readonly CommandContribution[] = [
  { command: COMMANDS.runOperation, title: 'Run Operation…', category: 'Gateway', icon: '$(play)' },
  { command: COMMANDS.sendRequest, title: 'Send Request', category: 'Gateway', icon: '$(send)' },
  { command: COMMANDS.sendRequestAt, title: 'Send Request to…', category: 'Gateway', paletteHidden: true },
  { command: COMMANDS.sendAll, title: 'Send All Requests', category: 'Gateway', icon: '$(run-all)' },
  { command: COMMANDS.showLog, title: 'Show Log', category: 'Gateway', icon: '$(output)' },
  { command: COMMANDS.showHistory, title: 'Show History', category: 'Gateway', icon: '$(history)' },
  { command: COMMANDS.rerunHistory, title: 'Run Again from History', category: 'Gateway', icon: '$(refresh)', paletteHidden: true },
  { command: COMMANDS.clearHistory, title: 'Clear History', category: 'Gateway', icon: '$(clear-all)' },
  { command: COMMANDS.formatResult, title: 'Format Result', category: 'Gateway', icon: '$(list-flat)' },
  { command: COMMANDS.compareSettings, title: 'Compare with Current Settings', category: 'Gateway', icon: '$(diff)' },
];

const menus = {
  commandPalette: [
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

const keybindings = [
  { command: COMMANDS.sendRequest, key: 'ctrl+alt+enter', mac: 'cmd+alt+enter', when: `editorTextFocus && editorLangId == ${REQUEST_LANGUAGE_ID}` },
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

/** One snippet per body-bearing operation, generated from the catalog's samples. */
const requestSnippets = [{ language: REQUEST_LANGUAGE_ID, path: './snippets/gateway-request.json' }];

/**
 * `contributes.configuration` of the operations part. Application scope, like the environments:
 * a workspace (e.g. a cloned repository) must not choose where customer documents get written.
 */
const resultConfiguration = {
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

export const contributes: ContributesFragment = {
  commands: partCommands,
  menus,
  keybindings,
  languages,
  grammars: requestGrammars,
  snippets: requestSnippets,
  configuration: resultConfiguration,
};

// Shown where operations appear as inline actions and in editor title bars.
const SAFETY_ICONS: Record<Safety, string> = {
  read: '$(eye)',
  write: '$(edit)',
  'moves-money': '$(credit-card)',
  destructive: '$(trash)',
};

/** "Card transactions" → "card transactions"; acronyms such as "ACH providers" stay. */
const inSentence = (title: string) => (/^[A-Z][a-z]/.test(title) ? title[0]!.toLowerCase() + title.slice(1) : title);

export function operationCommand(op: Operation): CommandContribution {
  const group = groups.find((g) => g.id === op.group)?.title ?? op.group;
  return { command: operationCommandId(op.id), title: `${op.title} (${inSentence(group)})`, category: 'Gateway', icon: SAFETY_ICONS[op.safety] };
}

/** The `gateway.op.<operation id>` commands, one per catalog operation. */
export const operationCommands = (): CommandContribution[] => operations.map(operationCommand);
