// The operations part's manifest contributions, as data (no vscode import): the manifest
// generator merges them into package.json. The `gateway.op.*` commands (one per operation) are derived from
// the catalog (operationCommands), and the generator puts them after every part's commands.
import { groups, operations } from '../../catalog';
import type { Operation, Safety } from '../../catalog/types';
import { COMMANDS, RESULT_SCHEME, operationCommandId } from '../contracts';
import type { CommandContribution, ContributesFragment } from '../contributes';

/** The operations part's own commands: Run Operation…, the log, history and result editors (the operation commands are operationCommands()). */
export const partCommands: readonly CommandContribution[] = [
  { command: COMMANDS.runOperation, title: 'Run Operation…', category: 'Gateway', icon: '$(play)' },
  { command: COMMANDS.showLog, title: 'Show Log', category: 'Gateway', icon: '$(output)' },
  { command: COMMANDS.showHistory, title: 'Show History', category: 'Gateway', icon: '$(history)' },
  { command: COMMANDS.rerunHistory, title: 'Run Again from History', category: 'Gateway', icon: '$(refresh)', paletteHidden: true },
  { command: COMMANDS.clearHistory, title: 'Clear History', category: 'Gateway', icon: '$(clear-all)' },
  { command: COMMANDS.formatResult, title: 'Format Result', category: 'Gateway', icon: '$(list-flat)' },
];

const menus = {
  commandPalette: [
    { command: COMMANDS.formatResult, when: `resourceScheme == ${RESULT_SCHEME}` },
  ],
  'editor/title': [
    { command: COMMANDS.formatResult, when: `resourceScheme == ${RESULT_SCHEME}`, group: 'navigation' },
  ],
};

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
const inSentence = (title: string) => (/^[A-Z][a-z]/.test(title) ? title[0].toLowerCase() + title.slice(1) : title);

export function operationCommand(op: Operation): CommandContribution {
  const group = groups.find((g) => g.id === op.group)?.title ?? op.group;
  return { command: operationCommandId(op.id), title: `${op.title} (${inSentence(group)})`, category: 'Gateway', icon: SAFETY_ICONS[op.safety] };
}

/** The `gateway.op.<operation id>` commands, one per catalog operation. */
export const operationCommands = (): CommandContribution[] => operations.map(operationCommand);
