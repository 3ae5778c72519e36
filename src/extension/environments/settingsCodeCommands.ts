// Settings as code in the editor, the same files and rules as `gateway-workbench settings`:
// "Export Settings…" writes an environment's settings to a *.gwsettings.json file; "Compare
// Settings of Two Environments" opens them side by side in a diff editor (read-only documents of
// the gateway-settings: scheme, never saved anywhere); "Apply to…" on a settings file or on the
// left side of that diff shows the plan and writes only what differs, production only after its
// name is typed, a read-only environment never. Reading and writing go through the environment's
// own client (keys bound to its origins, every log line redacted); the settings code comes from
// the lazily loaded runtime.
import * as vscode from 'vscode';
import { registerCommand } from '../commands/commandRunner';
import type { RegisterCommand } from '../commands/lazyCommands';
import { COMMANDS, type EnvironmentEntry } from '../contracts';
import { loadRuntime } from '../lazy/runtime';
import { resolveTarget, type Target } from './environmentCommands';
import type { EnvironmentManager } from './environmentStore';

const SETTINGS_SCHEME = 'gateway-settings';

/** `Staging EU` → `staging-eu`, for a file name. */
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'environment';

async function exportText(environments: EnvironmentManager, env: EnvironmentEntry): Promise<string> {
  const runtime = loadRuntime();
  await environments.ready(env.name);
  const current = await runtime.readSettings(await environments.client(env.name));
  const settings = Object.fromEntries(Object.entries(current).filter((entry): entry is [string, Readonly<Record<string, unknown>>] => entry[1] !== undefined));
  return runtime.settingsFileText({ environment: env.name, settings });
}

/** The typed-name question production asks before any write; true only for the exact name. */
async function productionConfirmed(env: EnvironmentEntry, changes: number): Promise<boolean> {
  const typed = await Promise.resolve(vscode.window.showInputBox({
    title: `Apply ${changes} settings change(s) to PRODUCTION "${env.name}"`,
    prompt: `Type ${env.name} to apply: settings changes in production take effect at once.`,
    placeHolder: env.name,
    ignoreFocusOut: true,
    validateInput: (value) => (value === env.name ? undefined : `Type ${env.name} exactly to apply`),
  })).catch(() => undefined);
  return typed === env.name;
}

