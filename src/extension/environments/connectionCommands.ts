// "Gateway: Copy Connection Settings" and "Gateway: Open Terminal with Gateway Variables": an
// environment's URLs and keys for the user's own app, CLI runs and generated programs (which read
// GATEWAY_URL, GATEWAY_API_KEY…), for the environments whose keys the user holds. The keys go to
// the clipboard or into a terminal's process environment only: never typed into a terminal (so
// never in a shell's history), never in a message or the log, and a terminal that holds them is
// not restored after a reload (VS Code would keep its environment on disk). Production asks for
// its typed name first, as the production guard does before a payment.
import * as vscode from 'vscode';
import type { Credentials } from '../../core/environments/environment';
import {
  connectionSettingsText, connectionVariables, holdsKeys, type ConnectionFormat, type ConnectionVariable,
} from '../../core/environments/connectionSettings';
import { confirmationProblem } from '../../core/protection/guardPolicy';
import { registerCommand, type CommandLog } from '../commands/commandRunner';
import type { RegisterCommand } from '../commands/lazyCommands';
import { COMMANDS, type EnvironmentEntry } from '../contracts';
import type { EnvironmentManager } from './environmentStore';

type Target = string | { environmentName?: unknown } | undefined;

interface Held {
  env: EnvironmentEntry;
  credentials: Credentials;
}

const FORMATS: ReadonlyArray<vscode.QuickPickItem & { format: ConnectionFormat }> = [
  { format: 'dotenv', label: '.env lines', description: 'GATEWAY_URL=\'…\'', detail: 'For a .env file your app reads (keep it out of version control).' },
  { format: 'shell', label: 'Shell exports', description: 'export GATEWAY_URL=\'…\'', detail: 'To paste into bash or zsh.' },
];

/** A name as one line of plain text (a terminal's title and its first message write it as it is). */
const oneLine = (text: string): string => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');

const nameOf = (target: Target): string | undefined =>
  typeof target === 'string' ? target : typeof target?.environmentName === 'string' ? target.environmentName : undefined;

export function registerConnectionCommands(environments: EnvironmentManager, log: CommandLog, register: RegisterCommand = registerCommand): vscode.Disposable {
  return vscode.Disposable.from(
    register(COMMANDS.copyConnectionSettings, async (target?: Target, given?: unknown) => {
      const held = await heldEnvironment(environments, target, 'Copy the connection settings of which environment?');
      if (!held) return undefined;
      const format = typeof given === 'string' && FORMATS.some(f => f.format === given)
        ? given as ConnectionFormat
        : (await vscode.window.showQuickPick(FORMATS, { title: `Copy the connection settings of "${held.env.name}" as` }))?.format;
      if (!format || !(await productionAllows(held.env, 'Copy the keys'))) return undefined;
      const variables = connectionVariables(held.env, held.credentials);
      await vscode.env.clipboard.writeText(connectionSettingsText(held.env.name, variables, format));
      void vscode.window.showInformationMessage(`Connection settings of "${held.env.name}" copied as ${format === 'shell' ? 'shell exports' : '.env lines'}: ${variables.map(v => v.name).join(', ')}. They hold keys: paste them into a shell or a file kept out of version control.`);
      return variables.map(v => v.name);
    }, log),

    register(COMMANDS.openTerminalWithVariables, async (target?: Target) => {
      const held = await heldEnvironment(environments, target, 'Open a terminal with the variables of which environment?');
      if (!held || !(await productionAllows(held.env, 'Open a terminal with the keys'))) return undefined;
      const variables = connectionVariables(held.env, held.credentials);
      const terminal = vscode.window.createTerminal({
        name: `Gateway: ${oneLine(held.env.name)}`,
        env: environmentOf(variables),
        iconPath: new vscode.ThemeIcon('key'),
        // Not revived after a reload: VS Code keeps a revived terminal's environment in its storage.
        isTransient: true,
        message: `Gateway Workbench: ${variables.map(v => v.name).join(', ')} of "${oneLine(held.env.name)}" are set in this terminal's environment.`,
      });
      terminal.show();
      return terminal.name;
    }, log),
  );
}

function environmentOf(variables: readonly ConnectionVariable[]): Record<string, string> {
  return Object.fromEntries(variables.map(v => [v.name, v.value]));
}

/** The environment named by `target`, else picked among those whose keys the user holds; with its URLs known. */
async function heldEnvironment(environments: EnvironmentManager, target: Target, title: string): Promise<Held | undefined> {
  const name = nameOf(target);
  if (name !== undefined) {
    if (!environments.get(name)) throw new Error(`There is no environment named "${name}".`);
    const credentials = await environments.credentials(name);
    if (!credentials || !holdsKeys(credentials)) {
      offerSetKeys(name);
      return undefined;
    }
    return { env: await environments.ready(name), credentials };
  }
  const held: Held[] = [];
  for (const env of environments.list()) {
    // The Local sandbox's keys exist once it has started: reading them starts it.
    const credentials = await environments.credentials(env.name).catch(() => undefined);
    if (credentials && holdsKeys(credentials)) held.push({ env: await environments.ready(env.name), credentials });
  }
  if (!held.length) {
    void vscode.window.showInformationMessage('No environment has keys yet: set them with "Gateway: Set Keys…".');
    return undefined;
  }
  const picked = held.length === 1 ? { held: held[0] } : await vscode.window.showQuickPick(held.map(h => ({
    held: h,
    label: h.env.name,
    description: [environments.kindLabel(h.env.kind), h.env.name === environments.active().name ? 'active' : ''].filter(Boolean).join(' · '),
    detail: h.env.gatewayUrl,
  })), { title });
  return picked?.held;
}

function offerSetKeys(name: string): void {
  const set = 'Set Keys…';
  void vscode.window.showInformationMessage(`"${name}" has no keys to connect with yet.`, set).then(choice => {
    if (choice === set) void vscode.commands.executeCommand(COMMANDS.setKeys, name);
  });
}

/** Production hands out live keys only after its name is typed (Escape, or anything else: no). */
async function productionAllows(env: EnvironmentEntry, what: string): Promise<boolean> {
  if (env.kind !== 'production') return true;
  const problem = (value: string) => (confirmationProblem(value, env.name, undefined) === undefined ? undefined : `Type "${env.name}" to go on; Escape cancels.`);
  const typed = await Promise.resolve(vscode.window.showInputBox({
    title: `${what} of PRODUCTION "${env.name}"`,
    prompt: 'These are live keys: whatever holds them can move real money. Type the environment\'s name to go on.',
    placeHolder: env.name,
    ignoreFocusOut: true,
    validateInput: problem,
  })).catch(() => undefined);
  return typed !== undefined && problem(typed) === undefined;
}
