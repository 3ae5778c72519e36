// The environments part's manifest contributions, as data: scripts/generate-manifest.ts reads
// this to write package.json. No vscode import, so the generator can load it in plain Node.
import { COMMANDS } from '../contracts';
import type { CommandContribution, ContributesFragment } from '../contributes';
import { environmentSchema } from '../../core/environments/environmentSchema';
import { PORT_SETTING } from './localSandboxPort';

export const environmentCommands: readonly CommandContribution[] = [
  { command: COMMANDS.addEnvironment, title: 'Add Environment…', category: 'Gateway', icon: '$(add)' },
  { command: COMMANDS.editEnvironment, title: 'Edit Environment…', category: 'Gateway', icon: '$(edit)' },
  { command: COMMANDS.removeEnvironment, title: 'Remove Environment…', category: 'Gateway', icon: '$(trash)' },
  { command: COMMANDS.setKeys, title: 'Set Keys…', category: 'Gateway', icon: '$(key)' },
  { command: COMMANDS.switchEnvironment, title: 'Switch Environment…', category: 'Gateway', icon: '$(plug)' },
  { command: COMMANDS.toggleReadOnly, title: 'Toggle Read-Only', category: 'Gateway', icon: '$(lock)' },
  { command: COMMANDS.sandboxNextAchWindow, title: 'Local Sandbox: Advance to the Next ACH Window', category: 'Gateway', icon: '$(debug-step-over)' },
  { command: COMMANDS.sandboxAdvanceClock, title: 'Local Sandbox: Advance the Clock…', category: 'Gateway', icon: '$(watch)' },
  { command: COMMANDS.sandboxReset, title: 'Local Sandbox: Reset', category: 'Gateway', icon: '$(discard)' },
  { command: COMMANDS.sandboxSaveSnapshot, title: 'Local Sandbox: Save Snapshot…', category: 'Gateway', icon: '$(save)' },
  { command: COMMANDS.sandboxStartFromSeed, title: 'Local Sandbox: Start from Seed…', category: 'Gateway', icon: '$(folder-opened)' },
  { command: COMMANDS.sandboxOpenExamples, title: 'Local Sandbox: Open Examples', category: 'Gateway', icon: '$(book)' },
  { command: COMMANDS.exportSettings, title: 'Export Settings…', category: 'Gateway', icon: '$(export)' },
  { command: COMMANDS.compareEnvironmentSettings, title: 'Compare Settings of Two Environments', category: 'Gateway', icon: '$(diff)' },
  { command: COMMANDS.applySettingsTo, title: 'Apply to…', category: 'Gateway', icon: '$(cloud-upload)' },
  { command: COMMANDS.copyConnectionSettings, title: 'Copy Connection Settings', category: 'Gateway', icon: '$(copy)' },
  { command: COMMANDS.openTerminalWithVariables, title: 'Open Terminal with Gateway Variables', category: 'Gateway', icon: '$(terminal)' },
  { command: COMMANDS.preflight, title: 'Run Go-Live Check…', category: 'Gateway', icon: '$(checklist)' },
];

/** `contributes.configuration` entries. Keys are never here: they live in SecretStorage. */
export const environmentConfiguration = {
  title: 'Gateway Workbench',
  properties: {
    'gatewayWorkbench.environments': {
      type: 'array',
      default: [],
      // Application scope: a workspace (e.g. a cloned repository) must not be able to point a
      // named environment, and so its keys, at another host.
      scope: 'application',
      markdownDescription: 'Your gateway environments (the Local sandbox is built in and not listed here). Keys are kept in the editor\'s secret storage, never in settings: use **Gateway: Set Keys…**.',
      items: environmentSchema,
    },
    [PORT_SETTING]: {
      type: 'integer',
      default: 0,
      minimum: 0,
      maximum: 65535,
      scope: 'application',
      markdownDescription: 'The loopback port of the embedded Local sandbox. `0` (the default): the port it had last time, or a free one on its first start, so that an app pointed at it keeps working across reloads. Any other value fixes the port; the sandbox does not start while another program uses it. Its URL and keys: **Gateway: Copy Connection Settings**.',
    },
  },
} as const;

/** VS Code checks the CLI's environment file against the same schema (generated into schemas/). */
const environmentJsonValidation = [
  { fileMatch: ['gateway-workbench.json'], url: './schemas/gateway-workbench.schema.json' },
  // A Local sandbox seed or snapshot (src/sandbox/seeds/seedSchema.ts).
  { fileMatch: ['*.gwseed.json'], url: './schemas/gwseed.schema.json' },
  // An environment's gateway settings as `gateway-workbench settings export` writes them (src/core/settingsCode/settingsSchema.ts).
  { fileMatch: ['*.gwsettings.json'], url: './schemas/gwsettings.schema.json' },
];

export const contributes: ContributesFragment = {
  commands: environmentCommands,
  menus: {
    // On a settings file, and on either side of "Compare Settings of Two Environments" (settingsCodeCommands.ts).
    'editor/title': [{ command: COMMANDS.applySettingsTo, when: 'resourceScheme == gateway-settings || resourceFilename =~ /\\.gwsettings\\.json$/', group: 'navigation' }],
  },
  configuration: environmentConfiguration,
  jsonValidation: environmentJsonValidation,
};