export function registerSettingsCodeCommands(environments: EnvironmentManager, log: vscode.LogOutputChannel, register: RegisterCommand = registerCommand): vscode.Disposable {
  // The two sides of a comparison, by URI; read-only, gone when the window closes.
  const documents = new Map<string, string>();
  const changed = new vscode.EventEmitter<vscode.Uri>();
  const provider: vscode.TextDocumentContentProvider = { onDidChange: changed.event, provideTextDocumentContent: (uri) => documents.get(uri.toString()) ?? '' };
  const sideUri = (env: EnvironmentEntry) => vscode.Uri.from({ scheme: SETTINGS_SCHEME, path: `/${slug(env.name)}.gwsettings.json`, query: `environment=${encodeURIComponent(env.name)}` });

  return vscode.Disposable.from(
    changed,
    vscode.workspace.registerTextDocumentContentProvider(SETTINGS_SCHEME, provider),

    register(COMMANDS.exportSettings, async (target?: Target, given?: unknown) => {
      const env = await resolveTarget(environments, target, 'Export the settings of which environment?', () => true);
      if (!env) return undefined;
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const uri = typeof given === 'string' ? vscode.Uri.file(given) : await vscode.window.showSaveDialog({
        title: `Export the gateway settings of "${env.name}" (no keys)`,
        filters: { 'Gateway settings': ['gwsettings.json'] },
        ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, `${slug(env.name)}.gwsettings.json`) } : {}),
      });
      if (!uri) return undefined;
      const text = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Reading the settings of "${env.name}"…` }, () => exportText(environments, env));
      await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
      await vscode.window.showTextDocument(uri, { preview: false });
      void vscode.window.showInformationMessage(`Exported the settings of "${env.name}" to ${vscode.workspace.asRelativePath(uri)}. "Apply to…" in its title bar writes it to an environment; gateway-workbench settings plan does the same in CI.`);
      return uri.fsPath;
    }, log),

    register(COMMANDS.compareEnvironmentSettings, async (first?: Target, second?: Target) => {
      const left = await resolveTarget(environments, first, 'Compare the settings of… (1 of 2)', () => true);
      if (!left) return undefined;
      const right = await resolveTarget(environments, second, `Compare the settings of "${left.name}" with… (2 of 2)`, (e) => e.name !== left.name);
      if (!right) return undefined;
      const [leftText, rightText] = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Reading the settings of "${left.name}" and "${right.name}"…` },
        () => Promise.all([exportText(environments, left), exportText(environments, right)]),
      );
      const leftUri = sideUri(left);
      const rightUri = sideUri(right);
      documents.set(leftUri.toString(), leftText);
      documents.set(rightUri.toString(), rightText);
      changed.fire(leftUri);
      changed.fire(rightUri);
      await vscode.commands.executeCommand('vscode.diff', leftUri, rightUri, `Settings: ${left.name} ↔ ${right.name}`);
      return { left: left.name, right: right.name, same: leftText.replace(/"environment": ".*"/, '') === rightText.replace(/"environment": ".*"/, '') };
    }, log),

    register(COMMANDS.applySettingsTo, async (resource?: unknown, target?: Target, confirmed?: unknown) => {
      const uri = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
      if (!uri) throw new Error('Open a settings file (*.gwsettings.json) or a settings comparison first.');
      const document = await vscode.workspace.openTextDocument(uri);
      const runtime = loadRuntime();
      const file = runtime.parseSettingsFile(document.getText(), vscode.workspace.asRelativePath(uri));
      const from = uri.scheme === SETTINGS_SCHEME ? new URLSearchParams(uri.query).get('environment') : file.environment;
      const env = await resolveTarget(environments, target, `Apply ${from ? `the settings of "${from}"` : 'this settings file'} to which environment?`, (e) => e.name !== from);
      if (!env) return undefined;
      if (env.readOnly) throw new Error(`"${env.name}" is read-only: settings are never written to it. Turn read-only off first if you mean to.`);
      await environments.ready(env.name);
      const client = await environments.client(env.name);
      const plans = runtime.planSettings(await runtime.readSettings(client, Object.keys(file.settings)), file);
      const count = runtime.changeCount(plans);
      const planLines = runtime.planText(plans, env.name);
      log.info(`[${env.name}] settings plan:\n${planLines.join('\n')}`);
      if (count === 0) {
        void vscode.window.showInformationMessage(planLines[planLines.length - 1]);
        return { applied: [], failed: [] };
      }
      if (env.kind === 'production') {
        if (!(await productionConfirmed(env, count))) return undefined;
      } else if (confirmed !== true) {
        const choice = await Promise.resolve(vscode.window.showWarningMessage(`Apply ${count} settings change(s) to "${env.name}"?`, { modal: true, detail: planLines.join('\n') }, 'Apply')).catch(() => undefined);
        if (choice !== 'Apply') return undefined;
      }
      const outcomes = await runtime.applySettings(client, plans, file.settings);
      const applied = outcomes.filter((o) => o.status === 'applied').map((o) => o.group);
      const failed = outcomes.flatMap((o) => (o.status === 'failed' ? [`${o.group}: ${o.reason}`] : []));
      environments.notifyChanged();
      if (failed.length > 0) {
        void vscode.window.showErrorMessage(`Not every settings group was applied to "${env.name}": ${failed.join('; ')}${applied.length ? `. Applied: ${applied.join(', ')}.` : '.'}`);
      } else {
        void vscode.window.showInformationMessage(`Applied to "${env.name}" and read back: ${applied.join(', ')}.`);
      }
      return { applied, failed };
    }, log),
  );
}
