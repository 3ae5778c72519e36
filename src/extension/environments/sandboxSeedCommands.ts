// "Local Sandbox: Save Snapshot…" and "Local Sandbox: Start from Seed…": the Local sandbox's
// state to a seed file (never with keys: the sandbox leaves them out) and back. A script passes
// the file's path (and, to start from a seed, `true` for the question it would ask).
import * as vscode from 'vscode';
import { registerCommand } from '../commands/commandRunner';
import type { RegisterCommand } from '../commands/lazyCommands';
import { COMMANDS, LOCAL_SANDBOX_NAME } from '../contracts';
import { SEED_LIMITS } from '../../sandbox/seeds/seedDocument';
import { formatSandboxTime } from './sandboxClock';
import type { EnvironmentManager } from './environmentStore';

const SEED_FILTERS = { 'Sandbox seed': ['gwseed.json', 'json'] };

function defaultFolder(): vscode.Uri | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri;
}

export function registerSandboxSeedCommands(environments: EnvironmentManager, log: vscode.LogOutputChannel, register: RegisterCommand = registerCommand): vscode.Disposable {
  return vscode.Disposable.from(
    register(COMMANDS.sandboxSaveSnapshot, async (_target?: unknown, given?: unknown) => {
      const folder = defaultFolder();
      const uri = typeof given === 'string' ? vscode.Uri.file(given) : await vscode.window.showSaveDialog({
        title: `Save a snapshot of the ${LOCAL_SANDBOX_NAME} (no keys)`,
        filters: SEED_FILTERS,
        ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, 'sandbox.gwseed.json') } : {}),
      });
      if (!uri) return undefined;
      const snapshot = await (await environments.localSandboxControl()).snapshot();
      await vscode.workspace.fs.writeFile(uri, Buffer.from(`${JSON.stringify(snapshot, null, 2)}\n`));
      void vscode.window.showInformationMessage(`Saved the ${LOCAL_SANDBOX_NAME}'s state (without keys) to ${vscode.workspace.asRelativePath(uri)}. Start from it with "Local Sandbox: Start from Seed…" or gateway-workbench sandbox --seed.`);
      return uri.fsPath;
    }, log),

    register(COMMANDS.sandboxStartFromSeed, async (_target?: unknown, given?: unknown, confirmed?: unknown) => {
      const uri = typeof given === 'string' ? vscode.Uri.file(given) : (await vscode.window.showOpenDialog({
        title: `Start the ${LOCAL_SANDBOX_NAME} from a seed`, filters: SEED_FILTERS, canSelectMany: false, defaultUri: defaultFolder(),
      }))?.[0];
      if (!uri) return undefined;
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > SEED_LIMITS.fileBytes) throw new Error(`${uri.fsPath} is ${stat.size} bytes; a seed is at most ${SEED_LIMITS.fileBytes}.`);
      let seed: unknown;
      try {
        seed = JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8').replace(/^\uFEFF/, ''));
      } catch (e) {
        throw new Error(`${vscode.workspace.asRelativePath(uri)} is not JSON (${(e as Error).message}): a seed is a JSON file (schemas/gwseed.schema.json).`, { cause: e });
      }
      if (confirmed !== true && !(await confirmReplace(uri))) return undefined;
      const control = await environments.localSandboxControl();
      try {
        await control.loadSeed(seed as Record<string, unknown>);
      } catch (e) {
        throw new Error(`The seed ${vscode.workspace.asRelativePath(uri)} is refused, and the ${LOCAL_SANDBOX_NAME} is unchanged: ${(e as Error).message}`, { cause: e });
      }
      environments.notifyChanged();
      void vscode.window.showInformationMessage(`The ${LOCAL_SANDBOX_NAME} now holds the seed ${vscode.workspace.asRelativePath(uri)} (sandbox time ${formatSandboxTime(control.now())}); "Local Sandbox: Reset" goes back to it.`);
      return uri.fsPath;
    }, log),
  );
}

async function confirmReplace(uri: vscode.Uri): Promise<boolean> {
  const action = 'Replace';
  const choice = await Promise.resolve(vscode.window.showWarningMessage(`Replace the ${LOCAL_SANDBOX_NAME}'s data with ${vscode.workspace.asRelativePath(uri)}?`, {
    modal: true,
    detail: 'Its transactions, tokens, customers, plans, ACH, batches, settings and merchants become the seed\'s, and its clock the seed\'s time. Its keys are kept. Save a snapshot first to keep what it holds now.',
  }, action)).catch(() => undefined);
  return choice === action;
}
